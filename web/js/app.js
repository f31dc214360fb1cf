// The analysis board's state and its actions: the game and rules, the line being looked at,
// and the current position's answers from the server. Every question about a position is
// asked here; view.js draws the answers, controls.js wires the page to these actions.
import { $, h } from './dom.js';
import { api } from './api.js';
import { GAMES } from './games/index.js';
import { Board } from './board.js';
import { History } from './history.js';
import { renderRules } from './rules.js';
import { createInput } from './input.js';
import { Editor } from './editor.js';
import { Analyzer } from './analyze.js';
import { decodeHash } from './url.js';
import { getPalette } from './storage.js';
import { renderPV } from './pv.js';
import { renderAll, renderBoard, renderLine, destsOf, showEditorBoard } from './view.js';
import { bind, showTab, applyPalette } from './controls.js';
import { resetPanels } from './panels.js';

const app = {
  games: {},          // id -> the /api/games entry (rules, start, capabilities)
  game: null,         // the game module (games/*.js)
  gameInfo: null,
  rules: {},          // every rule option of the game, name -> value
  history: null,      // the line: first position, moves, cursor
  info: null,         // the current position: {position, state, legal, over, result, query, ...}
  lineValues: [],     // query answers along the line, by ply (for the ply list and chart)
  selected: null,     // a square whose piece is picked up
  reserveSel: null,   // a TateDrez piece in hand picked up
  hoverMove: null,    // a move hovered in a list, shown on the board
  flip: false,
  mode: 'play',       // 'play', or 'edit' while the editor is open
  playSide: 'none',   // 'none', or the index of the human's side against the machine
  gen: 0,             // bumped at each new position; late answers for older ones are dropped
  lastHash: '',
};

// ---- the current position --------------------------------------------------------------

app.valueOf = (move) => {
  const q = app.info && app.info.query;
  return q ? q.moves.find((m) => m.move === move) || null : null;
};

app.sideIndex = () => (app.info && app.info.state ? app.game.sides.indexOf(app.info.state.side) : 0);

app.firstSideIndex = () => {
  const first = app.game.parseSafe(app.history.root);
  return first ? app.game.sides.indexOf(first.side) : 0;
};

app.humanToMove = () => app.playSide === 'none' || Number(app.playSide) === app.sideIndex();

app.destsOf = (sq) => destsOf(app, sq);
app.renderBoard = () => renderBoard(app);
app.showEditorBoard = (state) => showEditorBoard(app, state);
app.showTab = (name) => showTab(app, name);

app.board = new Board($('board'), {
  down: (sq) => app.input.down(sq),
  up: (sq, from, dragged) => app.input.up(sq, from, dragged),
});
app.input = createInput(app);
app.editor = new Editor(app);
app.analyzer = new Analyzer(app);

// Asks everything about the position at the cursor and draws it: legal moves (always),
// values (when a table covers it), then the principal variation and the line's values.
app.refresh = async () => {
  const gen = ++app.gen;
  app.selected = null;
  app.reserveSel = null;
  app.hoverMove = null;
  $('promotion').hidden = true;
  const position = app.history.current();
  const state = app.game.parseSafe(position);
  app.info = { position, state, legal: [], over: false, loading: true, sideName: state ? app.game.sideName(state.side) : '' };
  renderAll(app);
  const [p, q] = await Promise.all([
    api.position(app.game.id, app.rules, position),
    api.query(app.game.id, app.rules, position),
  ]);
  if (gen !== app.gen) return;
  Object.assign(app.info, {
    loading: false,
    legal: p.ok ? p.data.moves : [],
    over: p.ok ? p.data.over : false,
    result: p.ok ? p.data.result : null,
    positionError: p.ok ? null : p.data.error,
    query: q.ok ? q.data : null,
    queryError: q.ok ? null : q.data,
  });
  if (q.ok && q.data.side_to_move) app.info.sideName = q.data.side_to_move;
  app.lineValues[app.history.cursor] = app.info.query;
  renderAll(app);
  loadPV(gen);
  loadLineValues(gen);
  machineMove(gen);
};

app.setHistory = (hist) => {
  app.history = hist;
  app.lineValues = [];
  app.refresh();
};

app.go = (ply) => {
  if (app.mode === 'edit') app.showTab('moves');
  app.history.go(ply);
  app.refresh();
};

// One ply back; against the machine, back to the player's own turn (a takeback), where
// the player can play another move.
app.back = () => {
  let ply = app.history.cursor - 1;
  if (app.playSide !== 'none' && ply > 0 && (app.firstSideIndex() + ply) % 2 !== Number(app.playSide)) ply -= 1;
  app.go(ply);
};

