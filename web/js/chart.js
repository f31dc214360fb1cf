// The visual value history (after GamesmanUni): one point per ply of the current line.
// Above the centre line the first player is winning, below it the second; the edges are
// remoteness 0 (the game ends), so a won game runs out toward its edge. A point's colour
// is the value for the side to move at that ply. Clicking a point jumps there.
import { s, clear } from './dom.js';
import { badge, opposite } from './values.js';

const H = 170;
const TOP = 18;
const BOTTOM = H - 18;
const MID = (TOP + BOTTOM) / 2;
const LEFT = 74;
// The least distance between a decided value's dot and the draw line.
const GAP = 0.35 * (MID - TOP);

export function renderChart(container, { points, cursor, sideNames, onJump }) {
  clear(container);
  const n = points.length;
  // Fill the box's width; a long line scrolls sideways instead of squeezing its points.
  const avail = Math.max(300, (container.clientWidth || 540) - 2);
  const step = n > 1 ? Math.max(10, Math.min(40, (avail - LEFT - 20) / (n - 1))) : 0;
  const W = Math.max(avail, LEFT + 20 + step * (n - 1));
  const known = points.filter((p) => p && p.value && p.value !== 'draw');
  const maxR = Math.max(2, ...known.map((p) => p.remoteness ?? 0));
  // Remoteness 0 at the edge, the largest at GAP from the centre line: a decided value is
  // drawn well inside its winner's band however long the win (a lone won start with
  // remoteness 21 sat a few pixels from the draw line, where it read as a draw).
  // A win or loss of a values-only table (no distance) halfway into its band.
  const depth = (r) => (r == null ? 0.5 : r / maxR) * (MID - TOP - GAP);
  const yOf = (p) => {
    if (!p || !p.value || p.value === 'draw') return MID;
    const firstWins = (p.sideIndex === 0 ? p.value : opposite(p.value)) === 'win';
    return firstWins ? TOP + depth(p.remoteness) : BOTTOM - depth(p.remoteness);
  };
  const xOf = (i) => LEFT + i * step;

  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart-svg', width: W, height: H, role: 'img',
    'aria-label': 'value history chart' });
  svg.append(
    s('rect', { x: LEFT - 8, y: TOP, width: W - LEFT, height: MID - TOP, class: 'chart-band band-first' }),
    s('rect', { x: LEFT - 8, y: MID, width: W - LEFT, height: BOTTOM - MID, class: 'chart-band band-second' }),
    s('line', { x1: LEFT - 8, y1: MID, x2: W, y2: MID, class: 'chart-mid' }),
    s('text', { x: 4, y: TOP + 12, class: 'chart-label' }, [`${sideNames[0]} wins`]),
    s('text', { x: 4, y: MID + 4, class: 'chart-label' }, ['draw']),
    s('text', { x: 4, y: BOTTOM - 4, class: 'chart-label' }, [`${sideNames[1]} wins`]),
  );
  for (let i = 0; i < n; i += Math.max(1, Math.ceil(n / 16))) {
    svg.append(s('text', { x: xOf(i), y: H - 3, class: 'chart-tick', 'text-anchor': 'middle' }, [String(i)]));
  }
  if (n > 0) {
    svg.append(s('line', { x1: xOf(cursor), y1: TOP - 6, x2: xOf(cursor), y2: BOTTOM + 4, class: 'chart-cursor' }));
  }
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${xOf(i)} ${yOf(p)}`).join(' ');
  if (n > 1) svg.append(s('path', { d: path, class: 'chart-line' }));
  points.forEach((p, i) => {
    const value = p && p.value ? p.value : 'unknown';
    const label = `ply ${i}: ${p && p.value ? badge(p.value, p.remoteness) : 'unknown'}`;
    svg.append(s('g', { class: 'chart-point', 'data-ply': i, 'data-value': value, onclick: () => onJump(i) }, [
      s('title', {}, [label]),
      s('rect', { x: xOf(i) - step / 2, y: TOP - 6, width: step, height: BOTTOM - TOP + 12, class: 'chart-hit' }),
      s('circle', { cx: xOf(i), cy: yOf(p), r: i === cursor ? 7 : 5, class: `chart-dot v-${value}${i === cursor ? ' current' : ''}` }),
    ]));
  });
  container.append(svg);
  // keep the current ply in view on long lines
  const x = xOf(cursor) - container.clientWidth / 2;
  container.scrollLeft = Math.max(0, x);
}
