// Drawing the whole page from the app's state: the board with its marks, the hands, the
// verdict, the move list, the ply list and chart, the play status and the address. Nothing
// here asks the server; app.js fetches and then calls these.
import { $ } from './dom.js';
import { renderPlyList } from './history.js';
import { renderMoveList } from './movelist.js';
import { renderVerdict } from './verdict.js';
import { renderChart } from './chart.js';
import { renderReserve } from './reserve.js';
import { encodeHash } from './url.js';
import { compareOutcomes } from './values.js';
import { renderLegend } from './legend.js';

function outcome(app, move) {
  const v = app.valueOf(move);
  return { move, value: v ? v.value : null, remoteness: v ? v.remoteness : null };
}

// Destinations of the piece on `sq`, one per square (the best promotion for chess), from
// the moves as the API lists them.
export function destsOf(app, sq) {
  const best = {};
  for (const m of app.info.moves) {
    if (m.from !== sq || !m.to) continue;
    const o = { ...outcome(app, m.move), sq: m.to };
    if (!best[m.to] || compareOutcomes(o, best[m.to]) < 0) best[m.to] = o;
  }
  return Object.values(best);
}

// Drops and placements: the value of putting the chosen piece (its kind) on each square.
function heatOf(app, kind) {
  return app.info.moves.filter((m) => m.drop && m.drop.kind === kind).map((m) => ({ ...outcome(app, m.move), sq: m.to }));
}

function boardView(app, board, extra) {
  return { id: app.game.id, title: app.game.title, style: app.game, board, flip: app.flip, ...extra };
}

export function renderBoard(app) {
  if (app.mode === 'edit') return;
  const info = app.info;
  let selected = app.selected;
  let dests = selected ? destsOf(app, selected) : [];
  let heat = app.reserveSel ? heatOf(app, app.reserveSel) : [];
  if (app.removal) {
    // A mill closed: its point picked, the stones it may take off marked like destinations.
    selected = app.removal[0].to;
    dests = app.removal.map((m) => ({ ...outcome(app, m.move), sq: m.remove }));
  } else if (!selected && !app.reserveSel && app.hoverMove) {
    // A move hovered in a list is shown on the board.
    const p = app.moveOf(app.hoverMove);
    if (p && p.drop) heat = [{ ...outcome(app, app.hoverMove), sq: p.to }];
    else if (p && p.from) {
      selected = p.from;
      dests = [{ ...outcome(app, app.hoverMove), sq: p.to }];
    }
  }
  app.board.render(boardView(app, info.board, { selected, dests, heat, lastMove: info.lastMove }));
  renderLegend($('board-legend'), info.board);
  renderReserve($('reserve'), {
    style: app.game, board: info.board, selected: app.reserveSel,
    active: !info.over && app.humanToMove() && !info.positionError, onPick: (kind) => app.input.pickReserve(kind),
  });
}

// The editor's board: drawn like any other (editor.js makes it), its hands not clickable.
export function showEditorBoard(app, board) {
  app.board.render(boardView(app, board, { dests: [], heat: [] }));
  renderReserve($('reserve'), { style: app.game, board, selected: null, active: false, onPick: () => {} });
}

// The ply list and the value history chart, from the values known along the line.
export function renderLine(app) {
  const hist = app.history;
  const firstSideIndex = app.firstSideIndex();
  renderPlyList($('ply-list'), {
    history: hist, game: app.game, firstSideIndex,
    moveValue: (i) => {
      const q = app.lineValues[i];
      return (q && q.moves.find((x) => x.move === hist.steps[i].move)) || null;
    },
    onJump: (ply) => app.go(ply),
  });
  const points = [];
  for (let i = 0; i <= hist.length; i++) {
    const q = app.lineValues[i];
    points.push({ value: q ? q.value : null, remoteness: q ? q.remoteness : null, sideIndex: (firstSideIndex + i) % 2 });
  }
  renderChart($('chart'), {
    points, cursor: hist.cursor, sideNames: app.players(), onJump: (ply) => app.go(ply),
  });
  $('nav-ply').textContent = `ply ${hist.cursor} of ${hist.length}`;
  $('nav-first').disabled = $('nav-back').disabled = hist.cursor === 0;
  $('nav-forward').disabled = $('nav-last').disabled = hist.cursor === hist.length;
}

function renderPlayStatus(app) {
  const el = $('play-status');
  const info = app.info;
  const names = app.players();
  const side = $('play-side');
  side.options[1].textContent = `${names[0]} (moves first)`;
  side.options[2].textContent = names[1];
  if (app.playSide === 'none') {
    el.textContent = 'Analysis mode: you move both sides.';
    el.dataset.state = 'analysis';
  } else if (info.over) {
    const me = names[Number(app.playSide)];
    const r = info.result || 'draw';
    el.textContent = `Game over: ${r}. ${r === 'draw' ? 'A draw.' : r.startsWith(me) ? 'You won!' : 'The machine won.'}`;
    el.dataset.state = 'over';
  } else if (app.humanToMove()) {
    el.textContent = `Your move (${names[app.sideIndex()]}).`;
    el.dataset.state = 'human';
  } else if (app.history.cursor !== app.history.length) {
    el.textContent = 'Looking back: the machine plays on at the end of the line (End key).';
    el.dataset.state = 'browsing';
  } else if (!info.query) {
    el.textContent = 'The machine plays from the tables, which do not cover this position.';
    el.dataset.state = 'stuck';
  } else {
    el.textContent = `The machine (${names[app.sideIndex()]}) is thinking…`;
    el.dataset.state = 'machine';
  }
}

// The address follows the page (replaceState: no history entry per move).
function writeHash(app) {
  const hist = app.history;
  const defaults = Object.fromEntries(app.gameInfo.rules.map((r) => [r.name, r.default]));
  const hash = encodeHash({ game: app.game.id, rules: app.rules, defaults, root: hist.root, moves: hist.moves(), ply: hist.cursor });
  if (hash !== location.hash) history.replaceState(null, '', hash);
  app.lastHash = hash;
}

export function renderAll(app) {
  const info = app.info;
  renderBoard(app);
  renderVerdict({ game: app.game, info: info.loading ? null : info });
  renderMoveList($('move-list'), {
    game: app.game, board: info.board, moves: info.moves, query: info.query, legal: info.legal, over: info.over,
    onPlay: (m) => app.play(m), onHover: (m) => { app.hoverMove = m; renderBoard(app); },
  });
  // Which position the verdict and move list show, once its answers are in (for the tests).
  $('move-list').dataset.position = $('verdict').dataset.position = info.loading ? '' : info.position;
  renderLine(app);
  if (app.mode === 'play') $('position-text').value = info.position;
  // A move with no square (a pass) has a button of its own.
  $('pass-button').hidden = !info.moves.some((m) => !m.from && !m.to) || !app.humanToMove();
  renderPlayStatus(app);
  writeHash(app);
}
