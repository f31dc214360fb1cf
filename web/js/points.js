// A board of points (Morris): the API's board lists `lines` between square centres, and the
// page draws those lines on a plain ground with a dot at each end, where the stones stand,
// instead of a grid of squares. The squares stay as clear areas to click, so moves are
// pressed and dragged as on any board. What is a point comes from the lines alone: the page
// knows no game here.
import { s } from './dom.js';

// Whether the board is drawn as points and lines.
export function isPointsBoard(board) {
  return Array.isArray(board.lines) && board.lines.length > 0;
}

// The ground, the clickable areas, the lines and the points. where(name) gives a square's
// display cell {c, r} or null for a name that is no square of the board (a line naming one
// is left out rather than drawn to the corner); U is one cell in board units.
export function drawPointsBoard(board, W, H, U, where) {
  const g = s('g', { class: 'squares points-board' });
  // The ground inside the drawing's room, so that its edge shows on every side.
  g.append(s('rect', { x: 4, y: 4, width: W - 8, height: H - 8, rx: 6, class: 'points-ground' }));
  for (const sq of board.squares) {
    const at = where(sq.name);
    if (!at) continue;
    g.append(s('rect', {
      x: at.c * U, y: at.r * U, width: U, height: U,
      class: `square point-area ${sq.marks.map((m) => `mark-${m}`).join(' ')}`,
      'data-square': sq.name, 'aria-label': sq.name,
    }));
  }
  const centre = (at) => ({ x: at.c * U + U / 2, y: at.r * U + U / 2 });
  const points = new Map();
  for (const line of board.lines) {
    const a = where(line.from);
    const b = where(line.to);
    if (!a || !b) continue;
    const p = centre(a);
    const q = centre(b);
    g.append(s('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'board-line', 'data-line': `${line.from}-${line.to}` }));
    points.set(line.from, p);
    points.set(line.to, q);
  }
  for (const [name, p] of points) g.append(s('circle', { cx: p.x, cy: p.y, r: 9, class: 'board-point', 'data-point': name }));
  return g;
}

// A highlight on one cell (last move, selection, heat, ring round a destination): a square
// inset by `inset` (its corners rounded by `round`) on a board of squares, a disc of the
// same reach round a point.
export function cellShape(points, x, y, U, inset, attrs, round = 0) {
  if (!points) {
    const rect = { x: x + inset, y: y + inset, width: U - 2 * inset, height: U - 2 * inset, ...attrs };
    return s('rect', round ? { ...rect, rx: round } : rect);
  }
  return s('circle', { cx: x + U / 2, cy: y + U / 2, r: U / 2 - inset, ...attrs });
}
