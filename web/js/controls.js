// Wiring the page's controls (buttons, selects, keys, tabs, the address) to the app's actions.
import { $, h } from './dom.js';
import { api } from './api.js';
import { History } from './history.js';
import { decodeHash } from './url.js';
import { setPalette } from './storage.js';
import { loadTables, runReview, showSlots } from './panels.js';
import { showEditorBoard } from './view.js';

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = h('textarea', {}, [text]);
    document.body.append(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
}

export function applyPalette(p) {
  document.body.dataset.palette = p;
  $('palette-select').value = p;
}

// The tabs; the Editor tab puts the board in editing mode for as long as it is open.
export function showTab(app, name) {
  for (const b of document.querySelectorAll('[role=tab]')) {
    const on = b.dataset.tab === name;
    b.setAttribute('aria-selected', String(on));
    $(`tab-${b.dataset.tab}`).hidden = !on;
  }
  const wasEditing = app.mode === 'edit';
  app.mode = name === 'edit' ? 'edit' : 'play';
  document.body.dataset.mode = app.mode;
  if (app.mode === 'edit' && !wasEditing) {
    app.editor.open(app.history.current());
    // The answers shown belong to the position before editing: say so instead.
    const v = $('verdict');
    v.dataset.state = 'editing';
    v.dataset.position = '';
    v.textContent = 'Editing a position';
    $('verdict-sub').textContent = 'The editor checks it as you go; "Analyze this position" shows its value.';
    $('missing').hidden = true;
  }
  if (app.mode === 'play' && wasEditing) app.refresh();
  if (name === 'tables' && !$('tables-out').firstChild) loadTables(app);
  if (name === 'review' && !$('review-moves').value) $('review-moves').value = app.history.moves().join(' ');
  if (name === 'slots') showSlots(app);
}

// The position box: in the editor it loads into the editor, else it starts a new line.
async function loadText(app) {
  const text = $('position-text').value.trim();
  if (app.mode === 'edit') return app.editor.load(text);
  const r = await api.position(app.game.id, app.rules, text);
  if (!r.ok) {
    $('position-error').textContent = r.data.error;
    return;
  }
  $('position-error').textContent = '';
  app.setHistory(new History(r.data.position));
}

export function bind(app) {
  const on = (id, event, f) => $(id).addEventListener(event, f);
  on('game-select', 'change', (e) => app.setGame(e.target.value, {}, null));
  on('palette-select', 'change', (e) => { setPalette(e.target.value); applyPalette(e.target.value); });
  on('nav-first', 'click', () => app.go(0));
  on('nav-back', 'click', () => app.back());
  on('nav-forward', 'click', () => app.go(app.history.cursor + 1));
  on('nav-last', 'click', () => app.go(app.history.length));
  on('flip', 'click', () => {
    app.flip = !app.flip;
    if (app.mode === 'edit') showEditorBoard(app, app.editor.board()); else app.renderBoard();
  });
  on('pass-button', 'click', () => {
    const pass = app.info.moves.find((m) => !m.from && !m.to);
    if (pass) app.play(pass.move);
  });
  on('position-load', 'click', () => loadText(app));
  on('position-text', 'keydown', (e) => { if (e.key === 'Enter') loadText(app); });
  on('position-copy', 'click', () => copyText($('position-text').value));
  on('link-copy', 'click', () => copyText(location.href));
  on('missing-analyze', 'click', () => { showTab(app, 'search'); app.analyzer.start(); });
  for (const b of document.querySelectorAll('[role=tab]')) b.addEventListener('click', () => showTab(app, b.dataset.tab));
  on('play-side', 'change', (e) => {
    app.playSide = e.target.value;
    // Chess is seen from the player's side.
    if (app.game.flipForSecondPlayer) app.flip = app.playSide === '1';
    app.refresh();
  });
  on('play-new', 'click', () => {
    // A new game: from the game's start when the tables cover it (TateDrez, Tak Tikl),
    // else from the first position of the line (a chess or Tablut endgame).
    app.playSide = $('play-side').value;
    const root = app.gameInfo.solves_on_demand ? app.gameInfo.start : app.history.root;
    api.position(app.game.id, app.rules, root).then((r) => app.setHistory(new History(r.ok ? r.data.position : app.history.root)));
  });
  on('editor-apply', 'click', () => {
    if (!app.editor.valid) return;
    app.history = new History(app.editor.valid);
    app.lineValues = [];
    showTab(app, 'moves');
  });
  on('editor-cancel', 'click', () => showTab(app, 'moves'));
  on('tables-load', 'click', () => loadTables(app));
  on('tables-log', 'change', () => loadTables(app));
  on('review-run', 'click', () => runReview(app));
  on('review-use-played', 'click', () => { $('review-moves').value = app.history.moves().join(' '); });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey || !app.history) return;
    const keys = {
      ArrowLeft: () => app.back(),
      ArrowRight: () => app.go(app.history.cursor + 1),
      Home: () => app.go(0),
      End: () => app.go(app.history.length),
      Escape: () => { app.selected = null; app.reserveSel = null; app.removal = null; app.renderBoard(); },
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  window.addEventListener('hashchange', () => {
    if (location.hash === app.lastHash) return;
    const target = decodeHash(location.hash);
    if (target) app.setGame(target.game, target.rules, target.root, target.moves, target.ply);
  });
}
