// Value vocabulary shared by every panel, so that colours, badges and words agree
// everywhere: a value is 'win' | 'draw' | 'loss' (for the side that moves) with a
// remoteness in plies (null for a draw, and for a win or loss read from tables that keep
// values only), or null when no table knows it.

// W7 / D / L12 / ? : the text twin of the colour, so colour is never the only signal.
export function badge(value, remoteness) {
  if (value === 'win') return `W${remoteness ?? ''}`;
  if (value === 'loss') return `L${remoteness ?? ''}`;
  if (value === 'draw') return 'D';
  return '?';
}

export function valueWord(value) {
  return { win: 'win', draw: 'draw', loss: 'loss' }[value] || 'unknown';
}

const RANK = { win: 0, draw: 1, loss: 2 };

// Best first for the mover: fastest win, then draws, then slowest loss (a distance not
// known counts as the longest).
export function compareOutcomes(a, b) {
  const ra = RANK[a.value] ?? 3;
  const rb = RANK[b.value] ?? 3;
  if (ra !== rb) return ra - rb;
  const far = (o) => o.remoteness ?? Number.MAX_SAFE_INTEGER;
  if (a.value === 'win') return far(a) - far(b);
  if (a.value === 'loss') return far(b) - far(a);
  return 0;
}

export function opposite(value) {
  return { win: 'loss', loss: 'win', draw: 'draw' }[value] || null;
}

// Moves that keep the position's value; when exactly one of several does, it is the
// "only move" (GamesmanUni and Lichess both flag it).
export function onlyMoves(positionValue, moves) {
  if (!positionValue || moves.length < 2) return new Set();
  const keeping = moves.filter((m) => m.value === positionValue);
  return keeping.length === 1 ? new Set([keeping[0].move]) : new Set();
}

// " in 7 plies", or nothing when the tables keep values only.
function inPlies(n) {
  return n == null ? '' : ` in ${n} ${n === 1 ? 'ply' : 'plies'}`;
}

// Chess speaks of mates: a win in r plies is mate in (r+1)/2 moves, a loss mated in r/2.
function mateText(value, r) {
  if (value === 'win') return `mate in ${(r + 1) / 2}`;
  if (value === 'loss') return `mated in ${r / 2}`;
  return '';
}

// "White wins in 15 plies", "Draw", "Black to move loses in 12 plies".
export function verdictText(gameId, side, value, remoteness) {
  const mate = gameId === 'chess' && remoteness != null ? ` — ${mateText(value, remoteness)}` : '';
  if (value === 'win') return `${side} wins${inPlies(remoteness)}${mate}`;
  if (value === 'loss') return `${side} to move loses${inPlies(remoteness)}${mate}`;
  if (value === 'draw') return 'Draw';
  return 'Value unknown';
}

export function moveValueText(value, remoteness) {
  if (value === 'win') return `wins${inPlies(remoteness)}`;
  if (value === 'loss') return `loses${inPlies(remoteness)}`;
  if (value === 'draw') return 'draws';
  return 'unknown';
}
