// The morris games: how the page styles them (stones as plain white and black stones, a
// groove round the edge, no letter: the colour says whose). The board itself, points, lines
// and mills, comes from the API's board of points (points.js), as for any game.
import { s } from '../dom.js';

function drawPiece(p) {
  return s('g', { class: `mo-stone ${p.owner === 0 ? 'mo-white' : 'mo-black'}` }, [
    s('circle', { cx: 50, cy: 50, r: 36, class: 'mo-body' }),
    s('circle', { cx: 50, cy: 50, r: 26, class: 'mo-groove' }),
  ]);
}

export default {
  title: 'Morris',  // the variant (Nine Men's, Lasker, Morabaraba, Six Men's) is the rule beside it
  drawPiece,
};
