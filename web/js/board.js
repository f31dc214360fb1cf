// The SVG board, drawn from the board the API describes (/api/board: squares with their
// names and marks, pieces, arrows, lines): squares (or points and lines, points.js), marks,
// pieces, last move, selection, destination marks and heat map, each value mark a colour
// plus its W7/D/L12 badge. A game needs no code here: its style module (games/*.js) may draw
// its pieces and marks its own way, else every piece is a disc in its owner's colour with
// the label the API gives. It reports pointer presses and releases by square (with drag and
// drop); what they mean is decided by the caller (input.js for play, editor.js for editing).
import { h, s } from './dom.js';
import { badge } from './values.js';
import { isPointsBoard, drawPointsBoard, cellShape } from './points.js';

const U = 100;      // one square, in board units
const MARGIN = 26;  // room for the coordinates left of and below the board

// A piece as the style module draws it, else a disc with its label.
export function drawPiece(style, piece) {
  if (style && style.drawPiece) {
    const drawn = style.drawPiece(piece);
    if (drawn) return drawn;
  }
  return s('g', { class: `piece-disc owner-${piece.owner} kind-${piece.kind}` }, [
    s('circle', { cx: 50, cy: 50, r: 36, class: 'disc-body' }),
    s('text', { x: 50, y: 52, class: 'disc-label', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [piece.label || '']),
  ]);
}

export function pieceName(board, piece) {
  const owner = board && board.players ? board.players[piece.owner] : `player ${piece.owner + 1}`;
  return `${owner} ${piece.kind}`;
}

export class Board {
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers; // {down(sq) -> bool draggable, up(sq, from, dragged)}
    this.view = null;
    this.drag = null;
    this.where = new Map(); // square name -> {col, row}
  }

  // Display cell of a square, after flipping.
  cell(sq) {
    const { board, flip } = this.view;
    const { col, row } = this.where.get(sq) || { col: 0, row: 0 };
    return flip ? { c: board.files - 1 - col, r: board.ranks - 1 - row } : { c: col, r: row };
  }

  square(c, r) {
    const { board, flip } = this.view;
    if (c < 0 || r < 0 || c >= board.files || r >= board.ranks) return null;
    const col = flip ? board.files - 1 - c : c;
    const row = flip ? board.ranks - 1 - r : r;
    return board.squares[row * board.files + col];
  }

  squareFromCell(c, r) {
    const sq = this.view && this.view.board ? this.square(c, r) : null;
    return sq ? sq.name : null;
  }

  // view: {id, title, style, board, flip, selected, dests, heat, lastMove}
  render(view) {
    this.view = view;
    const { board } = view;
    if (!board) return;
    // A game that draws no board (one written in Python without view()) has its position
    // as the text under the board and its moves in the list beside it: say so instead.
    const boardless = !board.squares || board.squares.length === 0;
    if (!this.note) {
      this.note = h('p', { class: 'board-note', id: 'board-note' },
        ['This game draws no board (its definition has no view()): the position is the text below, the moves are listed beside.']);
      this.container.append(this.note);
    }
    this.note.hidden = !boardless;
    if (this.svg) this.svg.style.display = boardless ? 'none' : '';
    if (boardless) return;
    this.where = new Map(board.squares.map((sq, i) => [sq.name, { col: i % board.files, row: Math.floor(i / board.files) }]));
    this.points = isPointsBoard(board);
    // Badges keep about the same size on screen whatever the board's size.
    this.pillScale = board.files <= 4 ? 0.72 : 1;
    const W = board.files * U;
    const H = board.ranks * U;
    // One <svg> for the page's life: a drag started on it survives redraws of its content.
    if (!this.svg) {
      this.svg = s('svg', { role: 'group' });
      this.attach(this.svg);
      this.container.append(this.svg);
    }
    const svg = this.svg;
    svg.setAttribute('viewBox', `${-MARGIN} 0 ${W + MARGIN} ${H + MARGIN}`);
    svg.setAttribute('class', `board-svg game-${view.id}${this.points ? ' points' : ''}`);
    svg.setAttribute('aria-label', `${view.title} board`);
    svg.dataset.flip = view.flip ? 'true' : 'false';
    const layers = [this.squares(W, H), this.coordinates(W, H), this.highlights(), this.heat(),
      this.pieces(), this.arrows(), this.slides(), this.dests()];
    const ghost = this.drag && this.drag.ghost;
    svg.replaceChildren(...layers);
    if (ghost) {
      svg.append(ghost);
      const orig = svg.querySelector(`.piece[data-square="${this.drag.from}"]`);
      if (orig) orig.classList.add('dragging');
    }
  }

  squares(W, H) {
    const { board } = this.view;
    if (this.points) {
      const g = drawPointsBoard(board, W, H, U, (name) => (this.where.has(name) ? this.cell(name) : null));
      g.append(this.marks());
      return g;
    }
    const g = s('g', { class: 'squares' });
    g.append(s('rect', { x: -4, y: -4, width: W + 8, height: H + 8, class: 'board-frame' }));
    for (let r = 0; r < board.ranks; r++) {
      for (let c = 0; c < board.files; c++) {
        const sq = this.square(c, r);
        const { col, row } = this.where.get(sq.name);
        const shade = board.checkered ? ((col + row) % 2 === 0 ? 'light' : 'dark') : 'plain';
        g.append(s('rect', {
          x: c * U, y: r * U, width: U, height: U,
          class: `square ${shade} ${sq.marks.map((m) => `mark-${m}`).join(' ')}`,
          'data-square': sq.name, 'aria-label': sq.name,
        }));
      }
    }
    // Boards that are not chequered are drawn as a grid of plain cells.
    if (!board.checkered) {
      for (let i = 1; i < board.files; i++) g.append(s('line', { x1: i * U, y1: 0, x2: i * U, y2: H, class: 'grid' }));
      for (let i = 1; i < board.ranks; i++) g.append(s('line', { x1: 0, y1: i * U, x2: W, y2: i * U, class: 'grid' }));
    }
    g.append(this.marks());
    return g;
  }

  // Every square's marks, as the style module draws them, else as dots (rings round points).
  marks() {
    const { board, style } = this.view;
    const g = s('g', { class: 'marks' });
    for (const sq of board.squares) {
      const { c, r } = this.cell(sq.name);
      for (const m of sq.marks) g.append(drawMark(style, m, c * U, r * U, sq.name, this.points));
    }
    return g;
  }

  coordinates(W, H) {
    const { board, flip } = this.view;
    const g = s('g', { class: 'coords', 'aria-hidden': 'true' });
    const files = flip ? [...board.file_labels].reverse() : board.file_labels;
    const ranks = flip ? [...board.rank_labels].reverse() : board.rank_labels;
    files.forEach((label, c) => g.append(s('text', { x: c * U + 50, y: H + 19, 'text-anchor': 'middle' }, [label])));
    ranks.forEach((label, r) => g.append(s('text', { x: -13, y: r * U + 50, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [label])));
    return g;
  }

  highlights() {
    const g = s('g', { class: 'highlights' });
    const { lastMove, selected } = this.view;
    if (lastMove) {
      for (const sq of [lastMove.from, lastMove.to]) {
        if (!sq || !this.where.has(sq)) continue;
        const { c, r } = this.cell(sq);
        g.append(cellShape(this.points, c * U, r * U, U, 0, { class: 'last-move', 'data-last-move': sq }));
      }
    }
    if (selected && this.where.has(selected)) {
      const { c, r } = this.cell(selected);
      g.append(cellShape(this.points, c * U, r * U, U, 3, { class: 'selected', 'data-selected': selected }));
    }
    return g;
  }

  // Drops and placements: every square tinted by the value of putting the chosen piece there.
  heat() {
    const g = s('g', { class: 'heat' });
    for (const h of this.view.heat || []) {
      const { c, r } = this.cell(h.sq);
      g.append(s('g', { 'data-heat': h.sq, 'data-value': h.value || 'unknown', 'data-move': h.move }, [
        cellShape(this.points, c * U, r * U, U, 2, { class: `heat-cell v-${h.value || 'unknown'}` }),
        pill(c * U + 50, r * U + 50, badge(h.value, h.remoteness), h.value, this.pillScale),
      ]));
    }
    return g;
  }

  pieces() {
    const g = s('g', { class: 'pieces' });
    const { board, style } = this.view;
    for (const sq of board.squares) {
      if (!sq.piece) continue;
      const { c, r } = this.cell(sq.name);
      g.append(s('g', {
        transform: `translate(${c * U} ${r * U})`, class: 'piece', 'data-piece': `${sq.piece.owner}:${sq.piece.kind}`,
        'data-square': sq.name, 'aria-label': `${pieceName(board, sq.piece)} on ${sq.name}`,
      }, [drawPiece(style, sq.piece)]));
    }
    return g;
  }

  // Arrows the position carries (Tak Tikl: each player's remembered last move).
  arrows() {
    const g = s('g', { class: 'arrows' });
    for (const a of this.view.board.arrows || []) {
      if (!this.where.has(a.from) || !this.where.has(a.to)) continue;
      g.append(arrow(this.center(a.from), this.center(a.to), `arrow ${a.mark} owner-${a.owner}`, a));
    }
    return g;
  }

  center(sq) {
    const { c, r } = this.cell(sq);
    return { x: c * U + 50, y: r * U + 50 };
  }

  // Lines from the selected piece to its farthest destination in each direction (sliding
  // pieces: Tablut).
  slides() {
    const g = s('g', { class: 'slides' });
    const { style, selected, dests } = this.view;
    if (!(style && style.slides) || !selected || !dests) return g;
    const from = this.cell(selected);
    const far = {};
    for (const d of dests) {
      const to = this.cell(d.sq);
      const key = `${Math.sign(to.c - from.c)},${Math.sign(to.r - from.r)}`;
      const dist = Math.abs(to.c - from.c) + Math.abs(to.r - from.r);
      if (!far[key] || far[key].dist < dist) far[key] = { to, dist };
    }
    for (const { to } of Object.values(far)) {
      g.append(s('line', { x1: from.c * U + 50, y1: from.r * U + 50, x2: to.c * U + 50, y2: to.r * U + 50, class: 'slide-line' }));
    }
    return g;
  }

  dests() {
    const g = s('g', { class: 'dests' });
    for (const d of this.view.dests || []) {
      const { c, r } = this.cell(d.sq);
      const target = this.view.board.squares.find((q) => q.name === d.sq);
      const occupied = target && target.piece;
      const mark = s('g', { class: 'dest', 'data-dest': d.sq, 'data-value': d.value || 'unknown', 'data-move': d.move });
      if (occupied) mark.append(cellShape(this.points, c * U, r * U, U, 4, { class: `dest-ring v-${d.value || 'unknown'}` }, 10));
      const y = occupied ? r * U + 82 : r * U + 50;
      mark.append(pill(c * U + 50, y, badge(d.value, d.remoteness), d.value, this.pillScale * (occupied ? 0.9 : 1)));
      g.append(mark);
    }
    return g;
  }

  // Pointer handling: press, optional drag of the pressed piece, release on a square.
  attach(svg) {
    svg.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      const sq = this.squareAt(ev);
      if (!sq) return;
      ev.preventDefault();
      const draggable = this.handlers.down(sq);
      this.drag = { from: sq, start: this.point(ev), moved: false, ghost: null, draggable };
      // Capture keeps a drag alive outside the board; synthetic pointers may refuse it.
      try {
        svg.setPointerCapture(ev.pointerId);
      } catch {
        // the drag still works inside the board
      }
    });
    svg.addEventListener('pointermove', (ev) => {
      const d = this.drag;
      if (!d || !d.draggable) return;
      const p = this.point(ev);
      if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < 12) return;
      d.moved = true;
      if (!d.ghost) d.ghost = this.makeGhost(d.from);
      if (d.ghost) d.ghost.setAttribute('transform', `translate(${p.x - 50} ${p.y - 50})`);
    });
    svg.addEventListener('pointerup', (ev) => {
      const d = this.drag;
      this.drag = null;
      if (!d) return;
      if (d.ghost) d.ghost.remove();
      this.handlers.up(this.squareAt(ev), d.from, d.moved);
    });
    svg.addEventListener('pointercancel', () => {
      if (this.drag && this.drag.ghost) this.drag.ghost.remove();
      this.drag = null;
    });
  }

  makeGhost(sq) {
    const target = this.view.board && this.view.board.squares.find((q) => q.name === sq);
    if (!target || !target.piece) return null;
    const ghost = s('g', { class: 'ghost' }, [drawPiece(this.view.style, target.piece)]);
    this.svg.append(ghost);
    const orig = this.svg.querySelector(`.piece[data-square="${sq}"]`);
    if (orig) orig.classList.add('dragging');
    return ghost;
  }

  point(ev) {
    const pt = this.svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  squareAt(ev) {
    const p = this.point(ev);
    return this.squareFromCell(Math.floor(p.x / U), Math.floor(p.y / U));
  }
}

