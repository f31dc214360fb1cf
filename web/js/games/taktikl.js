// Tak Tikl: how the page styles it (X and O pieces, the forbidden way back crossed out; the
// memories' arrows come from the API) and the editor's text "BOARD SIDE [X-LAST O-LAST
// [PLIES]]", with 4 ranks, or 5 on the 4x5 board (rule board=4x5; the text says which).
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcd';
const squareAt = (ranks) => (col, row) => FILES[col] + (ranks - row);

function drawPiece(p) {
  if (p.kind === 'x') {
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

function drawMark(mark) {
  if (mark !== 'no-return') return null;
  return s('g', { class: 'no-return' }, [
    s('title', {}, ['the piece that just arrived may not step straight back here (no-return rule)']),
    s('circle', { cx: 50, cy: 50, r: 22 }),
    s('line', { x1: 35, y1: 65, x2: 65, y2: 35 }),
  ]);
}

export default {
  title: 'Tak Tikl',
  drawPiece,
  drawMark,

  editor: {
    pieces: { x: { kind: 'x', owner: 0, label: 'X' }, o: { kind: 'o', owner: 1, label: 'O' } },
    parse(text) {
      const f = text.trim().split(' ');
      const ranks = f[0].split('/');
      if (ranks.length !== 4 && ranks.length !== 5) throw new Error('expected 4 ranks (or 5 on the 4x5 board)');
      const rows = ranks.map((r, i) => expandRank(r, 4, 'xo', `rank ${ranks.length - i}`));
      return {
        ranks: ranks.length,
        board: boardFromRows(rows, squareAt(ranks.length)),
        side: f[1],
        xLast: f[2] || '-',
        oLast: f[3] || '-',
        plies: f[4] !== undefined ? Number(f[4]) : null,
      };
    },
    format(st) {
      const ranks = st.ranks || 4;
      const rows = rowsFromBoard(st.board, 4, ranks, squareAt(ranks)).map(compressRank).join('/');
      const plies = st.plies !== null && st.plies !== undefined && st.plies !== '' ? ` ${st.plies}` : '';
      return `${rows} ${st.side} ${st.xLast || '-'} ${st.oLast || '-'}${plies}`;
    },
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
