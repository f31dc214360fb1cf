// The position's verdict in words, with its value colour and state for the tests
// (data-state: loading / ok / over / missing / error), and the missing-table notice.
import { $ } from './dom.js';
import { verdictText, badge } from './values.js';

export function renderVerdict({ game, info }) {
  const el = $('verdict');
  const sub = $('verdict-sub');
  const missing = $('missing');
  missing.hidden = true;
  sub.textContent = '';
  el.removeAttribute('data-value');
  el.removeAttribute('data-remoteness');
  if (!info) {
    el.dataset.state = 'loading';
    el.textContent = 'Loading…';
    return;
  }
  if (info.positionError) {
    el.dataset.state = 'error';
    el.textContent = 'Not a valid position';
    sub.textContent = info.positionError;
    return;
  }
  const side = info.sideName;
  const q = info.query;
  const notes = [];
  if (info.over) {
    el.dataset.state = 'over';
    el.dataset.value = q ? q.value : 'unknown';
    const result = info.result || 'game over';
    el.textContent = `Game over: ${result === 'draw' ? 'draw' : result}`;
    el.dataset.result = result;
    sub.textContent = `${side} to move, no moves left.`;
    return;
  }
  delete el.dataset.result;
  if (!q) {
    el.dataset.state = 'missing';
    el.textContent = 'Not in the tables';
    const e = info.queryError || {};
    $('missing-text').textContent = e.error || 'The tables do not cover this position.';
    $('missing-command').textContent = e.command || '';
    $('missing-command').hidden = !e.command;
    missing.hidden = false;
    sub.textContent = `${side} to move. ${e.command ? 'Build the table with the command below, or search:' : 'The search can still look for a forced result:'}`;
    return;
  }
  el.dataset.state = 'ok';
  el.dataset.value = q.value;
  el.dataset.remoteness = q.remoteness ?? '';
  el.textContent = '';
  const words = document.createElement('span');
  words.id = 'verdict-text';
  words.textContent = verdictText(game.id, side, q.value, q.remoteness);
  el.append(badgeEl(q.value, q.remoteness), words);
  notes.push(`${side} to move`);
  if (q.plies_left !== undefined) notes.push(`move limit: ${q.plies_left} plies left`);
  if (q.fifty_move_rule) {
    const f = q.fifty_move_rule;
    notes.push(`the tables ignore the 50-move rule (halfmove clock ${f.halfmove_clock})${f.draw_claimable ? ': a draw can already be claimed' : ''}`);
  }
  sub.textContent = notes.join(' · ');
  if (q.mutual_zugzwang) {
    sub.append(' ');
    const flag = document.createElement('span');
    flag.className = 'zugzwang-flag';
    flag.id = 'mutual-zugzwang';
    flag.title = 'whoever is to move here is worse off than if the other side were';
    flag.textContent = 'mutual zugzwang';
    sub.append(flag);
  }
}

function badgeEl(value, remoteness) {
  const b = document.createElement('span');
  b.className = `badge big v-${value}`;
  b.textContent = badge(value, remoteness);
  return b;
}
