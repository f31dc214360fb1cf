// TateDrez: how the page styles it (chess glyphs) and the editor's text
// "BOARD SIDE [PLIES]".
import { expandRank, compressRank, glyphPiece, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abc';
const squareAt = (col, row) => FILES[col] + (3 - row);
const PIECES = {
  R: { kind: 'rook', owner: 0, label: '\u265C' }, B: { kind: 'bishop', owner: 0, label: '\u265D' },
  N: { kind: 'knight', owner: 0, label: '\u265E' }, r: { kind: 'rook', owner: 1, label: '\u265C' },
  b: { kind: 'bishop', owner: 1, label: '\u265D' }, n: { kind: 'knight', owner: 1, label: '\u265E' },
};

export default {
  title: 'TateDrez',
  drawPiece: glyphPiece,
  handTitle: 'in hand',
  emptyHand: 'all placed',
  handVerb: 'place',

  editor: {
    pieces: PIECES,
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
