// The analysis board's state and its actions: the game and rules, the line being looked at,
// and the current position's answers from the server. Every question about a position is
// asked here; view.js draws the answers, controls.js wires the page to these actions.
import { $, h } from './dom.js';
import { api } from './api.js';
import { styleOf } from './games/index.js';
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
  game: null,         // {id, title} and the game's optional styling (games/*.js)
  gameInfo: null,
  rules: {},          // every rule option of the game, name -> value
  history: null,      // the line: first position, moves, cursor
  info: null,         // the current position: {position, board, moves, legal, over, result, query, ...}
  lineValues: [],     // query answers along the line, by ply (for the ply list and chart)
  selected: null,     // a square whose piece is picked up
  reserveSel: null,   // a piece in hand picked up (its kind)
  removal: null,      // moves that differ only by the piece they take off, one to be chosen on the board
  hoverMove: null,    // a move hovered in a list, shown on the board
  flip: false,
  mode: 'play',       // 'play', or 'edit' while the editor is open
  playSide: 'none',   // 'none', or the index of the human's side against the machine
  firstSide: 0,       // who moves in the line's first position
  gen: 0,             // bumped at each new position; late answers for older ones are dropped
  lastHash: '',
};

// ---- the current position --------------------------------------------------------------

app.valueOf = (move) => {
  const q = app.info && app.info.query;
  return q ? q.moves.find((m) => m.move === move) || null : null;
};

app.sideIndex = () => (app.info && app.info.board ? app.info.board.to_move : 0);

app.firstSideIndex = () => app.firstSide;

// The players' names, first player first (the API's board says them).
app.players = () => (app.info && app.info.board ? app.info.board.players : ['first player', 'second player']);

// The move as the API lists it (squares, drop, promotion), by its text.
app.moveOf = (text) => (app.info ? app.info.moves.find((m) => m.move === text) || null : null);

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

// Asks everything about the position at the cursor and draws it: its board and legal moves
// (always), values (when a table covers it), then the principal variation and the line's
// values. The last move's squares are the ones the position before it listed.
app.refresh = async () => {
  const gen = ++app.gen;
  app.selected = null;
  app.reserveSel = null;
  app.removal = null;
  app.hoverMove = null;
  $('promotion').hidden = true;
  const position = app.history.current();
  const hist = app.history;
  // The board stays as it was until the new one arrives (answers are cached: at once).
  const board = app.info && app.info.board;
  app.info = { position, board, moves: [], legal: [], over: false, loading: true, sideName: '' };
  renderAll(app);
  const id = app.game.id;
  const [b, q, root, prev] = await Promise.all([
    api.board(id, app.rules, position),
    api.query(id, app.rules, position),
    api.board(id, app.rules, hist.root),
    hist.cursor > 0 ? api.board(id, app.rules, hist.positionAt(hist.cursor - 1)) : null,
  ]);
  if (gen !== app.gen) return;
  Object.assign(app.info, {
    loading: false,
    board: b.ok ? b.data.board : null,
    moves: b.ok ? b.data.moves : [],
    legal: b.ok ? b.data.moves.map((m) => m.move) : [],
    over: b.ok ? b.data.over : false,
    result: b.ok ? b.data.result : null,
    material: b.ok ? b.data.material : null,
    positionError: b.ok ? null : b.data.error,
    query: q.ok ? q.data : null,
    queryError: q.ok ? null : q.data,
    lastMove: prev && prev.ok ? prev.data.moves.find((m) => m.move === hist.lastMove()) || null : null,
  });
  app.firstSide = root.ok ? root.data.board.to_move : 0;
  if (b.ok) app.info.sideName = b.data.board.players[b.data.board.to_move];
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
  app.history.play(move, r.data.position, r.data.names && r.data.names[0]);
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
    refused: r.ok ? null : r.data && r.data.error,
    onPick: (k) => {
      // Clicking the k-th move of the line plays the line up to it.
      for (const st of r.data.line.slice(0, k + 1)) app.history.play(st.move, st.position, st.name);
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
  if (!app.games[id]) id = app.games.tatedrez ? 'tatedrez' : Object.keys(app.games)[0];
  const changed = !app.game || app.game.id !== id;
  const style = styleOf(id);
  app.game = { ...style, id, title: style.title || id };
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
  const fallback = app.game.defaultPosition || app.gameInfo.start;
  let r = await api.position(id, app.rules, root || fallback);
  if (!r.ok) {
    $('position-error').textContent = `${root}: ${r.data.error}`;
    r = await api.position(id, app.rules, fallback);
  } else $('position-error').textContent = '';
  const hist = new History(r.ok ? r.data.position : app.gameInfo.start);
  let pos = hist.root;
  for (const m of moves) {
    const step = await api.move(id, app.rules, pos, [m]);
    if (!step.ok) {
      $('position-error').textContent = `${m}: ${step.data.error}`;
      break;
    }
    hist.play(step.data.moves[0], step.data.position, step.data.names && step.data.names[0]);
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
  // Every game the server has, in its order; one with no styling module still plays.
  for (const g of r.data) select.append(h('option', { value: g.game }, [styleOf(g.game).title || g.game]));
  bind(app);
  api.version().then((v) => { if (v.ok) $('server-version').textContent = `· zugzwang ${v.data.version}`; });
  const target = decodeHash(location.hash);
  if (target) await app.setGame(target.game, target.rules, target.root, target.moves, target.ply);
  // The first game the server lists: TateDrez, or the game a researcher's file defines
  // (`zugzwang serve --game-file`, listed first).
  else await app.setGame(r.data[0].game, {}, 'start');
  document.body.dataset.ready = 'true';
}

main();
