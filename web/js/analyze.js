// The Analyze tab, an engine panel: POST /api/analyze starts a job (the game's best search
// and proof search at once), its progress is polled every 300 ms and shown live — the best
// lines with their scores, an evaluation bar, the search's depth and speed, and how far
// neither side is proven to force a win — until it is done or stopped; then each move's
// proven result. A position the tables cover is answered by the tables.
import { $, h, clear } from './dom.js';
import { api } from './api.js';

const POLL_MS = 300;
const DECISIVE = 900000;
const WIN = 1000000;

// A move's proven result, counted from the position analysed (the move's own ply included).
const MOVE_STATUS = {
  win: (n) => [`proved win in ${n + 1} plies`, 'win'],
  loss: (n) => [`proved loss in ${n + 1} plies`, 'loss'],
  none: (n) => [`no forced result within ${n + 1} plies`, 'none'],
  draw: () => ['draw (tables)', 'none'],
  unknown: () => ['unknown (the search ran out)', 'unknown'],
};

// "+0.45" style is for chess pawns; Tablut's scores are the evaluation's own units.
function scoreText(score) {
  if (score > DECISIVE) return `win in ${WIN - score}`;
  if (score < -DECISIVE) return `loss in ${WIN + score}`;
  return score > 0 ? `+${score}` : `${score}`;
}

// The side to move's share of the bar: a logistic of the score, all of it for a forced win.
function share(score) {
  if (score > DECISIVE) return 1;
  if (score < -DECISIVE) return 0;
  return 1 / (1 + Math.exp(-score / 250));
}

export class Analyzer {
  constructor(app) {
    this.app = app;
    this.job = null;
    this.timer = null;
    this.position = null;
    $('analyze-start').addEventListener('click', () => this.start());
    $('analyze-cancel').addEventListener('click', () => this.cancel());
  }

  setState(state, text) {
    const pill = $('analyze-state');
    pill.dataset.state = state;
    pill.textContent = text || state;
  }

  async start() {
    if (this.job !== null) await this.cancel();
    const { app } = this;
    const seconds = Number($('analyze-seconds').value) || 5;
    const lines = Math.max(1, Math.min(10, Number($('analyze-lines').value) || 1));
    this.position = app.history.current();
    this.game = app.game.id;
    this.seconds = seconds;
    clear($('analyze-progress'));
    clear($('analyze-result'));
    clear($('analyze-lines-out'));
    this.shownLines = null;
    $('analyze-eval').hidden = true;
    this.setState('starting', 'starting…');
    const r = await api.analyzeStart(app.game.id, app.rules, this.position, seconds, lines);
    if (!r.ok) {
      this.setState('failed', 'refused');
      $('analyze-result').append(h('p', { class: 'error', id: 'analyze-error' }, [r.data.error]));
      return;
    }
    this.job = r.data.job;
    this.startedAt = performance.now();
    this.setState('running', 'running');
    $('analyze-cancel').disabled = false;
    $('analyze-start').disabled = true;
    this.poll();
  }

  async poll() {
    const id = this.job;
    if (id === null) return;
    const r = await api.analyzeStatus(id);
    if (id !== this.job) return;
    if (!r.ok) {
      this.finish('failed', r.data.error);
      return;
    }
    const d = r.data;
    const p = d.progress || null;
    this.renderProgress(p, (performance.now() - this.startedAt) / 1000);
    if (p && p.lines.length) this.renderLines(p.lines, [p.side_to_move, p.opponent], p.lines[0].score);
    if (d.state === 'running') {
      this.timer = setTimeout(() => this.poll(), POLL_MS);
      return;
    }
    this.finish(d.state, d.error);
    if (d.result) {
      this.renderProgress(p, d.result.seconds, d.result);
      const res = d.result;
      // The position's exact value (tables, rules, a proof) stands over the search's score.
      const exact = res.value === 'win' ? WIN - res.remoteness : res.value === 'loss' ? -WIN + res.remoteness
        : res.value === 'draw' ? 0 : null;
      const score = exact ?? (res.lines.length ? res.lines[0].score : null);
      this.renderLines(res.lines, res.proofs.map((x) => x.attacker), score);
      this.renderResult(d.result);
    }
  }

  finish(state, error) {
    clearTimeout(this.timer);
    this.job = null;
    this.setState(state);
    $('analyze-cancel').disabled = true;
    $('analyze-start').disabled = false;
    if (error) $('analyze-result').append(h('p', { class: 'error' }, [error]));
  }

  async cancel() {
    const id = this.job;
    if (id === null) return;
    $('analyze-cancel').disabled = true;
    this.setState('cancelling', 'stopping…');
    await api.analyzeCancel(id);
    // The job ends with its result so far; the next poll reads it.
    clearTimeout(this.timer);
    await this.poll();
  }