// A mark on a square, drawn by the style module when it knows it; any other mark gets a
// small dot in the square's corner (the square's class mark-NAME colours it too), or on a
// board of points a ring round the point, where it shows round the stone standing there.
function drawMark(style, mark, x, y, sq, points) {
  const drawn = style && style.drawMark ? style.drawMark(mark) : null;
  const dot = points ? s('circle', { cx: 50, cy: 50, r: 44, class: 'point-ring' })
    : s('circle', { cx: 84, cy: 16, r: 7, class: 'mark-dot' });
  return s('g', { class: `mark mark-${mark}`, 'data-mark': mark, 'data-square': sq, transform: `translate(${x} ${y})` },
    [drawn || dot]);
}

// An arrow between square centres, in board units.
function arrow(a, b, cls, data) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const tip = { x: b.x - ux * 10, y: b.y - uy * 10 };
  const base = { x: tip.x - ux * 22, y: tip.y - uy * 22 };
  const head = `M${tip.x} ${tip.y} L${base.x - uy * 13} ${base.y + ux * 13} L${base.x + uy * 13} ${base.y - ux * 13} Z`;
  return s('g', { class: cls, 'data-arrow': `${data.from}-${data.to}` }, [
    s('line', { x1: a.x + ux * 14, y1: a.y + uy * 14, x2: base.x, y2: base.y }),
    s('path', { d: head }),
  ]);
}

// A rounded badge: the value's colour with its text, readable without the colour.
function pill(x, y, text, value, scale = 1) {
  const w = (18 + text.length * 15) * scale;
  const hgt = 32 * scale;
  return s('g', { class: `pill v-${value || 'unknown'}` }, [
    s('rect', { x: x - w / 2, y: y - hgt / 2, width: w, height: hgt, rx: hgt / 2, class: 'pill-bg' }),
    s('text', { x, y: y + 1, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'pill-text', 'font-size': 24 * scale }, [text]),
  ]);
}
