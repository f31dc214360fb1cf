// The SVG board: squares, the game's special squares, pieces, last move, selection,
// destination marks and heat map, each value mark a colour plus its W7/D/L12 badge. It
// reports pointer presses and releases by square (with drag and drop); what they mean is
// decided by the caller (input.js for play, editor.js for editing).
import { s } from './dom.js';
import { badge } from './values.js';

const U = 100;      // one square, in board units
const MARGIN = 26;  // room for the coordinates left of and below the board

export class Board {
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers; // {down(sq) -> bool draggable, up(sq, from, dragged)}
    this.view = null;
    this.drag = null;
  }

  // Display cell of a square, after flipping.
  cell(sq) {
    const { game, flip } = this.view;
    const { col, row } = game.coords(sq);
    return flip ? { c: game.cols - 1 - col, r: game.rows - 1 - row } : { c: col, r: row };
  }

  squareFromCell(c, r) {
    const { game, flip } = this.view;
    if (c < 0 || r < 0 || c >= game.cols || r >= game.rows) return null;
    return flip ? game.squareAt(game.cols - 1 - c, game.rows - 1 - r) : game.squareAt(c, r);
  }

  render(view) {
    this.view = view;
    // Badges keep about the same size on screen whatever the board's size.
    this.pillScale = view.game.cols <= 4 ? 0.72 : 1;
    const { game, state } = view;
    const W = game.cols * U;
    const H = game.rows * U;
    // One <svg> for the page's life: a drag started on it survives redraws of its content.
    if (!this.svg) {
      this.svg = s('svg', { role: 'group' });
      this.attach(this.svg);
      this.container.append(this.svg);
    }
    const svg = this.svg;
    svg.setAttribute('viewBox', `${-MARGIN} 0 ${W + MARGIN} ${H + MARGIN}`);
    svg.setAttribute('class', `board-svg game-${game.id}`);
    svg.setAttribute('aria-label', `${game.title} board`);
    svg.dataset.flip = view.flip ? 'true' : 'false';
    const layers = [this.squares(W, H), this.coordinates(W, H), this.highlights(), this.heat(),
      this.pieces(state), this.slides(), this.dests()];
    if (game.overlay && state) layers.push(s('g', { class: 'overlay' }, [game.overlay(state, view)]));
    const ghost = this.drag && this.drag.ghost;
    svg.replaceChildren(...layers);
    if (ghost) {
      svg.append(ghost);
      const orig = svg.querySelector(`.piece[data-square="${this.drag.from}"]`);
      if (orig) orig.classList.add('dragging');
    }
  }

  squares(W, H) {
    const { game } = this.view;
    const g = s('g', { class: 'squares' });
    g.append(s('rect', { x: -4, y: -4, width: W + 8, height: H + 8, class: 'board-frame' }));
    for (let r = 0; r < game.rows; r++) {
      for (let c = 0; c < game.cols; c++) {
        const sq = this.squareFromCell(c, r);
        const { col, row } = game.coords(sq);
        const shade = game.checkered ? ((col + row) % 2 === 0 ? 'light' : 'dark') : 'plain';
        const special = game.squareClass ? game.squareClass(sq) : '';
        g.append(s('rect', {
          x: c * U, y: r * U, width: U, height: U, class: `square ${shade} ${special}`,
          'data-square': sq, 'aria-label': sq,
        }));
        if (special === 'throne') g.append(throneMark(c, r));
        if (special === 'escape') g.append(s('circle', { cx: c * U + 50, cy: r * U + 50, r: 6, class: 'escape-dot' }));
      }
    }
    // Tak Tikl and Tablut are drawn as a grid of plain cells.
    if (!game.checkered) {
      for (let i = 1; i < game.cols; i++) g.append(s('line', { x1: i * U, y1: 0, x2: i * U, y2: H, class: 'grid' }));
      for (let i = 1; i < game.rows; i++) g.append(s('line', { x1: 0, y1: i * U, x2: W, y2: i * U, class: 'grid' }));
    }
    return g;
  }

  coordinates(W, H) {
    const { game } = this.view;
    const g = s('g', { class: 'coords', 'aria-hidden': 'true' });
    for (let c = 0; c < game.cols; c++) {
      const sq = this.squareFromCell(c, 0);
      g.append(s('text', { x: c * U + 50, y: H + 19, 'text-anchor': 'middle' }, [sq[0]]));
    }
    for (let r = 0; r < game.rows; r++) {
      const sq = this.squareFromCell(0, r);
      g.append(s('text', { x: -13, y: r * U + 50, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, [sq.slice(1)]));
    }
    return g;
  }

  highlights() {
    const g = s('g', { class: 'highlights' });
    const { lastMove, selected } = this.view;
    if (lastMove) {
      for (const sq of [lastMove.from, lastMove.to]) {
        if (!sq) continue;
        const { c, r } = this.cell(sq);
        g.append(s('rect', { x: c * U, y: r * U, width: U, height: U, class: 'last-move', 'data-last-move': sq }));
      }
    }
    if (selected) {
      const { c, r } = this.cell(selected);
      g.append(s('rect', { x: c * U + 3, y: r * U + 3, width: U - 6, height: U - 6, class: 'selected', 'data-selected': selected }));
    }
    return g;
  }

  // TateDrez placement: every empty square tinted by the value of placing the chosen piece.
  heat() {
    const g = s('g', { class: 'heat' });
    for (const h of this.view.heat || []) {
      const { c, r } = this.cell(h.sq);
      g.append(s('g', { 'data-heat': h.sq, 'data-value': h.value || 'unknown', 'data-move': h.move }, [
        s('rect', { x: c * U + 2, y: r * U + 2, width: U - 4, height: U - 4, class: `heat-cell v-${h.value || 'unknown'}` }),
        pill(c * U + 50, r * U + 50, badge(h.value, h.remoteness), h.value, this.pillScale),
      ]));
    }
    return g;
  }

  pieces(state) {
    const g = s('g', { class: 'pieces' });
    if (!state) return g;
    const { game } = this.view;
    for (const [sq, p] of Object.entries(state.board)) {
      const { c, r } = this.cell(sq);
      const piece = game.drawPiece(p);
      g.append(s('g', {
        transform: `translate(${c * U} ${r * U})`, class: 'piece', 'data-piece': p, 'data-square': sq,
        'aria-label': `${game.pieceName(p)} on ${sq}`,
      }, [piece]));
    }
    return g;
  }

  // Lines from the selected piece to its farthest destination in each direction.
  slides() {
    const g = s('g', { class: 'slides' });
    const { game, selected, dests } = this.view;
    if (!game.slides || !selected || !dests) return g;
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
    const { state } = this.view;
    for (const d of this.view.dests || []) {
      const { c, r } = this.cell(d.sq);
      const occupied = state && state.board[d.sq];
      const mark = s('g', { class: 'dest', 'data-dest': d.sq, 'data-value': d.value || 'unknown', 'data-move': d.move });
      if (occupied) mark.append(s('rect', { x: c * U + 4, y: r * U + 4, width: U - 8, height: U - 8, rx: 10, class: `dest-ring v-${d.value || 'unknown'}` }));
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
    const p = this.view.state && this.view.state.board[sq];
    if (!p) return null;
    const ghost = s('g', { class: 'ghost' }, [this.view.game.drawPiece(p)]);
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

// A rounded badge: the value's colour with its text, readable without the colour.
function pill(x, y, text, value, scale = 1) {
  const w = (18 + text.length * 15) * scale;
  const hgt = 32 * scale;
  return s('g', { class: `pill v-${value || 'unknown'}` }, [
    s('rect', { x: x - w / 2, y: y - hgt / 2, width: w, height: hgt, rx: hgt / 2, class: 'pill-bg' }),
    s('text', { x, y: y + 1, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'pill-text', 'font-size': 24 * scale }, [text]),
  ]);
}

function throneMark(c, r) {
  const x = c * U;
  const y = r * U;
  return s('path', { d: `M${x + 20} ${y + 20} L${x + 80} ${y + 80} M${x + 80} ${y + 20} L${x + 20} ${y + 80}`, class: 'throne-mark' });
}
