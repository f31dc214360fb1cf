// The line being looked at: a first position, the moves played from it with the position
// each one reached, and a cursor (the ply shown). Moves past the cursor are kept for redo
// until a different move is played there.
import { h, clear } from './dom.js';
import { badge } from './values.js';
import { labelParts } from './movelist.js';

export class History {
  constructor(root) {
    this.root = root;
    this.steps = []; // {move, position, name}: the move's id, where it led, its name (chess: SAN)
    this.cursor = 0;
  }

  get length() {
    return this.steps.length;
  }

  positionAt(ply) {
    return ply === 0 ? this.root : this.steps[ply - 1].position;
  }

  current() {
    return this.positionAt(this.cursor);
  }

  lastMove() {
    return this.cursor > 0 ? this.steps[this.cursor - 1].move : null;
  }

  // Plays a move at the cursor: the next stored move is kept (redo), another replaces
  // the rest of the line. `name` is what the ply list shows (the id when the API gave none).
  play(move, position, name) {
    const next = this.steps[this.cursor];
    if (!(next && next.move === move && next.position === position)) {
      this.steps = this.steps.slice(0, this.cursor);
      this.steps.push({ move, position, name: name || move });
    }
    this.cursor++;
  }

  go(ply) {
    this.cursor = Math.max(0, Math.min(this.steps.length, ply));
  }

  moves(upTo = this.steps.length) {
    return this.steps.slice(0, upTo).map((st) => st.move);
  }
}

// The clickable ply list: numbered rows of one move per side, each move with the badge of
// its value for the player who made it (when the tables know it).
export function renderPlyList(ol, { history, game, firstSideIndex, moveValue, onJump }) {
  clear(ol);
  const start = h('li', { class: 'ply-row' }, [
    h('button', {
      class: `ply start${history.cursor === 0 ? ' current' : ''}`, 'data-ply': 0,
      'aria-label': 'first position', onclick: () => onJump(0),
    }, ['start']),
  ]);
  ol.append(start);
  let row = null;
  history.steps.forEach((step, i) => {
    const sideIndex = (firstSideIndex + i) % 2;
    if (!row || sideIndex === 0) {
      row = h('li', { class: 'ply-row' }, [h('span', { class: 'ply-num' }, [`${Math.floor((firstSideIndex + i) / 2) + 1}.`])]);
      if (sideIndex === 1) row.append(h('span', { class: 'ply-gap' }, ['…']));
      ol.append(row);
    }
    const v = moveValue(i);
    row.append(h('button', {
      class: `ply${history.cursor === i + 1 ? ' current' : ''}`, 'data-ply': i + 1, 'data-move': step.move,
      'data-name': step.name, 'data-value': v ? v.value : 'unknown', 'aria-label': `ply ${i + 1}: ${step.name}`,
      'aria-current': history.cursor === i + 1 ? 'step' : null, onclick: () => onJump(i + 1),
    }, [
      h('span', { class: 'ply-move' }, labelParts(step.name)),
      v ? h('span', { class: `badge v-${v.value}` }, [badge(v.value, v.remoteness)]) : null,
    ]));
  });
  const current = ol.querySelector('.current');
  if (current && current.scrollIntoView) current.scrollIntoView({ block: 'nearest' });
}
