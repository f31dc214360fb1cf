// TateDrez: 3x3, "BOARD SIDE [PLIES]", placements R@b2 and movements b2c3, pass.
import { expandRank, compressRank, glyphPiece, glyphName, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abc';
const squareAt = (col, row) => FILES[col] + (3 - row);
const KINDS = ['R', 'B', 'N'];

export default {
  id: 'tatedrez',
  title: 'TateDrez',
  cols: 3,
  rows: 3,
  sides: ['w', 'b'],
  squareAt,
  coords: (sq) => ({ col: FILES.indexOf(sq[0]), row: 3 - Number(sq.slice(1)) }),
  checkered: true,
  defaultPosition: 'start',
  sideName: (side) => (side === 'w' ? 'White' : 'Black'),
  pieceSide: (p) => (p === p.toUpperCase() ? 'w' : 'b'),
  drawPiece: glyphPiece,
  pieceName: glyphName,

  parse(text) {
    const f = text.trim().split(' ');
    const ranks = f[0].split('/');
    if (ranks.length !== 3) throw new Error('expected 3 ranks');
    const rows = ranks.map((r, i) => expandRank(r, 3, 'RBNrbn', `rank ${3 - i}`));
    return { board: boardFromRows(rows, squareAt), side: f[1], plies: f[2] !== undefined ? Number(f[2]) : null };
  },

  format(st) {
    const rows = rowsFromBoard(st.board, 3, 3, squareAt).map(compressRank).join('/');
    return `${rows} ${st.side}${st.plies !== null && st.plies !== undefined && st.plies !== '' ? ` ${st.plies}` : ''}`;
  },

  // Pieces still to be placed, by side: the placement phase's "hands".
  reserve(st) {
    const on = new Set(Object.values(st.board));
    return {
      w: KINDS.filter((k) => !on.has(k)),
      b: KINDS.map((k) => k.toLowerCase()).filter((k) => !on.has(k)),
    };
  },

  // 'N@b2' -> {drop: 'N', to: 'b2'}; 'b2c3' -> {from, to}; 'pass' -> null
  moveSquares(move) {
    let m = /^([RBNrbn])@([a-c][1-3])$/.exec(move);
    if (m) return { drop: m[1].toUpperCase(), to: m[2] };
    m = /^([a-c][1-3])([a-c][1-3])$/.exec(move);
    return m ? { from: m[1], to: m[2] } : null;
  },

  moveLabel: (move) => move,

  editor: {
    palette: ['R', 'B', 'N', 'r', 'b', 'n'],
    presets: () => [
      { name: 'Start (empty board)', position: '3/3/3 w' },
      { name: 'Movement example', position: 'rN1/1R1/nbB w 4' },
      { name: 'Pass matters', position: '3/nNb/RBr w' },
    ],
    fields: (st) => [
      { id: 'side', label: 'Side to move', type: 'select', value: st.side, options: [['w', 'White'], ['b', 'Black']] },
      { id: 'plies', label: 'Movement plies played', type: 'number', value: st.plies ?? '', min: 0,
        help: 'only in the movement phase; empty = the default' },
    ],
    apply(st, id, value) {
      if (id === 'plies') st.plies = value === '' ? null : Number(value);
      else st[id] = value;
    },
  },
};
