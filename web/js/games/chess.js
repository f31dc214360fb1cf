// Chess endgames: how the page styles them (glyph pieces, the moving piece before a move's
// text, the board seen from the human's side) and the editor's FEN text.
import { expandRank, compressRank, glyphPiece, boardFromRows, rowsFromBoard } from './common.js';

const FILES = 'abcdefgh';
const squareAt = (col, row) => FILES[col] + (8 - row);
const KINDS = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
const GLYPHS = { K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F' };
const PIECES = Object.fromEntries(Object.keys(KINDS).flatMap((k) => [
  [k, { kind: KINDS[k], owner: 0, label: GLYPHS[k] }], [k.toLowerCase(), { kind: KINDS[k], owner: 1, label: GLYPHS[k] }]]));

export default {
  title: 'Chess (endgames)',
  defaultPosition: '8/8/8/8/2r5/8/2k5/K6Q w - - 0 1',
  drawPiece: glyphPiece,
  flipForSecondPlayer: true,

  // Figurine SAN: the piece's glyph in place of its letter (Nf3 as ♘f3); pawn moves and
  // castling as SAN. Without a name (an older server), the glyph and the UCI move.
  moveLabel(move, board) {
    const sq = move.from && board && board.squares.find((q) => q.name === move.from);
    const piece = sq && sq.piece;
    const name = move.name || move.move;
    if (!piece || piece.kind === 'pawn' || name.startsWith('O-O')) return name;
    return `${piece.label}\u2009${move.name ? name.slice(1) : name}`;
  },

  editor: {
    pieces: PIECES,
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
