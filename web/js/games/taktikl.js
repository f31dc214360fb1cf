// Tak Tikl: 4x4, "BOARD SIDE [X-LAST O-LAST [PLIES]]", steps a1a2. The position carries
// each player's last move (the no-return memory); the board draws both as arrows and
// marks the square the side to move may not step straight back to.
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcd';
const squareAt = (col, row) => FILES[col] + (4 - row);
const coords = (sq) => ({ col: FILES.indexOf(sq[0]), row: 4 - Number(sq.slice(1)) });
const STEP = /^([a-d][1-4])([a-d][1-4])$/;

function drawPiece(p) {
  if (p === 'x') {
    return s('g', { class: 'tk-piece tk-x' }, [
      s('circle', { cx: 50, cy: 50, r: 36, class: 'tk-x-body' }),
      s('path', { d: 'M35 35 L65 65 M65 35 L35 65', class: 'tk-x-mark' }),
    ]);
  }
  return s('g', { class: 'tk-piece tk-o' }, [
    s('circle', { cx: 50, cy: 50, r: 36, class: 'tk-o-body' }),
    s('circle', { cx: 50, cy: 50, r: 16, class: 'tk-o-mark' }),
  ]);
}

// An arrow between square centres, in board units (100 per square).
function arrow(from, to, cls, flip, cols, rows) {
  const a = center(coords(from), flip, cols, rows);
  const b = center(coords(to), flip, cols, rows);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const tip = { x: b.x - ux * 10, y: b.y - uy * 10 };
  const base = { x: tip.x - ux * 22, y: tip.y - uy * 22 };
  const head = `M${tip.x} ${tip.y} L${base.x - uy * 13} ${base.y + ux * 13} L${base.x + uy * 13} ${base.y - ux * 13} Z`;
  return s('g', { class: `arrow ${cls}` }, [
    s('line', { x1: a.x + ux * 14, y1: a.y + uy * 14, x2: base.x, y2: base.y }),
    s('path', { d: head }),
  ]);
}

function center({ col, row }, flip, cols, rows) {
  const c = flip ? cols - 1 - col : col;
  const r = flip ? rows - 1 - row : row;
  return { x: c * 100 + 50, y: r * 100 + 50 };
}

export default {
  id: 'taktikl',
  title: 'Tak Tikl',
  cols: 4,
  rows: 4,
  sides: ['x', 'o'],
  squareAt,
  coords,
  checkered: false,
  defaultPosition: 'start',
  sideName: (side) => (side === 'x' ? 'X' : 'O'),
  pieceSide: (p) => p,
  drawPiece,
  pieceName: (p) => `${p.toUpperCase()} piece`,

  parse(text) {
    const f = text.trim().split(' ');
    const ranks = f[0].split('/');
    if (ranks.length !== 4) throw new Error('expected 4 ranks');
    const rows = ranks.map((r, i) => expandRank(r, 4, 'xo', `rank ${4 - i}`));
    return {
      board: boardFromRows(rows, squareAt),
      side: f[1],
      xLast: f[2] || '-',
      oLast: f[3] || '-',
      plies: f[4] !== undefined ? Number(f[4]) : null,
    };
  },

  format(st) {
    const rows = rowsFromBoard(st.board, 4, 4, squareAt).map(compressRank).join('/');
    const plies = st.plies !== null && st.plies !== undefined && st.plies !== '' ? ` ${st.plies}` : '';
    return `${rows} ${st.side} ${st.xLast || '-'} ${st.oLast || '-'}${plies}`;
  },

  moveSquares(move) {
    const m = STEP.exec(move);
    return m ? { from: m[1], to: m[2] } : null;
  },

  moveLabel: (move) => move,

  legend: [['memory-x', "X's last move"], ['memory-o', "O's last move"], ['no-return', 'no way back (no-return rule)']],

  // Over the pieces: both memories as arrows; the mover's forbidden return square.
  overlay(st, { flip, rules }) {
    const g = s('g', { class: 'tk-memory' });
    for (const [who, last] of [['x', st.xLast], ['o', st.oLast]]) {
      const m = STEP.exec(last || '');
      if (!m) continue;
      g.append(arrow(m[1], m[2], `memory memory-${who}`, flip, 4, 4));
      const noReturn = (rules['no-return'] ?? 'on') === 'on';
      if (who === st.side && noReturn && !st.board[m[1]] && st.board[m[2]] === who) {
        const c = center(coords(m[1]), flip, 4, 4);
        g.append(s('g', { class: 'no-return', 'data-no-return': m[1] }, [
          s('title', {}, [`${who.toUpperCase()} may not step back from ${m[2]} to ${m[1]} (no-return rule)`]),
          s('circle', { cx: c.x, cy: c.y, r: 22 }),
          s('line', { x1: c.x - 15, y1: c.y + 15, x2: c.x + 15, y2: c.y - 15 }),
        ]));
      }
    }
    return g;
  },

  editor: {
    palette: ['x', 'o'],
    presets: () => [
      { name: 'Start', position: 'oxox/4/4/xoxo x - -' },
      { name: 'Memory decides', position: '4/oo2/xoo1/xx1x x c1d1 -' },
      { name: 'Forbidden return', position: '4/1o2/xo1o/xxox x a3a2 -' },
    ],
    fields: (st) => [
      { id: 'side', label: 'Side to move', type: 'select', value: st.side, options: [['x', 'X'], ['o', 'O']] },
      { id: 'xLast', label: "X's last move", type: 'text', value: st.xLast, size: 5, help: 'like a1a2, or -' },
      { id: 'oLast', label: "O's last move", type: 'text', value: st.oLast, size: 5, help: 'like b1b2, or -' },
      { id: 'plies', label: 'Plies played', type: 'number', value: st.plies ?? '', min: 0, help: 'empty = the default' },
    ],
    apply(st, id, value) {
      if (id === 'plies') st.plies = value === '' ? null : Number(value);
      else st[id] = value.trim() || '-';
    },
  },
};
