// The games, by the id the server uses.
import tatedrez from './tatedrez.js';
import taktikl from './taktikl.js';
import tablut from './tablut.js';
import chess from './chess.js';
import quixo from './quixo.js';

export const GAMES = { tatedrez, taktikl, tablut, chess, quixo };

// parse() throws on text it cannot draw; drawing code wants null instead.
for (const g of Object.values(GAMES)) {
  g.parseSafe = (text) => {
    try {
      return g.parse(text);
    } catch {
      return null;
    }
  };
}
