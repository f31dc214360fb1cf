// Dobutsu Shogi: how the page styles it (tiles with a dot toward every square the piece
// steps to, as on the real pieces; Gote's turned round) and the editor's text
// "BOARD SIDE HANDS". The board (rank 1, Gote's home, at the top) and the hands come from
// the API.
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abc';
const squareAt = (col, row) => FILES[col] + (row + 1);
const LETTERS = { lion: 'L', elephant: 'E', giraffe: 'G', chick: 'C', hen: 'H' };
// Steps as (dx, dy) on screen for a Sente piece (up is -y).
const STEPS = {
  lion: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]],
  elephant: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  giraffe: [[0, -1], [-1, 0], [1, 0], [0, 1]],
  chick: [[0, -1]],
  hen: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [0, 1]],
};
const HAND_ORDER = 'EGC';

function drawPiece(p) {
  const sente = p.owner === 0;
  const dots = (STEPS[p.kind] || []).map(([dx, dy]) => s('circle', { cx: 50 + dx * 33, cy: 50 + dy * 33, r: 5, class: 'ds-dot' }));
  return s('g', { class: `ds-piece ds-${p.kind} ${sente ? 'ds-sente' : 'ds-gote'}`, transform: sente ? '' : 'rotate(180 50 50)' }, [
    s('rect', { x: 8, y: 8, width: 84, height: 84, rx: 12, class: 'ds-tile' }),
    ...dots,
    s('text', { x: 50, y: 52, class: 'ds-letter', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [p.label]),
  ]);
}

export default {
  title: 'Dobutsu Shogi',
  drawPiece,
  handVerb: 'drop',
  emptyHand: 'nothing in hand',

  editor: {
    pieces: Object.fromEntries(Object.entries(LETTERS).flatMap(([kind, k]) => [
      [k, { kind, owner: 0, label: k }], [k.toLowerCase(), { kind, owner: 1, label: k }]])),
    parse(text) {
      const f = text.trim().split(' ');
      if (f.length !== 3) throw new Error('expected BOARD SIDE HANDS');
      const ranks = f[0].split('/');
      if (ranks.length !== 4) throw new Error('expected 4 ranks');
      const rows = ranks.map((r, i) => expandRank(r, 3, 'LEGCHlegch', `rank ${i + 1}`));
      if (f[1] !== 's' && f[1] !== 'g') throw new Error("the side to move is 's' or 'g'");
      if (f[2] !== '-' && !/^[EGCegc]+$/.test(f[2])) throw new Error('hands hold only E, G and C (or e, g and c)');
      return { board: boardFromRows(rows, squareAt), side: f[1], hands: f[2] === '-' ? '' : f[2] };
    },
    format(st) {
      const rows = rowsFromBoard(st.board, 3, 4, squareAt).map(compressRank).join('/');
      const sorted = [...(st.hands || '')].sort((a, b) => {
        const side = (c) => (c === c.toUpperCase() ? 0 : 1);
        return side(a) - side(b) || HAND_ORDER.indexOf(a.toUpperCase()) - HAND_ORDER.indexOf(b.toUpperCase());
      }).join('');
      return `${rows} ${st.side} ${sorted || '-'}`;
    },
    presets: () => [
      { name: 'Start', position: 'gle/1c1/1C1/ELG s -' },
      { name: 'After the chick exchange', position: 'gl1/1e1/3/ELG s Cc' },
      { name: 'A try', position: '2l/L2/3/3 s EEGGCC' },
    ],
    fields: (st) => [
      { id: 'side', label: 'Side to move', type: 'select', value: st.side, options: [['s', 'Sente'], ['g', 'Gote']] },
      { id: 'hands', label: 'Pieces in hand', type: 'text', value: st.hands || '-', size: 8,
        help: "Sente's in upper case, Gote's in lower case, like EGc; - for none" },
    ],
    apply(st, id, value) {
      if (id === 'hands') st.hands = value.trim() === '-' ? '' : value.trim();
      else st[id] = value;
    },
  },
};
