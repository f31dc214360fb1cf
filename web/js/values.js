// Value vocabulary shared by every panel, so that colours, badges and words agree
// everywhere: a value is 'win' | 'draw' | 'loss' (for the side that moves) with a
// remoteness in plies (null for a draw), or null when no table knows it.

// W7 / D / L12 / ? : the text twin of the colour, so colour is never the only signal.
export function badge(value, remoteness) {
  if (value === 'win') return `W${remoteness}`;
  if (value === 'loss') return `L${remoteness}`;
  if (value === 'draw') return 'D';
  return '?';
}

export function valueWord(value) {
  return { win: 'win', draw: 'draw', loss: 'loss' }[value] || 'unknown';
}

const RANK = { win: 0, draw: 1, loss: 2 };

// Best first for the mover: fastest win, then draws, then slowest loss.
export function compareOutcomes(a, b) {
  const ra = RANK[a.value] ?? 3;
  const rb = RANK[b.value] ?? 3;
  if (ra !== rb) return ra - rb;
  if (a.value === 'win') return a.remoteness - b.remoteness;
  if (a.value === 'loss') return b.remoteness - a.remoteness;
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

function plies(n) {
  return `${n} ${n === 1 ? 'ply' : 'plies'}`;
}

// Chess speaks of mates: a win in r plies is mate in (r+1)/2 moves, a loss mated in r/2.
function mateText(value, r) {
  if (value === 'win') return `mate in ${(r + 1) / 2}`;
  if (value === 'loss') return `mated in ${r / 2}`;
  return '';
}

// "White wins in 15 plies", "Draw", "Black to move loses in 12 plies".
export function verdictText(gameId, side, value, remoteness) {
  if (value === 'win') {
    const mate = gameId === 'chess' ? ` — ${mateText(value, remoteness)}` : '';
    return `${side} wins in ${plies(remoteness)}${mate}`;
  }
  if (value === 'loss') {
    const mate = gameId === 'chess' ? ` — ${mateText(value, remoteness)}` : '';
    return `${side} to move loses in ${plies(remoteness)}${mate}`;
  }
  if (value === 'draw') return 'Draw';
  return 'Value unknown';
}

export function moveValueText(value, remoteness) {
  if (value === 'win') return `wins in ${plies(remoteness)}`;
  if (value === 'loss') return `loses in ${plies(remoteness)}`;
  if (value === 'draw') return 'draws';
  return 'unknown';
}
