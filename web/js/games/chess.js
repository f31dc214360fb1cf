// Chess endgames: FEN positions, UCI moves (e2e4, e7e8q), glyph pieces.
import { expandRank, compressRank, glyphPiece, glyphName, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcdefgh';
const squareAt = (col, row) => FILES[col] + (8 - row);

export default {
  id: 'chess',
  title: 'Chess (endgames)',
  cols: 8,
  rows: 8,
  sides: ['w', 'b'],
  squareAt,
  coords: (sq) => ({ col: FILES.indexOf(sq[0]), row: 8 - Number(sq.slice(1)) }),
  checkered: true,
  defaultPosition: '8/8/8/8/2r5/8/2k5/K6Q w - - 0 1',
  sideName: (side) => (side === 'w' ? 'White' : 'Black'),
  pieceSide: (p) => (p === p.toUpperCase() ? 'w' : 'b'),
  drawPiece: glyphPiece,
  pieceName: glyphName,

  parse(text) {
    const f = text.trim().split(/\s+/);
    if (f.length !== 6 && f.length !== 4) throw new Error('expected 6 FEN fields');
    const ranks = f[0].split('/');
    if (ranks.length !== 8) throw new Error('expected 8 ranks');
    const rows = ranks.map((r, i) => expandRank(r, 8, 'KQRBNPkqrbnp', `rank ${8 - i}`));
    return {
      board: boardFromRows(rows, squareAt),
      side: f[1],
      castling: f[2],
      ep: f[3],
      half: f.length === 6 ? Number(f[4]) : 0,
      full: f.length === 6 ? Number(f[5]) : 1,
    };
  },

  format(st) {
    const rows = rowsFromBoard(st.board, 8, 8, squareAt).map(compressRank).join('/');
    return `${rows} ${st.side} ${st.castling || '-'} ${st.ep || '-'} ${st.half ?? 0} ${st.full ?? 1}`;
  },

  // 'e7e8q' -> {from: 'e7', to: 'e8', promo: 'q'}
  moveSquares(move) {
    const m = /^([a-h][1-8])([a-h][1-8])([qrbn]?)$/.exec(move);
    return m ? { from: m[1], to: m[2], promo: m[3] || null } : null;
  },

  // A piece glyph before the UCI text, for a readable move list.
  moveLabel(move, st) {
    const sq = this.moveSquares(move);
    const piece = sq && st && st.board[sq.from];
    return piece && piece.toUpperCase() !== 'P' ? pieceLetter(piece) + move : move;
  },

  editor: {
    palette: ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p'],
    presets: (start) => [
      { name: 'Start', position: start },
      { name: 'Kings only', position: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' },
      { name: 'Empty board', position: '8/8/8/8/8/8/8/8 w - - 0 1' },
      { name: 'KQ v KR', position: '8/8/8/8/2r5/8/2k5/K6Q w - - 0 1' },
    ],
    fields: (st) => [
      { id: 'side', label: 'Side to move', type: 'select', value: st.side, options: [['w', 'White'], ['b', 'Black']] },
      { id: 'castle-K', label: 'White O-O', type: 'check', value: st.castling.includes('K') },
      { id: 'castle-Q', label: 'White O-O-O', type: 'check', value: st.castling.includes('Q') },
      { id: 'castle-k', label: 'Black O-O', type: 'check', value: st.castling.includes('k') },
      { id: 'castle-q', label: 'Black O-O-O', type: 'check', value: st.castling.includes('q') },
      { id: 'ep', label: 'En passant', type: 'text', value: st.ep, size: 3 },
      { id: 'half', label: 'Halfmove clock', type: 'number', value: st.half, min: 0 },
      { id: 'full', label: 'Move number', type: 'number', value: st.full, min: 1 },
    ],
    apply(st, id, value) {
      if (id.startsWith('castle-')) {
        const set = new Set(st.castling === '-' ? [] : st.castling.split(''));
        if (value) set.add(id.slice(7)); else set.delete(id.slice(7));
        st.castling = 'KQkq'.split('').filter((c) => set.has(c)).join('') || '-';
      } else if (id === 'half' || id === 'full') st[id] = value === '' ? 0 : Number(value);
      else st[id] = value || (id === 'ep' ? '-' : value);
    },
  },
};

function pieceLetter(piece) {
  return { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' }[piece.toUpperCase()] + '\u2009';
}
