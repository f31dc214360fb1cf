// Search for positions outside the tables: POST /api/analyze starts a job, its progress is
// polled every 300 ms (horizon, proof and disproof numbers, nodes, time) until it is done
// or cancelled, then each move's forced result within the horizon and the best move show.
import { $, h, clear } from './dom.js';
import { api } from './api.js';

const POLL_MS = 300;

const MOVE_STATUS = {
  win: (n) => [`proved win within ${n} plies`, 'win'],
  loss: (n) => [`proved loss within ${n} plies`, 'loss'],
  none: (n) => [`no forced result within ${n} plies`, 'none'],
  unknown: () => ['unknown (the search ran out)', 'unknown'],
};

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
    this.position = app.history.current();
    this.game = app.game.id;
    this.seconds = seconds;
    clear($('analyze-progress'));
    clear($('analyze-result'));
    this.setState('starting', 'starting…');
    const r = await api.analyzeStart(app.game.id, app.rules, this.position, seconds);
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
    this.renderProgress(d.progress || null, (performance.now() - this.startedAt) / 1000);
    if (d.state === 'running') {
      this.timer = setTimeout(() => this.poll(), POLL_MS);
      return;
    }
    this.finish(d.state, d.error);
    if (d.result) {
      // The last progress report is from the proof search; the job's own time is the result's.
      this.renderProgress(d.progress || null, d.result.seconds);
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
    this.setState('cancelling', 'cancelling…');
    await api.analyzeCancel(id);
    // The job ends with its result so far; the next poll reads it.
    clearTimeout(this.timer);
    await this.poll();
  }

  // The server reports the proof searches; after them (half the budget) come the moves'
  // proofs and the best-move search, which it does not report: the page's own clock and
  // a phase line say where the job is.
  renderProgress(p, elapsed) {
    const dl = clear($('analyze-progress'));
    const phase = !p ? 'starting'
      : elapsed > p.seconds + 0.8 ? 'proving each move, then searching for the best move' : `proof search for ${p.attacker}`;
    const items = [
      ['phase', phase, ''],
      ['horizon', p ? `${p.horizon} plies` : '–', 'the depth being proved'],
      ['proof', p ? fmt(p.proof) : '–', 'proof number: how hard a forced win still looks (0 = proved)'],
      ['disproof', p ? fmt(p.disproof) : '–', 'disproof number (0 = no forced win)'],
      ['nodes', p ? fmt(p.nodes) : '–', 'positions the proof search has visited'],
      ['elapsed', `${elapsed.toFixed(1)} s of ${this.seconds} s`, p ? `proof search: ${p.seconds.toFixed(1)} s` : ''],
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
      `Searched ${res.position} for ${res.seconds.toFixed(1)} s${res.cancelled ? ' (cancelled)' : ''}.`,
    ]));
    const proofs = h('ul', { class: 'proofs' });
    for (const p of res.proofs) {
      const text = p.result === 'proven' ? `${p.attacker} has a forced win within ${p.plies} plies`
        : p.result === 'disproven' ? `${p.attacker} has no forced win within ${p.no_forced_win_within ?? p.plies} plies`
          : `${p.attacker}: unknown at ${p.plies} plies`;
      proofs.append(h('li', { 'data-proof': p.attacker, 'data-result': p.result }, [text, h('span', { class: 'muted small' }, [` (${fmt(p.nodes)} nodes)`])]));
    }
    out.append(proofs);
    if (res.forced) out.append(h('p', { class: 'forced' }, [`Forced: ${JSON.stringify(res.forced)}`]));
    if (res.best_move) {
      out.append(h('p', { class: 'best-move' }, [
        'Best move: ',
        h('button', {
          id: 'analyze-best', class: 'move', 'data-move': res.best_move, disabled: !here,
          onclick: () => this.app.play(res.best_move),
        }, [res.best_move]),
        h('span', { class: 'muted small' }, [` score ${res.score}, search depth ${res.search_depth}, ${fmt(res.search_nodes)} nodes`]),
      ]));
    }
    const table = h('div', { class: 'analyze-moves', id: 'analyze-moves' });
    for (const m of res.moves) {
      const [text, cls] = (MOVE_STATUS[m.result] || MOVE_STATUS.unknown)(m.plies);
      table.append(h('button', {
        class: `move a-${cls}${m.move === res.best_move ? ' best' : ''}`, 'data-move': m.move, 'data-result': m.result,
        disabled: !here, onclick: () => this.app.play(m.move),
      }, [
        h('span', { class: 'move-text' }, [m.move]),
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
