#!/usr/bin/env node
// Writes tests/data/chess/san.txt: positions with some of their legal moves in UCI and the SAN
// the npm package chess.js (an independent implementation nobody here wrote) gives them.
// tests/chess/san_test.cpp checks format_san and parse_san against every record.
//
// Not run by CI or the build. To regenerate (deterministic for a given chess.js version):
//   npm install --prefix /tmp/chessjs chess.js@1.4.0
//   CHESS_JS=/tmp/chessjs/node_modules/chess.js node tools/chess-san/make-fixture.js > tests/data/chess/san.txt
'use strict';
const { Chess } = require(process.env.CHESS_JS || 'chess.js');
const version = require((process.env.CHESS_JS || 'chess.js') + '/package.json').version;

// A fixed seed: the same file every run (mulberry32).
let seed = 20261202;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

// Starts chosen for what random play from the opening rarely reaches: promotions (with
// capture, under-promotions, both colours), castling both sides with rooks and kings that
// may not, en passant (legal, and pinned), several queens, rooks and knights that need
// their file, rank or both, mates in one.
const starts = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  '4k3/1P4P1/8/8/8/8/1p4p1/R3K2R w KQ - 0 1',
  '1r2k2r/P6P/8/8/8/8/p6p/R3K1R1 b Qk - 0 1',
  '4k3/8/8/2N1N3/8/2N1N3/8/4K3 w - - 0 1',
  '2k5/8/8/8/Q6Q/8/8/Q3K2Q w - - 0 1',
  'q3k2q/8/8/8/8/8/8/2K5 b - - 0 1',
  '3k4/8/8/R6R/8/8/8/R3K2R w KQ - 0 1',
  '4k3/8/8/1n3n2/8/1n3n2/8/7K b - - 0 1',
  '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1',
  '4k3/8/8/8/2pP4/8/8/4K3 b - d3 0 1',
  '8/8/8/K2pP2r/8/8/8/7k w - d6 0 1',
  '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1',
  'k7/8/1K6/8/8/8/8/6Q1 w - - 0 1',
  '1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1',
  'r1b1k2r/ppppqppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 0 1',
  '3qk3/8/8/8/8/8/8/R3K2R w KQ - 0 1',
  'r3k2r/8/8/8/8/8/8/4KQ2 b kq - 0 1',
  '7k/8/5K2/8/8/8/8/1B4B1 w - - 0 1',
  '2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1',
  '8/1PPPPPP1/8/2k5/8/8/8/4K3 w - - 0 1',
  'R6R/8/8/8/8/8/4k3/R5K1 w - - 0 1',
  // En passant: two pawns that may take (named by file), one pinned, with check.
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  '4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1',
  '4k3/8/8/8/3pPp2/8/8/4K3 b - e3 0 1',
  '8/8/3k4/4pP2/8/8/8/4K3 w - e6 0 1',
  '8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1',
  '8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1',
  // Three or four of a kind on the corners of a square: file and rank both needed.
  'Q1Q5/7k/Q1Q5/8/8/8/8/4K3 w - - 0 1',
  'k7/8/8/N1N5/8/8/8/N1N1K3 w - - 0 1',
  '4k3/8/8/8/8/B1B5/8/B1B1K3 w - - 0 1',
  '4K3/8/8/8/8/q1q5/8/q1q1k3 b - - 0 1',
  'n1n1k3/8/8/n1n5/8/8/8/4K3 b - - 0 1',
];

const out = [];
out.push(`# Positions and moves with their SAN as chess.js ${version} writes it (tools/chess-san/make-fixture.js).`);
out.push('# One position a line: FEN|number of legal moves|uci san|uci san|...');
let positions = 0;
const target = 2600;

function interesting(m) {
  return m.san.length > 0 && (/^[NBRQK][a-h1-8]/.test(m.san.replace(/x/, '')) && /^[NBRQK][a-h]?[1-8]?x?[a-h][1-8]/.test(m.san) &&
         m.san.replace(/[+#]$/, '').replace('x', '').length > 3) ||
         m.promotion || m.flags.includes('k') || m.flags.includes('q') || m.flags.includes('e') || /[+#]$/.test(m.san);
}

function record(game) {
  const moves = game.moves({ verbose: true });
  if (!moves.length) return;
  const chosen = new Set();
  const special = moves.filter(interesting);
  for (const m of special) if (chosen.size < 6) chosen.add(m);
  while (chosen.size < Math.min(moves.length, special.length ? 7 : 5)) chosen.add(pick(moves));
  const fields = [game.fen(), String(moves.length)];
  for (const m of chosen) fields.push(`${m.from}${m.to}${m.promotion || ''} ${m.san}`);
  out.push(fields.join('|'));
  ++positions;
}

let round = 0;
while (positions < target) {
  const start = starts[round++ % starts.length];
  const game = new Chess(start);
  const length = start === starts[0] ? 40 + Math.floor(random() * 200) : 10 + Math.floor(random() * 60);
  for (let ply = 0; ply < length && positions < target; ++ply) {
    if (ply === 0 ? start !== starts[0] : random() < (start === starts[0] ? 0.25 : 0.6)) record(game);
    const moves = game.moves({ verbose: true });
    if (!moves.length || game.isDraw()) break;
    // Lean towards captures and promotions now and then, so games reach endings.
    const forcing = moves.filter((m) => m.captured || m.promotion);
    game.move(forcing.length && random() < 0.3 ? pick(forcing) : pick(moves));
  }
}
process.stdout.write(out.join('\n') + '\n');