  // The best lines, best first, and the evaluation bar at `score` (for the side to move).
  renderLines(lines, [mover, other], score) {
    // Redrawn only when they change: a line's move stays clickable while the search runs.
    const here = this.position === this.app.history.current();
    const key = JSON.stringify([lines, score, here]);
    if (key === this.shownLines) return;
    this.shownLines = key;
    const out = clear($('analyze-lines-out'));
    lines.forEach((line, i) => {
      const proof = line.proof && line.proof.result !== 'unknown'
        ? (MOVE_STATUS[line.proof.result] || MOVE_STATUS.unknown)(line.proof.plies)[0] : '';
      out.append(h('li', { 'data-line': i + 1, 'data-score': line.score }, [
        h('span', { class: 'line-score' }, [scoreText(line.score)]),
        h('button', { class: 'move line-move', 'data-move': line.move, disabled: !here, onclick: () => this.app.play(line.move) },
          [line.name || line.move]),
        ' ',
        h('span', { class: 'line-pv' }, [(line.pv_names && line.pv_names.length === line.pv.length ? line.pv_names : line.pv).slice(1).join(' ')]),
        proof ? h('span', { class: 'line-proof' }, [`(${proof})`]) : null,
      ]));
    });
    if (score === null || score === undefined) return;
    $('analyze-eval').hidden = false;
    $('analyze-eval-mover').textContent = mover;
    $('analyze-eval-other').textContent = other;
    $('analyze-eval-fill').style.width = `${(share(score) * 100).toFixed(1)}%`;
    $('analyze-eval-score').textContent = `${scoreText(score)} for ${mover}`;
    $('analyze-eval-score').dataset.score = score;
  }

  renderProgress(p, elapsed, result) {
    const dl = clear($('analyze-progress'));
    const proven = result ? result.no_forced_win_within : p && p.no_forced_win_within;
    const depth = result ? result.search_depth : p && p.depth;
    const nps = result ? result.nodes_per_second : p && p.nodes_per_second;
    const searchNodes = result ? result.search_nodes : p && p.search_nodes;
    const items = [
      ['depth', depth ? `${depth} plies` : '–', 'the last depth the search completed'],
      ['search-nodes', searchNodes ? fmt(searchNodes) : '–', 'positions the search has visited'],
      ['nps', nps ? `${fmt(Math.round(nps))}/s` : '–', 'search speed, positions per second'],
      ['proven', proven ? `${proven} plies` : '–', 'no forced win for either side within this many plies (proven)'],
      ['horizon', p ? `${p.horizon} plies` : '–', `the horizon being proved${p && p.attacker ? ` (${p.attacker})` : ''}`],
      ['nodes', p ? fmt(p.nodes) : '–', 'positions the proof search has visited'],
      ['elapsed', `${elapsed.toFixed(1)} s of ${this.seconds} s`, ''],
    ];
    for (const [k, v, title] of items) {
      dl.append(h('div', { class: 'progress-item', 'data-progress': k, title }, [h('dt', {}, [k]), h('dd', {}, [v])]));
    }
    dl.append(h('div', { class: 'progress-bar', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': this.seconds,
      'aria-valuenow': Math.min(elapsed, this.seconds).toFixed(1) }, [
      h('span', { style: `width: ${Math.min(100, (elapsed / this.seconds) * 100).toFixed(1)}%` }),
    ]));
  }

  renderResult(res) {
    const out = clear($('analyze-result'));
    const here = res.position === this.app.history.current();
    out.append(h('p', { class: 'small muted' }, [
      `Analysed ${res.position} for ${res.seconds.toFixed(1)} s${res.cancelled ? ' (stopped)' : ''}.`,
    ]));
    if (res.value) {
      const words = res.value === 'draw' ? 'a draw' : `${res.value} in ${res.remoteness} plies`;
      out.append(h('p', { class: 'forced', id: 'analyze-value', 'data-source': res.source }, [
        `Exact value for ${res.proofs[0].attacker}: ${words} (${res.source === 'tables' ? 'the tables' : res.source === 'rules' ? 'the game is over' : 'proven'}).`,
      ]));
    }
    const proofs = h('ul', { class: 'proofs' });
    for (const p of res.proofs) {
      const text = p.exact ? `${p.attacker} ${p.result === 'proven' ? `wins in ${p.plies} plies` : 'has no forced win'} (exact)`
        : p.result === 'proven' ? `${p.attacker} has a forced win within ${p.plies} plies`
          : p.result === 'disproven' ? `${p.attacker} has no forced win within ${p.no_forced_win_within ?? p.plies} plies`
            : `${p.attacker}: unknown at ${p.plies} plies`;
      proofs.append(h('li', { 'data-proof': p.attacker, 'data-result': p.result }, [text, h('span', { class: 'muted small' }, [` (${fmt(p.nodes)} nodes)`])]));
    }
    out.append(proofs);
    if (res.best_move) {
      out.append(h('p', { class: 'best-move' }, [
        'Best move: ',
        h('button', {
          id: 'analyze-best', class: 'move', 'data-move': res.best_move, disabled: !here,
          onclick: () => this.app.play(res.best_move),
        }, [res.best_move_name || res.best_move]),
        h('span', { class: 'muted small' }, [` ${scoreText(res.score)}, depth ${res.search_depth}, ${fmt(res.search_nodes)} nodes`]),
      ]));
    }
    const table = h('div', { class: 'analyze-moves', id: 'analyze-moves' });
    for (const m of res.moves) {
      const [text, cls] = (MOVE_STATUS[m.result] || MOVE_STATUS.unknown)(m.plies);
      table.append(h('button', {
        class: `move a-${cls}${m.move === res.best_move ? ' best' : ''}`, 'data-move': m.move, 'data-result': m.result,
        disabled: !here, onclick: () => this.app.play(m.move),
      }, [
        h('span', { class: 'move-text' }, [m.name || m.move]),
        m.move === res.best_move ? h('span', { class: 'only-move' }, ['best']) : null,
        h('span', { class: 'move-words' }, [text]),
      ]));
    }
    out.append(table);
  }
}

function fmt(n) {
  if (n === null || n === undefined) return '–';
  if (n >= 1e15) return '∞';
  return Number(n).toLocaleString('en-US');
}
