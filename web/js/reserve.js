// The hands beside the board (TateDrez: the pieces still to place; Dobutsu Shogi: the pieces
// captured). The side to move's pieces are buttons; choosing one shows where placing it wins,
// draws or loses.
import { h, clear } from './dom.js';

export function renderReserve(container, { game, state, side, selected, active, onPick }) {
  if (!game.reserve || !state) {
    container.hidden = true;
    return;
  }
  const hands = game.reserve(state);
  // Once everything is placed the hands are empty: the board gets the room.
  container.hidden = game.sides.every((who) => !hands[who].length);
  clear(container);
  for (const who of [...game.sides].reverse()) {
    const mine = who === side;
    const box = h('div', { class: `hand hand-${who}${mine ? ' to-move' : ''}`, id: `reserve-${{ w: 'white', b: 'black' }[who] || who}` }, [
      h('div', { class: 'hand-title small' }, [`${game.sideName(who)} in hand`]),
    ]);
    const row = h('div', { class: 'hand-pieces' });
    for (const p of hands[who]) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '0 0 100 100');
      svg.append(game.drawPiece(p));
      row.append(h('button', {
        class: `hand-piece${selected === p ? ' selected' : ''}`, 'data-reserve': p, disabled: !(mine && active),
        'aria-pressed': selected === p ? 'true' : 'false', 'aria-label': `${game.handVerb || 'place'} the ${game.pieceName(p)}`,
        onclick: () => onPick(p),
      }, [svg]));
    }
    if (!hands[who].length) row.append(h('span', { class: 'muted small' }, [game.emptyHand || 'all placed']));
    box.append(row);
    container.append(box);
  }
}
