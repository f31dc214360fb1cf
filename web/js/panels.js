// The actions of the side panels that ask the server: the Tables view, the game review,
// the save slots; and resetting the panels when the game changes.
import { $ } from './dom.js';
import { api } from './api.js';
import { styleOf } from './games/index.js';
import { History } from './history.js';
import { renderTables } from './tables.js';
import { renderReview } from './review.js';
import { renderSlots } from './slots.js';

export async function loadTables(app) {
  const byMaterial = app.gameInfo.tables_by_material;
  // Chess and Tablut tables are by material: the current position's is offered first.
  if (byMaterial && !$('tables-material').value) $('tables-material').value = app.info.material || 'all2';
  const out = $('tables-out');
  out.textContent = 'Loading…';
  const r = await api.tables(app.game.id, app.rules, byMaterial ? $('tables-material').value.trim() : '');
  renderTables(out, r.data, { log: $('tables-log').checked });
  out.dataset.loaded = 'true';
}

export async function runReview(app) {
  const moves = $('review-moves').value.split(/\s+/).filter(Boolean);
  const out = $('review-out');
  out.textContent = 'Reviewing…';
  const r = await api.review(app.game.id, app.rules, app.history.root, moves);
  if (r.ok) {
    // The reviewed moves become the line on the board, so each row can jump to its ply.
    const plies = r.data.plies;
    const same = plies.length <= app.history.length && plies.every((p, i) => app.history.steps[i].move === p.move);
    if (!same) {
      const hist = new History(app.history.root);
      plies.forEach((p, i) => hist.play(p.move, i + 1 < plies.length ? plies[i + 1].position : r.data.final_position, p.name));
      app.setHistory(hist);
    }
  }
  renderReview(out, r.data, { onJump: (ply) => app.go(ply) });
  out.dataset.loaded = 'true';
}

function snapshot(app) {
  return {
    game: app.game.id, rules: { ...app.rules }, root: app.history.root, moves: app.history.moves(),
    cursor: app.history.cursor, position: app.history.current(), saved: new Date().toISOString(),
  };
}

export function showSlots(app) {
  renderSlots($('slots'), {
    snapshot: () => snapshot(app),
    restore: (sl) => { app.showTab('moves'); app.setGame(sl.game, sl.rules, sl.root, sl.moves, sl.cursor); },
    titles: Object.fromEntries(Object.keys(app.games).map((id) => [id, styleOf(id).title || id])),
  });
}

// A new game: the panels that belonged to the old one.
export function resetPanels(app) {
  $('tables-material-field').hidden = !app.gameInfo.tables_by_material;
  $('tables-material').value = '';
  $('tables-out').textContent = '';
  $('review-out').textContent = '';
  $('review-moves').value = '';
}
