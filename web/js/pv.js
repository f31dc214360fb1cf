// The principal variation (/api/line): best play from the current position, each move
// with its value for the player making it, the remoteness counting down to the end.
// Clicking a move plays the line up to it.
import { h, clear } from './dom.js';
import { badge, opposite } from './values.js';

export function renderPV(container, data, { game, onPick, refused }) {
  clear(container);
  if (!data || !data.line || !data.line.length) {
    // The server's reason when it has one (tables that keep values only have no line).
    const why = !data ? `No principal variation: ${refused || 'the tables give no value here.'}`
      : data.value === 'draw' ? 'A draw: best play never forces a result, so there is no line to show.'
        : 'No moves: the game is over.';
    container.append(h('p', { class: 'muted small', id: 'pv-empty' }, [why]));
    return;
  }
  data.line.forEach((step, k) => {
    // A step's value is for the side to move after it; the mover's is the opposite, one ply longer.
    const value = opposite(step.value);
    const remoteness = step.value === 'draw' ? null : step.remoteness + 1;
    container.append(h('button', {
      class: `pv-step v-${value}`, 'data-pv-index': k, 'data-move': step.move, 'data-value': value,
      'data-name': step.name || step.move, 'data-remoteness': remoteness ?? '',
      'aria-label': `play the line up to ${step.name || step.move}`,
      onclick: () => onPick(k),
    }, [
      h('span', { class: 'pv-num' }, [`${k + 1}`]),
      h('span', { class: 'move-text' }, [step.name || step.move]),
      h('span', { class: `badge v-${value}` }, [badge(value, remoteness)]),
    ]));
  });
  if (data.line.length && game) {
    const last = data.line[data.line.length - 1];
    container.append(h('span', { class: 'muted small pv-end' }, [last.value === 'draw' ? '… (draw)' : '(end)']));
  }
}
