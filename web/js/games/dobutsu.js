// Dobutsu Shogi: 3x4, "BOARD SIDE HANDS" (docs/rules/dobutsu.md), moves b3b2 and drops C*b2.
// Rank 1 (Gote's home) is drawn at the top; Sente (upper case) plays up the board. Pieces
// are tiles with a dot toward every square they step to, as on the real pieces; Gote's are
// turned round.
import { s } from '../dom.js';
import { expandRank, compressRank, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abc';
const squareAt = (col, row) => FILES[col] + (row + 1);
const coords = (sq) => ({ col: FILES.indexOf(sq[0]), row: Number(sq.slice(1)) - 1 });
const KINDS = { L: 'lion', E: 'elephant', G: 'giraffe', C: 'chick', H: 'hen' };
// Steps as (dx, dy) on screen for a Sente piece (up is -y).
const STEPS = {
  L: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]],
  E: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  G: [[0, -1], [-1, 0], [1, 0], [0, 1]],
  C: [[0, -1]],
  H: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [0, 1]],
};
const HAND_ORDER = 'EGC';

function drawPiece(p) {
  const k = p.toUpperCase();
  const sente = p === k;
  const dots = STEPS[k].map(([dx, dy]) => s('circle', { cx: 50 + dx * 33, cy: 50 + dy * 33, r: 5, class: 'ds-dot' }));
  return s('g', { class: `ds-piece ds-${KINDS[k]} ${sente ? 'ds-sente' : 'ds-gote'}`, transform: sente ? '' : 'rotate(180 50 50)' }, [
    s('rect', { x: 8, y: 8, width: 84, height: 84, rx: 12, class: 'ds-tile' }),
    ...dots,
    s('text', { x: 50, y: 52, class: 'ds-letter', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [k]),
  ]);
}

export default {
  id: 'dobutsu',
  title: 'Dobutsu Shogi',
  cols: 3,
  rows: 4,
  sides: ['s', 'g'],
  squareAt,
  coords,
  checkered: false,
  defaultPosition: 'start',
  sideName: (side) => (side === 's' ? 'Sente' : 'Gote'),
  pieceSide: (p) => (p === p.toUpperCase() ? 's' : 'g'),
  drawPiece,
  pieceName: (p) => `${p === p.toUpperCase() ? 'Sente' : 'Gote'} ${KINDS[p.toUpperCase()]}`,
  handVerb: 'drop',
  emptyHand: 'nothing in hand',

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

  // The pieces in each hand, one button per kind (two of a kind drop the same way).
  reserve(st) {
    const hands = st.hands || '';
    const kinds = (upper) => HAND_ORDER.split('').map((k) => (upper ? k : k.toLowerCase())).filter((k) => hands.includes(k));
    return { s: kinds(true), g: kinds(false) };
  },

  // 'C*b2' -> {drop: 'C', to: 'b2'}; 'b3b2' -> {from, to}
  moveSquares(move) {
    let m = /^([EGC])\*([a-c][1-4])$/.exec(move);
    if (m) return { drop: m[1], to: m[2] };
    m = /^([a-c][1-4])([a-c][1-4])$/.exec(move);
    return m ? { from: m[1], to: m[2] } : null;
  },

  moveLabel: (move) => move,

  editor: {
    palette: ['L', 'E', 'G', 'C', 'H', 'l', 'e', 'g', 'c', 'h'],
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