app.play = async (move) => {
  const gen = app.gen;
  const r = await api.move(app.game.id, app.rules, app.history.current(), [move]);
  if (gen !== app.gen) return;
  if (!r.ok) {
    $('position-error').textContent = r.data.error;
    return;
  }
  $('position-error').textContent = '';
  app.history.play(move, r.data.position);
  app.refresh();
};

async function loadPV(gen) {
  const out = $('pv-list');
  const info = app.info;
  if (!info.query || info.over) {
    renderPV(out, null, {});
    return;
  }
  const r = await api.line(app.game.id, app.rules, info.position);
  if (gen !== app.gen) return;
  renderPV(out, r.ok ? r.data : null, {
    game: app.game,
    onPick: (k) => {
      // Clicking the k-th move of the line plays the line up to it.
      for (const st of r.data.line.slice(0, k + 1)) app.history.play(st.move, st.position);
      app.refresh();
    },
  });
}

// The values along the whole line, for the ply list badges and the chart.
async function loadLineValues(gen) {
  const hist = app.history;
  const positions = [];
  for (let i = 0; i <= hist.length; i++) positions.push(hist.positionAt(i));
  const answers = await Promise.all(positions.map((pos) => api.query(app.game.id, app.rules, pos)));
  if (gen !== app.gen) return;
  app.lineValues = answers.map((r) => (r.ok ? r.data : null));
  renderLine(app);
}

// Against the machine: it plays the first move of the query's list (fastest win, slowest
// loss) after the chosen delay, at the end of the line only (earlier plies are for looking).
function machineMove(gen) {
  const info = app.info;
  if (app.playSide === 'none' || app.mode !== 'play' || info.over || !info.query || app.humanToMove()) return;
  if (app.history.cursor !== app.history.length) return;
  const best = info.query.moves[0];
  if (!best) return;
  setTimeout(() => {
    if (gen === app.gen && app.mode === 'play') app.play(best.move);
  }, Number($('play-delay').value));
}

// Loads a game with its rules, a first position and moves to replay (from the address,
// a slot or the pickers). A position the server refuses falls back to the game's default.
app.setGame = async (id, rules, root, moves = [], ply = moves.length) => {
  if (!GAMES[id] || !app.games[id]) id = 'tatedrez';
  const changed = !app.game || app.game.id !== id;
  app.game = GAMES[id];
  app.gameInfo = app.games[id];
  const defaults = Object.fromEntries(app.gameInfo.rules.map((r) => [r.name, r.default]));
  app.rules = { ...defaults };
  for (const [k, v] of Object.entries(rules || {})) if (k in defaults) app.rules[k] = v;
  $('game-select').value = id;
  renderRules($('rules'), app.gameInfo, app.rules, (k, v) => {
    app.rules[k] = v;
    app.setGame(app.game.id, app.rules, app.history.root, app.history.moves(), app.history.cursor);
  });
  if (changed) {
    app.flip = false;
    resetPanels(app);
  }
  let r = await api.position(id, app.rules, root || app.game.defaultPosition);
  if (!r.ok) {
    $('position-error').textContent = `${root}: ${r.data.error}`;
    r = await api.position(id, app.rules, app.game.defaultPosition);
  } else $('position-error').textContent = '';
  const hist = new History(r.ok ? r.data.position : app.gameInfo.start);
  let pos = hist.root;
  for (const m of moves) {
    const step = await api.move(id, app.rules, pos, [m]);
    if (!step.ok) {
      $('position-error').textContent = `${m}: ${step.data.error}`;
      break;
    }
    hist.play(m, step.data.position);
    pos = step.data.position;
  }
  hist.go(ply);
  if (app.mode === 'edit') app.editor.open(hist.current());
  app.setHistory(hist);
};

async function main() {
  applyPalette(getPalette());
  const r = await api.games();
  if (!r.ok) {
    $('verdict').textContent = `Cannot load the games: ${r.data.error}`;
    return;
  }
  for (const g of r.data) app.games[g.game] = g;
  const select = $('game-select');
  for (const id of Object.keys(GAMES)) {
    if (app.games[id]) select.append(h('option', { value: id }, [GAMES[id].title]));
  }
  bind(app);
  api.version().then((v) => { if (v.ok) $('server-version').textContent = `· zugzwang ${v.data.version}`; });
  const target = decodeHash(location.hash);
  if (target) await app.setGame(target.game, target.rules, target.root, target.moves, target.ply);
  else await app.setGame('tatedrez', {}, 'start');
  document.body.dataset.ready = 'true';
}

main();
