// The board editor: put and take pieces, set the side to move and the game's extra state
// (fields from the game's module), and check the position live with the server's parser,
// whose one-line reason is shown for a position it refuses. This is the one place where
// the page writes a game's notation (games/*.js, `editor`); a game without an editor there
// is edited as text in the position box, and everything else on the page works from the
// API's board.
import { $, h, clear } from './dom.js';
import { api } from './api.js';
import { drawPiece, pieceName } from './board.js';

export class Editor {
  constructor(app) {
    this.app = app;
    this.state = null;      // the game module's parse() of the position being edited
    this.template = null;   // a board from the API: the squares' names and places
    this.piece = null;      // the palette choice; 'erase' removes
    this.valid = null;      // the canonical text once the server accepts it
    this.checkGen = 0;
    this.timer = null;
  }

  get notation() {
    return this.app.game.editor || null;
  }

  async open(position) {
    // The squares come from the API: the start's board (cached) until the edited one is valid.
    const t = await api.board(this.app.game.id, this.app.rules, this.app.gameInfo.start);
    this.template = t.ok ? t.data.board : null;
    if (!this.notation) {
      this.state = null;
      this.textOnly = position;
      this.renderPanel();
      this.changed();
      return;
    }
    const parse = (text) => { try { return this.notation.parse(text); } catch { return null; } };
    this.state = parse(position) || parse(this.app.gameInfo.start);
    this.piece = Object.keys(this.notation.pieces)[0];
    this.renderPanel();
    this.changed();
  }

  text() {
    return this.notation ? this.notation.format(this.state) : this.textOnly;
  }

  load(position) {
    if (!this.notation) {
      this.textOnly = position;
      this.changed();
      return;
    }
    let st = null;
    try {
      st = this.notation.parse(position);
    } catch {
      // Text the page cannot read: let the server's parser say why.
      this.showStatus(false, 'checking…');
      api.position(this.app.game.id, this.app.rules, position).then((r) => {
        if (r.ok) this.load(r.data.position);
        else this.showStatus(false, r.data.error);
      });
      return;
    }
    this.state = st;
    this.renderPanel();
    this.changed();
  }

  // The position being edited as a board the page draws: the template's squares with the
  // editor's pieces (the server's own board replaces it once the position is valid).
  board() {
    const t = this.template;
    if (!t || !this.state) return t;
    const keep = this.notation.keepMarks;
    return {
      ...t,
      squares: t.squares.map((q) => ({
        name: q.name, marks: keep ? q.marks : [], piece: this.state.board[q.name] ? this.notation.pieces[this.state.board[q.name]] : null,
      })),
      hands: [], arrows: [], legend: keep ? t.legend : [],
    };
  }

  down() {
    return Boolean(this.state); // pieces may be dragged to another square
  }

  up(sq, from, dragged) {
    if (!this.state) return;
    const board = this.state.board;
    if (!sq) {
      if (dragged && board[from]) delete board[from]; // dragged off: removed
    } else if (dragged && from !== sq && board[from]) {
      board[sq] = board[from];
      delete board[from];
    } else if (this.piece === 'erase' || board[sq] === this.piece) {
      delete board[sq];
    } else {
      board[sq] = this.piece;
    }
    this.changed();
  }

  changed() {
    if (this.state) this.app.showEditorBoard(this.board());
    $('position-text').value = this.text();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), 120);
    this.showStatus(null, 'checking…');
  }

  async check() {
    const gen = ++this.checkGen;
    const text = this.text();
    const r = await api.board(this.app.game.id, this.app.rules, text);
    if (gen !== this.checkGen) return;
    if (r.ok) {
      this.valid = r.data.position;
      this.template = r.data.board;
      if (this.app.mode === 'edit') this.app.showEditorBoard(r.data.board);
      const n = r.data.moves.length;
      const over = r.data.over ? ` — game over (${r.data.result})` : `, ${n} legal move${n === 1 ? '' : 's'}`;
      this.showStatus(true, `Valid position${over}: ${r.data.position}`);
    } else {
      this.valid = null;
      this.showStatus(false, r.data.error);
    }
  }

  showStatus(ok, text) {
    const el = $('editor-status');
    el.dataset.valid = ok === null ? 'unknown' : String(ok);
    el.textContent = (ok === true ? '✓ ' : ok === false ? '✗ ' : '') + text;
    $('editor-apply').disabled = ok !== true;
  }

  renderPanel() {
    const { game } = this.app;
    const palette = clear($('editor-palette'));
    const fields = clear($('editor-fields'));
    const presets = clear($('editor-presets'));
    if (!this.notation) {
      fields.append(h('p', { class: 'muted small' }, ['Edit the position text above; the server checks it.']));
      return;
    }
    const pieces = this.notation.pieces;
    for (const p of [...Object.keys(pieces), 'erase']) {
      const content = p === 'erase' ? ['⌫ eraser'] : [pieceIcon(game, pieces[p])];
      palette.append(h('button', {
        class: `palette-piece${this.piece === p ? ' selected' : ''}`, role: 'radio', 'data-piece': p,
        'aria-checked': this.piece === p ? 'true' : 'false',
        'aria-label': p === 'erase' ? 'eraser' : pieceName(this.template, pieces[p]),
        onclick: () => { this.piece = p; this.renderPanel(); },
      }, content));
    }
    for (const f of this.notation.fields(this.state)) fields.append(this.field(f));
    for (const p of this.notation.presets(this.app.gameInfo.start)) {
      presets.append(h('button', { 'data-preset': p.name, onclick: () => this.load(p.position) }, [p.name]));
    }
  }

  field(f) {
    const id = `editor-${f.id}`;
    const set = (value) => {
      this.notation.apply(this.state, f.id, value);
      this.changed();
    };
    let input;
    if (f.type === 'select') {
      input = h('select', { id, onchange: (e) => set(e.target.value) },
        f.options.map(([v, label]) => h('option', { value: v, selected: v === f.value }, [label])));
    } else if (f.type === 'check') {
      input = h('input', { id, type: 'checkbox', checked: f.value, onchange: (e) => set(e.target.checked) });
    } else {
      input = h('input', {
        id, type: f.type, value: f.value, size: f.size, min: f.min, class: f.type === 'number' ? 'num' : null,
        spellcheck: 'false', oninput: (e) => set(e.target.value),
      });
    }
    return h('label', { class: 'field', title: f.help || null }, [f.label, ' ', input]);
  }
}

function pieceIcon(style, piece) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'piece-icon');
  svg.append(drawPiece(style, piece));
  return svg;
}
