// Game review: each move of a game judged against the tables (POST /api/review): optimal,
// slower (plies lost) or a mistake (the value changed), with the best move, each side's
// summary and the ply from which the result was forced. Rows jump to their ply.
import { h, clear } from './dom.js';
import { badge } from './values.js';

const VERDICT = {
  optimal: () => ['optimal', '✓ optimal'],
  slower: (p) => ['slower', `slower (−${p.plies_lost} ${p.plies_lost === 1 ? 'ply' : 'plies'})`],
  mistake: () => ['mistake', '✗ mistake'],
};

function valueBadge(v) {
  if (!v || !v.value) return h('span', { class: 'badge v-unknown' }, ['?']);
  return h('span', { class: `badge v-${v.value}` }, [badge(v.value, v.remoteness)]);
}

export function renderReview(container, data, { onJump }) {
  clear(container);
  if (data.error) {
    container.append(h('p', { class: 'error', id: 'review-error' }, [data.error]));
    return;
  }
  const summary = h('table', { class: 'review-summary', id: 'review-summary' }, [
    h('thead', {}, [h('tr', {}, ['side', 'optimal', 'slower', 'mistakes', 'unknown'].map((t) => h('th', {}, [t])))]),
    h('tbody', {}, data.summary.map((sm) => h('tr', { 'data-side': sm.side }, [
      h('th', {}, [sm.side]), h('td', {}, [String(sm.optimal)]), h('td', {}, [String(sm.slower)]),
      h('td', {}, [String(sm.mistakes)]), h('td', {}, [String(sm.unknown)]),
    ]))),
  ]);
  container.append(summary);
  const decided = data.decided_from;
  container.append(h('p', { class: 'decided', id: 'review-decided', 'data-decided-from': decided ?? '' }, [
    decided === null || decided === undefined
      ? 'The game did not end decided (or a value is unknown): no forced result.'
      : `From ply ${decided} on, the result was forced (the rows marked ▸).`,
    data.over && data.result ? ` Game over: ${data.result}.` : '',
  ]));
  const rows = data.plies.map((p) => {
    const [cls, text] = (VERDICT[p.verdict] || (() => ['unknown', p.verdict]))(p);
    return h('tr', {
      class: `review-row r-${cls}${decided === p.ply ? ' decided-here' : ''}`, 'data-ply': p.ply,
      'data-verdict': p.verdict, tabindex: 0, onclick: () => onJump(p.ply),
      onkeydown: (e) => { if (e.key === 'Enter') onJump(p.ply); },
    }, [
      h('td', {}, [decided !== null && p.ply >= decided ? '▸ ' : '', String(p.ply)]),
      h('td', {}, [p.side]),
      h('td', { class: 'mono' }, [p.name || p.move, p.only_move ? h('span', { class: 'only-move' }, ['only']) : null]),
      h('td', {}, [h('span', { class: `verdict-pill r-${cls}` }, [text])]),
      h('td', {}, [valueBadge(p.before), ' → ', valueBadge(p.played)]),
      h('td', { class: 'mono' }, [p.verdict === 'optimal' ? '' : (p.best_move_name || p.best_move || '')]),
    ]);
  });
  container.append(h('table', { class: 'review-table', id: 'review-table' }, [
    h('thead', {}, [h('tr', {}, ['ply', 'side', 'move', 'verdict', 'value before → after', 'best'].map((t) => h('th', {}, [t])))]),
    h('tbody', {}, rows),
  ]));
}
