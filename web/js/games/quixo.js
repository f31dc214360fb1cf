// Quixo: n x n cubes (rule size = 3, 4 or 5; the board follows the ranks of the position
// shown), "BOARD SIDE" with digits for runs of blank cubes, pushes "a1e1": the cube taken
// and the end of its row or column where it goes back in. Every square holds a cube: the
// squares themselves are drawn as blank cubes and the marked ones as pieces over them. A
// blank cube is picked like a piece (input.js lets an empty square be picked when moves
// start there): pick a ring cube, then the end to push it in at.
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcde';
let n = 5; // the side of the board last parsed
const PUSH = /^([a-e][1-5])([a-e][1-5])$/;

const squareAt = (col, row) => FILES[col] + (n - row);
const coords = (sq) => ({ col: FILES.indexOf(sq[0]), row: n - Number(sq.slice(1)) });
const onRing = (sq) => {
  const { col, row } = coords(sq);
  return col === 0 || row === 0 || col === n - 1 || row === n - 1;
};

function drawPiece(p) {
  const face = s('rect', { x: 8, y: 8, width: 84, height: 84, rx: 12, class: `qx-cube qx-${p}` });
  const mark = p === 'x'
    ? s('path', { d: 'M30 30 L70 70 M70 30 L30 70', class: 'qx-mark' })
    : s('circle', { cx: 50, cy: 50, r: 22, class: 'qx-mark' });
  return s('g', { class: `qx-piece qx-piece-${p}` }, [face, mark]);
}

export default {
  id: 'quixo',
  title: 'Quixo',
  get cols() { return n; },
  get rows() { return n; },
  sides: ['x', 'o'],
  squareAt,
  coords,
  checkered: false,
  defaultPosition: 'start',
  sideName: (side) => (side === 'x' ? 'X' : 'O'),
  pieceSide: (p) => p,
  drawPiece,
  pieceName: (p) => `${p.toUpperCase()} cube`,
  // The outer ring, where cubes are taken and pushed in, is shaded.
  squareClass: (sq) => (onRing(sq) ? 'qx-ring' : 'qx-inner'),

  parse(text) {
    const f = text.trim().split(' ');
    const ranks = f[0].split('/');
    if (ranks.length < 3 || ranks.length > 5) throw new Error('expected 3 to 5 ranks');
    const size = ranks.length;
    const rows = ranks.map((r, i) => expandRank(r, size, 'xo', `rank ${size - i}`));
    n = size;
    return { board: boardFromRows(rows, squareAt), side: f[1] };
  },

  format(st) {
    return `${rowsFromBoard(st.board, n, n, squareAt).map(compressRank).join('/')} ${st.side}`;
  },

  moveSquares(move) {
    const m = PUSH.exec(move);
    return m ? { from: m[1], to: m[2] } : null;
  },

  moveLabel: (move) => move,

  legend: [['qx-ring', 'outer ring: take a blank or own cube, push it in at an end of its line']],

  editor: {
    palette: ['x', 'o'],
    presets: (start) => [
      { name: 'Start', position: start },
      { name: '4x4: X to move', position: 'x2o/1o2/2x1/o2x x' },
    ],
    fields: (st) => [
      { id: 'side', label: 'Side to move', type: 'select', value: st.side, options: [['x', 'X'], ['o', 'O']] },
    ],
    apply(st, id, value) {
      st[id] = value;
    },
  },
};
