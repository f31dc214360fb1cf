// Quixo: how the page styles it (cubes marked X and O; a blank cube is an empty square,
// picked like a piece when pushes start there) and the editor's text "BOARD SIDE" on the
// board of the rule `size` (3 to 5 ranks, digits for runs of blank cubes).
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcde';
let n = 5; // the side of the board the editor last parsed
const squareAt = (col, row) => FILES[col] + (n - row);

function drawPiece(p) {
  const face = s('rect', { x: 8, y: 8, width: 84, height: 84, rx: 12, class: `qx-cube qx-${p.kind}` });
  const mark = p.kind === 'x'
    ? s('path', { d: 'M30 30 L70 70 M70 30 L30 70', class: 'qx-mark' })
    : s('circle', { cx: 50, cy: 50, r: 22, class: 'qx-mark' });
  return s('g', { class: `qx-piece qx-piece-${p.kind}` }, [face, mark]);
}

// The ring is shaded by the square's class (style.css), not drawn over.
const drawMark = (mark) => (mark === 'ring' ? s('g', { class: 'qx-ring' }) : null);

export default {
  title: 'Quixo',
  drawPiece,
  drawMark,

  editor: {
    pieces: { x: { kind: 'x', owner: 0, label: 'X' }, o: { kind: 'o', owner: 1, label: 'O' } },
    parse(text) {
      const f = text.trim().split(' ');
      const ranks = f[0].split('/');
      if (ranks.length < 3 || ranks.length > 5) throw new Error('expected 3 to 5 ranks');
      n = ranks.length;
      const rows = ranks.map((r, i) => expandRank(r, n, 'xo', `rank ${n - i}`));
      return { board: boardFromRows(rows, squareAt), side: f[1] };
    },
    format(st) {
      return `${rowsFromBoard(st.board, n, n, squareAt).map(compressRank).join('/')} ${st.side}`;
    },
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
