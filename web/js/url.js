// The shareable address: location.hash holds the game, its rules (only those that differ
// from the defaults), the first position, the moves played and the ply shown:
//   #game=tatedrez&rule=no-move%3Dpass&pos=3%2F3%2F3+w&moves=R%40b2+R%40a1&ply=2
export function encodeHash({ game, rules, defaults, root, moves, ply }) {
  const p = new URLSearchParams();
  p.set('game', game);
  for (const [k, v] of Object.entries(rules)) if (String(defaults[k]) !== String(v)) p.append('rule', `${k}=${v}`);
  p.set('pos', root);
  if (moves.length) {
    p.set('moves', moves.join(' '));
    if (ply !== moves.length) p.set('ply', String(ply));
  }
  return `#${p.toString()}`;
}

export function decodeHash(hash) {
  const text = (hash || '').replace(/^#/, '');
  if (!text) return null;
  const p = new URLSearchParams(text);
  const game = p.get('game');
  if (!game) return null;
  const rules = {};
  for (const r of p.getAll('rule')) {
    const i = r.indexOf('=');
    if (i > 0) rules[r.slice(0, i)] = r.slice(i + 1);
  }
  const moves = (p.get('moves') || '').split(/\s+/).filter(Boolean);
  const ply = p.has('ply') ? Number(p.get('ply')) : moves.length;
  return { game, rules, root: p.get('pos') || 'start', moves, ply: Number.isFinite(ply) ? ply : moves.length };
}
