// Tablut: how the page styles it (pawns as discs, the king crowned, the throne crossed and
// the escapes dotted, slide lines for a picked-up piece) and the editor's text "ROWS w|b".
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcdefghi';
const squareAt = (col, row) => FILES[col] + (row + 1);

function drawPiece(p) {
  if (p.kind === 'king') {
    return s('g', { class: 'tb-piece tb-king' }, [
      s('circle', { cx: 50, cy: 50, r: 38, class: 'tb-king-body' }),
      s('path', { d: 'M30 62 L30 38 L40 50 L50 32 L60 50 L70 38 L70 62 Z', class: 'tb-king-crown' }),
    ]);
  }
  return s('g', { class: `tb-piece ${p.owner === 0 ? 'tb-white' : 'tb-black'}` }, [
    s('circle', { cx: 50, cy: 50, r: 33, class: 'tb-body' }),
    s('circle', { cx: 50, cy: 50, r: 22, class: 'tb-ring' }),
  ]);
}

// Under the pieces: the throne's cross and the escapes' dot; a camp is its colour alone.
function drawMark(mark) {
  if (mark === 'throne') return s('path', { d: 'M20 20 L80 80 M80 20 L20 80', class: 'throne-mark' });
  if (mark === 'escape') return s('circle', { cx: 50, cy: 50, r: 6, class: 'escape-dot' });
  if (mark === 'camp') return s('g');
  return null;
}

export default {
  title: 'Tablut',
  defaultPosition: '9/9/9/3W5/2BBK4/9/9/9/9 w',
  drawPiece,
  drawMark,
  slides: true,

  editor: {
    pieces: {
      K: { kind: 'king', owner: 0, label: '\u265A' }, W: { kind: 'pawn', owner: 0, label: '' },
      B: { kind: 'pawn', owner: 1, label: '' },
    },
    keepMarks: true,  // the camps, throne and escapes belong to the board, not the position
    parse(text) {
      const m = /^(\S+)\s+([wWbB])$/.exec(text.trim());
      if (!m) throw new Error('expected the rows and the side to move');
      const ranks = m[1].split('/');
      if (ranks.length !== 9) throw new Error('expected 9 rows');
      const rows = ranks.map((r, i) => expandRank(r, 9, 'KWB', `row ${i + 1}`));
      return { board: boardFromRows(rows, squareAt), side: m[2].toLowerCase() };
    },
    format(st) {
      return `${rowsFromBoard(st.board, 9, 9, squareAt).map(compressRank).join('/')} ${st.side}`;
    },
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
