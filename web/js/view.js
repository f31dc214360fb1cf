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

function outcome(app, move) {
  const v = app.valueOf(move);
  return { move, value: v ? v.value : null, remoteness: v ? v.remoteness : null };
}

// Destinations of the piece on `sq`, one per square (the best promotion for chess).
export function destsOf(app, sq) {
  const best = {};
  for (const m of app.info.legal) {
    const p = app.game.moveSquares(m);
    if (!p || p.from !== sq) continue;
    const o = { ...outcome(app, m), sq: p.to };
    if (!best[p.to] || compareOutcomes(o, best[p.to]) < 0) best[p.to] = o;
  }
  return Object.values(best);
}

// TateDrez placement heat map: the value of putting the chosen piece on each empty square.
function heatOf(app, piece) {
  return app.info.legal
    .map((m) => ({ m, p: app.game.moveSquares(m) }))
    .filter(({ p }) => p && p.drop === piece.toUpperCase())
    .map(({ m, p }) => ({ ...outcome(app, m), sq: p.to }));
}

export function renderBoard(app) {
  if (app.mode === 'edit') return;
  const info = app.info;
  const last = app.history.lastMove();
  let selected = app.selected;
  let dests = selected ? destsOf(app, selected) : [];
  let heat = app.reserveSel ? heatOf(app, app.reserveSel) : [];
  if (!selected && !app.reserveSel && app.hoverMove) {
    // A move hovered in a list is shown on the board.
    const p = app.game.moveSquares(app.hoverMove);
    if (p && p.drop) heat = [{ ...outcome(app, app.hoverMove), sq: p.to }];
    else if (p) {
      selected = p.from;
      dests = [{ ...outcome(app, app.hoverMove), sq: p.to }];
    }
  }
  app.board.render({
    game: app.game, state: info.state, flip: app.flip, rules: app.rules,
    selected, dests, heat, lastMove: last ? app.game.moveSquares(last) : null,
  });
  renderReserve($('reserve'), {
    game: app.game, state: info.state, side: info.state && info.state.side, selected: app.reserveSel,
    active: !info.over && app.humanToMove() && !info.positionError, onPick: (p) => app.input.pickReserve(p),
  });
}

export function showEditorBoard(app, state) {
  app.board.render({ game: app.game, state, flip: app.flip, rules: app.rules, dests: [], heat: [] });
  renderReserve($('reserve'), { game: app.game, state, side: state.side, selected: null, active: false, onPick: () => {} });
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
    points, cursor: hist.cursor, sideNames: app.game.sides.map(app.game.sideName), onJump: (ply) => app.go(ply),
  });
  $('nav-ply').textContent = `ply ${hist.cursor} of ${hist.length}`;
  $('nav-first').disabled = $('nav-back').disabled = hist.cursor === 0;
  $('nav-forward').disabled = $('nav-last').disabled = hist.cursor === hist.length;
}

function renderPlayStatus(app) {
  const el = $('play-status');
  const info = app.info;
  const names = app.game.sides.map(app.game.sideName);
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
    game: app.game, state: info.state, query: info.query, legal: info.legal, over: info.over,
    onPlay: (m) => app.play(m), onHover: (m) => { app.hoverMove = m; renderBoard(app); },
  });
  // Which position the verdict and move list show, once its answers are in (for the tests).
  $('move-list').dataset.position = $('verdict').dataset.position = info.loading ? '' : info.position;
  renderLine(app);
  if (app.mode === 'play') $('position-text').value = info.position;
  $('pass-button').hidden = !info.legal.includes('pass') || !app.humanToMove();
  renderPlayStatus(app);
  writeHash(app);
}
