// Each game's styling by the id the server uses: optional. A game the server lists with no
// module here is drawn from the API's board alone (discs with labels, marks as dots), and
// its positions are edited as text.
import tatedrez from './tatedrez.js';
import taktikl from './taktikl.js';
import tablut from './tablut.js';
import chess from './chess.js';
import dobutsu from './dobutsu.js';
import quixo from './quixo.js';
import morris from './morris.js';

export const STYLES = { tatedrez, taktikl, tablut, chess, dobutsu, quixo, morris };

// The address's ?plain leaves every game unstyled: what a game new to the page looks like
// (the browser test draws and plays each game so).
const PLAIN = new URLSearchParams(location.search).has('plain');

export function styleOf(id) {
  return (!PLAIN && STYLES[id]) || {};
}
