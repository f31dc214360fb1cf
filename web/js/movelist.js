// Every legal move, grouped win / draw / loss for the mover and best first within each
// group (fastest win, slowest loss), each with its colour, badge and words; the only move
// that keeps the position's value is flagged. Clicking a move plays it.
import { h, clear } from './dom.js';
import { badge, moveValueText, onlyMoves, compareOutcomes } from './values.js';

const GROUPS = [
  ['win', 'Winning moves'],
  ['draw', 'Drawing moves'],
  ['loss', 'Losing moves'],
];

// A chess label starts with the moving piece's glyph, drawn larger than the text.
export function labelParts(label) {
  const m = /^([\u2654-\u265F])\u2009?(.*)$/.exec(label);
  return m ? [h('span', { class: 'move-piece', 'aria-hidden': 'true' }, [m[1]]), m[2]] : [label];
}

// The legal move whose id is `text`, as the board lists it (squares, name).
function viewOf(moves, text) {
  return (moves && moves.find((mv) => mv.move === text)) || null;
}

// A move's text, with what the game's styling adds (chess: the moving piece's glyph): its
// name (chess: SAN) where the API gives one, else its id.
function label(game, board, moves, text) {
  const view = viewOf(moves, text);
  if (game.moveLabel && view) return game.moveLabel(view, board);
  return (view && view.name) || text;
}

function moveButton(game, board, moves, m, only, onPlay, onHover) {
  const view = viewOf(moves, m.move);
  const name = m.name || (view && view.name) || m.move;
  return h('button', {
    class: `move v-${m.value || 'unknown'}`, 'data-move': m.move, 'data-name': name, 'data-value': m.value || 'unknown',
    'data-remoteness': m.remoteness ?? '', 'data-only': only ? 'true' : null,
    'aria-label': `${name}: ${moveValueText(m.value, m.remoteness)}${only ? ', the only move' : ''}`,
    onclick: () => onPlay(m.move),
    onmouseenter: () => onHover(m.move),
    onmouseleave: () => onHover(null),
    onfocus: () => onHover(m.move),
    onblur: () => onHover(null),
  }, [
    h('span', { class: 'move-text' }, labelParts(label(game, board, moves, m.move))),
    only ? h('span', { class: 'only-move', title: 'the only move that keeps the value' }, ['only move']) : null,
    h('span', { class: 'move-words' }, [moveValueText(m.value, m.remoteness)]),
    h('span', { class: `badge v-${m.value || 'unknown'}` }, [badge(m.value, m.remoteness)]),
  ]);
}

export function renderMoveList(container, { game, board, moves, query, legal, over, onPlay, onHover }) {
  clear(container);
  if (over) {
    container.append(h('p', { class: 'muted' }, ['The game is over: no moves.']));
    return;
  }
  if (!query) {
    // Outside the tables the legal moves still play; their values are unknown.
    if (!legal || !legal.length) return;
    container.append(h('h3', { class: 'group-title v-unknown' }, [`Legal moves (${legal.length}), values unknown`]));
    const list = h('div', { class: 'group-moves' });
    for (const mv of legal) list.append(moveButton(game, board, moves, { move: mv, value: null, remoteness: null }, false, onPlay, onHover));
    container.append(list);
    return;
  }
  const only = onlyMoves(query.value, query.moves);
  for (const [value, title] of GROUPS) {
    const valued = query.moves.filter((m) => m.value === value).sort(compareOutcomes);
    if (!valued.length) continue;
    const group = h('section', { class: 'group', 'data-group': value }, [
      h('h3', { class: `group-title v-${value}` }, [h('span', { class: 'swatch' }), `${title} (${valued.length})`]),
    ]);
    const list = h('div', { class: 'group-moves' });
    for (const m of valued) list.append(moveButton(game, board, moves, m, only.has(m.move), onPlay, onHover));
    group.append(list);
    container.append(group);
  }
}
