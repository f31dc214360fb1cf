// Helpers shared by the game modules: chess glyphs for pieces the API labels with one, and
// the editor's FEN-style ranks.
import { s } from '../dom.js';

// A piece drawn as its glyph (the API's label), white filled white with a dark outline;
// U+FE0E asks for the text form, not an emoji.
export function glyphPiece(piece) {
  return s('text', {
    x: 50, y: 50, class: `glyph ${piece.owner === 0 ? 'glyph-white' : 'glyph-black'}`,
    'text-anchor': 'middle', 'dominant-baseline': 'central',
  }, [`${piece.label}\uFE0E`]);
}

// ---- the editor's text (the play board needs none of this) ----------------------------

// "rN1" -> ['r', 'N', null] for a rank of `width` squares; digits are runs of empties.
export function expandRank(text, width, pieceChars, what) {
  const out = [];
  for (const ch of text) {
    if (/[1-9]/.test(ch)) for (let i = 0; i < Number(ch); i++) out.push(null);
    else if (pieceChars.includes(ch)) out.push(ch);
    else throw new Error(`bad character '${ch}' in ${what}`);
  }
  if (out.length !== width) throw new Error(`${what} has ${out.length} squares, not ${width}`);
  return out;
}

export function compressRank(cells) {
  let text = '';
  let run = 0;
  for (const c of cells) {
    if (c) {
      if (run) text += run;
      run = 0;
      text += c;
    } else run++;
  }
  return run ? text + run : text;
}

// Board cells as a map square -> letter, from ranks listed top row first.
export function boardFromRows(rows, squareAt) {
  const board = {};
  rows.forEach((cells, row) => cells.forEach((p, col) => { if (p) board[squareAt(col, row)] = p; }));
  return board;
}

export function rowsFromBoard(board, cols, rows, squareAt) {
  const out = [];
  for (let row = 0; row < rows; row++) {
    const cells = [];
    for (let col = 0; col < cols; col++) cells.push(board[squareAt(col, row)] || null);
    out.push(cells);
  }
  return out;
}
