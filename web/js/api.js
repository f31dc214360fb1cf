// The JSON API of `zugzwang serve` (docs/api.md). Every call answers
// {ok, status, data}: errors are data too ({error, command?, bytes?}), because the page
// shows them (a parser's reason, a missing table's solve command).

async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['Content-Type'] = 'application/json';
  }
  try {
    const res = await fetch(path, init);
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = { error: `the server answered ${res.status} without JSON` };
    }
    return { ok: res.ok, status: res.status, data };
  } catch (e) {
    return { ok: false, status: 0, data: { error: `cannot reach the server (${e.message})` } };
  }
}

// Rules are an object {name: value}; each becomes a repeated `rule=name=value`.
function query(game, rules, extra) {
  const p = new URLSearchParams();
  p.set('game', game);
  for (const [k, v] of Object.entries(rules || {})) p.append('rule', `${k}=${v}`);
  for (const [k, v] of Object.entries(extra || {})) {
    for (const item of [].concat(v)) p.append(k, item);
  }
  return p.toString();
}

function ruleList(rules) {
  return Object.entries(rules || {}).map(([k, v]) => `${k}=${v}`);
}

// Answers about one position never change for one server, so they are kept (bounded).
const cache = new Map();
const CACHE_LIMIT = 2000;

async function cached(key, fetcher) {
  if (cache.has(key)) return cache.get(key);
  const promise = fetcher().then((r) => {
    // Keep answers and refusals (a bad position stays bad); not a missing table (404),
    // which may be built meanwhile, nor a failure.
    if (r.status !== 200 && r.status !== 400) cache.delete(key);
    return r;
  });
  cache.set(key, promise);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value);
  return promise;
}

export const api = {
  version: () => request('GET', '/api/version'),
  games: () => request('GET', '/api/games'),
  position: (game, rules, position) =>
    cached(`p|${query(game, rules, { position })}`, () =>
      request('GET', `/api/position?${query(game, rules, { position })}`)),
  board: (game, rules, position) =>
    cached(`b|${query(game, rules, { position })}`, () =>
      request('GET', `/api/board?${query(game, rules, { position })}`)),
  query: (game, rules, position) =>
    cached(`q|${query(game, rules, { position })}`, () =>
      request('GET', `/api/query?${query(game, rules, { position })}`)),
  line: (game, rules, position) =>
    cached(`l|${query(game, rules, { position })}`, () =>
      request('GET', `/api/line?${query(game, rules, { position })}`)),
  move: (game, rules, position, moves) =>
    cached(`m|${query(game, rules, { position, move: moves })}`, () =>
      request('GET', `/api/move?${query(game, rules, { position, move: moves })}`)),
  tables: (game, rules, material) =>
    request('GET', `/api/tables?${query(game, rules, material ? { material } : {})}`),
  review: (game, rules, start, moves, options = {}) =>
    request('POST', '/api/review', { game, rules: ruleList(rules), start, moves, ...options }),
  analyzeStart: (game, rules, position, seconds, lines) =>
    request('POST', '/api/analyze', { game, rules: ruleList(rules), position, seconds, lines }),
  analyzeStatus: (id) => request('GET', `/api/analyze/${id}`),
  analyzeCancel: (id) => request('DELETE', `/api/analyze/${id}`),
};
