// The Tables view: for each stored table of the game and rules (chess and Tablut: the
// material asked for), how many positions are won, drawn and lost, and how far from the
// end they are (wins above the axis, losses below, by remoteness), drawn as SVG bars.
import { h, s, clear } from './dom.js';

function num(n) {
  return Number(n).toLocaleString('en-US');
}

function bytes(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} B`;
}

// One horizontal bar split wins / draws / losses, with the counts written beside.
function wdlBar(t) {
  const total = t.wins + t.draws + t.losses || 1;
  const W = 360;
  const svg = s('svg', { viewBox: `0 0 ${W} 22`, class: 'wdl-bar', role: 'img',
    'aria-label': `wins ${t.wins}, draws ${t.draws}, losses ${t.losses}` });
  let x = 0;
  for (const [v, n] of [['win', t.wins], ['draw', t.draws], ['loss', t.losses]]) {
    const w = (n / total) * W;
    if (w > 0) svg.append(s('rect', { x, y: 0, width: w, height: 22, class: `v-${v} bar-fill` }, [s('title', {}, [`${v}: ${num(n)}`])]));
    if (w > 44) svg.append(s('text', { x: x + w / 2, y: 15, 'text-anchor': 'middle', class: `bar-text v-${v}` }, [`${Math.round((n / total) * 100)}%`]));
    x += w;
  }
  return svg;
}

// Wins by remoteness upward, losses downward, one column per ply.
function remotenessChart(t, log) {
  const wins = t.wins_by_remoteness || [];
  const losses = t.losses_by_remoteness || [];
  const n = Math.max(wins.length, losses.length);
  if (!n) return h('p', { class: 'muted small' }, ['no won or lost positions']);
  const scale = (v) => (log ? Math.log10(1 + v) : v);
  const max = Math.max(1, ...wins.map(scale), ...losses.map(scale));
  const colW = Math.max(4, Math.min(16, 420 / n));
  const W = 40 + colW * n;
  const half = 60;
  const svg = s('svg', { viewBox: `0 0 ${W} ${half * 2 + 18}`, class: 'rem-chart', width: W, role: 'img',
    'aria-label': `positions by remoteness, longest win ${t.longest_win}, longest loss ${t.longest_loss}` });
  svg.append(s('line', { x1: 36, y1: half, x2: W, y2: half, class: 'axis' }),
    s('text', { x: 0, y: 12, class: 'chart-tick' }, ['wins']),
    s('text', { x: 0, y: half * 2 - 2, class: 'chart-tick' }, ['losses']));
  for (let r = 0; r < n; r++) {
    const x = 38 + r * colW;
    const w = wins[r] || 0;
    const l = losses[r] || 0;
    if (w) {
      const hgt = (scale(w) / max) * (half - 4);
      svg.append(s('rect', { x, y: half - hgt, width: colW - 1, height: hgt, class: 'v-win bar-fill' }, [s('title', {}, [`win in ${r}: ${num(w)}`])]));
    }
    if (l) {
      const hgt = (scale(l) / max) * (half - 4);
      svg.append(s('rect', { x, y: half, width: colW - 1, height: hgt, class: 'v-loss bar-fill' }, [s('title', {}, [`loss in ${r}: ${num(l)}`])]));
    }
    if (r % Math.max(1, Math.ceil(n / 12)) === 0) {
      svg.append(s('text', { x: x + colW / 2, y: half * 2 + 14, 'text-anchor': 'middle', class: 'chart-tick' }, [String(r)]));
    }
  }
  return svg;
}

export function renderTables(container, data, { log }) {
  clear(container);
  if (data.error) {
    container.append(h('p', { class: 'error', id: 'tables-error' }, [data.error]));
    if (data.command) container.append(h('code', { class: 'command' }, [data.command]));
    return;
  }
  container.append(h('p', { class: 'small muted' }, [`${data.tables.length} table(s) in ${data.directory}`]));
  for (const t of data.tables) {
    const card = h('section', { class: 'table-card', 'data-table': t.tier, 'data-present': String(t.present) });
    card.append(h('h4', {}, [t.tier, h('span', { class: 'muted small' },
      [t.present ? ` · ${num(t.positions)} positions · ${bytes(t.bytes)}` : ` · missing (about ${bytes(t.estimated_bytes)})`])]));
    if (t.error) card.append(h('p', { class: 'error small' }, [t.error]));
    if (t.present && t.wins !== undefined) {
      card.append(wdlBar(t));
      card.append(h('p', { class: 'small legend' }, [
        h('span', { class: 'badge v-win' }, [`W ${num(t.wins)}`]), ' ',
        h('span', { class: 'badge v-draw' }, [`D ${num(t.draws)}`]), ' ',
        h('span', { class: 'badge v-loss' }, [`L ${num(t.losses)}`]),
        t.longest_win >= 0 ? ` · longest win ${t.longest_win} plies` : '',
        t.longest_loss >= 0 ? ` · longest loss ${t.longest_loss} plies` : '',
      ]));
      card.append(remotenessChart(t, log));
    }
    container.append(card);
  }
}
