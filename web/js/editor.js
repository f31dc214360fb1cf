// The board editor: put and take pieces, set the side to move and the game's extra state
// (fields from each game module), and check the position live with the server's parser,
// whose one-line reason is shown for a position it refuses.
import { $, h, clear } from './dom.js';
import { api } from './api.js';

export class Editor {
  constructor(app) {
    this.app = app;
    this.state = null;
    this.piece = null;      // the palette choice; 'erase' removes
    this.valid = null;      // the canonical text once the server accepts it
    this.checkGen = 0;
    this.timer = null;
  }

  open(position) {
    const game = this.app.game;
    this.state = game.parseSafe(position) || game.parseSafe(this.app.gameInfo.start);
    this.piece = game.editor.palette[0];
    this.renderPanel();
    this.changed();
  }

  text() {
    return this.app.game.format(this.state);
  }

  load(position) {
    const st = this.app.game.parseSafe(position);
    if (!st) {
      // Text the page cannot draw: let the server's parser say why.
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

  down() {
    return true; // pieces may be dragged to another square
  }

  up(sq, from, dragged) {
    if (!sq) {
      if (dragged && this.state.board[from]) delete this.state.board[from]; // dragged off: removed
    } else if (dragged && from !== sq && this.state.board[from]) {
      this.state.board[sq] = this.state.board[from];
      delete this.state.board[from];
    } else if (this.piece === 'erase' || this.state.board[sq] === this.piece) {
      delete this.state.board[sq];
    } else {
      this.state.board[sq] = this.piece;
    }
    this.changed();
  }

  changed() {
    this.app.showEditorBoard(this.state);
    $('position-text').value = this.text();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), 120);
    this.showStatus(null, 'checking…');
  }

  async check() {
    const gen = ++this.checkGen;
    const text = this.text();
    const r = await api.position(this.app.game.id, this.app.rules, text);
    if (gen !== this.checkGen) return;
    if (r.ok) {
      this.valid = r.data.position;
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
    for (const p of [...game.editor.palette, 'erase']) {
      const content = p === 'erase' ? ['⌫ eraser'] : [pieceIcon(game, p)];
      palette.append(h('button', {
        class: `palette-piece${this.piece === p ? ' selected' : ''}`, role: 'radio', 'data-piece': p,
        'aria-checked': this.piece === p ? 'true' : 'false',
        'aria-label': p === 'erase' ? 'eraser' : game.pieceName(p),
        onclick: () => { this.piece = p; this.renderPanel(); },
      }, content));
    }
    const fields = clear($('editor-fields'));
    for (const f of game.editor.fields(this.state)) fields.append(this.field(f));
    const presets = clear($('editor-presets'));
    for (const p of game.editor.presets(this.app.gameInfo.start)) {
      presets.append(h('button', { 'data-preset': p.name, onclick: () => this.load(p.position) }, [p.name]));
    }
  }

  field(f) {
    const id = `editor-${f.id}`;
    const set = (value) => {
      this.app.game.editor.apply(this.state, f.id, value);
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

function pieceIcon(game, p) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'piece-icon');
  svg.append(game.drawPiece(p));
  return svg;
}
