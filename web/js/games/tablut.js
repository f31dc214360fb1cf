// Tablut (Ashton rules): 9x9, rows 1-9 drawn top to bottom as on the Bologna server,
// "ROWS w|b" with K W B, moves e3-f3. The board draws the throne, the four camps and the
// escape squares, which every rule of the game refers to.
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcdefghi';
const squareAt = (col, row) => FILES[col] + (row + 1);
const coords = (sq) => ({ col: FILES.indexOf(sq[0].toLowerCase()), row: Number(sq.slice(1)) - 1 });

export const CAMPS = new Set(['a4', 'a5', 'a6', 'b5', 'd1', 'e1', 'f1', 'e2', 'i4', 'i5', 'i6', 'h5', 'd9', 'e9', 'f9', 'e8']);
export const THRONE = 'e5';
export const ESCAPES = new Set();
for (let c = 0; c < 9; c++) {
  for (const r of [0, 8]) {
    for (const sq of [squareAt(c, r), squareAt(r, c)]) if (!CAMPS.has(sq)) ESCAPES.add(sq);
  }
}

function drawPiece(p) {
  if (p === 'K') {
    return s('g', { class: 'tb-piece tb-king' }, [
      s('circle', { cx: 50, cy: 50, r: 38, class: 'tb-king-body' }),
      s('path', { d: 'M30 62 L30 38 L40 50 L50 32 L60 50 L70 38 L70 62 Z', class: 'tb-king-crown' }),
    ]);
  }
  const white = p === 'W';
  return s('g', { class: `tb-piece ${white ? 'tb-white' : 'tb-black'}` }, [
    s('circle', { cx: 50, cy: 50, r: 33, class: 'tb-body' }),
    s('circle', { cx: 50, cy: 50, r: 22, class: 'tb-ring' }),
  ]);
}

export default {
  id: 'tablut',
  title: 'Tablut',
  cols: 9,
  rows: 9,
  sides: ['w', 'b'],
  squareAt,
  coords,
  checkered: false,
  defaultPosition: '9/9/9/3W5/2BBK4/9/9/9/9 w',
  sideName: (side) => (side === 'w' ? 'White' : 'Black'),
  pieceSide: (p) => (p === 'B' ? 'b' : 'w'),
  drawPiece,
  pieceName: (p) => ({ K: 'king', W: 'white pawn', B: 'black pawn' })[p],

  parse(text) {
    const t = text.trim();
    const m = /^(\S+)\s+([wWbB])$/.exec(t);
    if (!m) throw new Error('expected the rows and the side to move');
    const ranks = m[1].split('/');
    if (ranks.length !== 9) throw new Error('expected 9 rows');
    const rows = ranks.map((r, i) => expandRank(r, 9, 'KWB', `row ${i + 1}`));
    return { board: boardFromRows(rows, squareAt), side: m[2].toLowerCase() };
  },

  format(st) {
    return `${rowsFromBoard(st.board, 9, 9, squareAt).map(compressRank).join('/')} ${st.side}`;
  },

  moveSquares(move) {
    const m = /^([a-i][1-9])-?([a-i][1-9])$/i.exec(move);
    return m ? { from: m[1].toLowerCase(), to: m[2].toLowerCase() } : null;
  },

  moveLabel: (move) => move,

  // Under the pieces: what kind of square each is.
  squareClass(sq) {
    if (sq === THRONE) return 'throne';
    if (CAMPS.has(sq)) return 'camp';
    if (ESCAPES.has(sq)) return 'escape';
    return '';
  },

  legend: [['camp', 'camp'], ['throne', 'throne (e5)'], ['escape', 'escape square']],

  // TablutTactics draws the lines a selected piece can slide along.
  slides: true,

  editor: {
    palette: ['K', 'W', 'B'],
    presets: (start) => [
      { name: 'Start', position: start },
      { name: 'Lone king', position: '9/9/9/9/4K4/9/9/9/9 w' },
      { name: 'K1W2B example', position: '9/9/9/3W5/2BBK4/9/9/9/9 w' },
    ],
    fields: (st) => [
      { id: 'side', label: 'Side to move', type: 'select', value: st.side, options: [['w', 'White'], ['b', 'Black']] },
    ],
    apply(st, id, value) {
      st[id] = value;
    },
  },
};
