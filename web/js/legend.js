// A key to the special marks of a game's board (Tablut's squares, Tak Tikl's memories),
// each with a swatch drawn like the board draws it.
import { h, clear } from './dom.js';

export function renderLegend(container, game) {
  clear(container);
  for (const [kind, text] of game.legend || []) {
    container.append(h('span', { class: 'legend-item' }, [h('span', { class: `legend-swatch sw-${kind}`, 'aria-hidden': 'true' }), text]));
  }
  container.hidden = !(game.legend && game.legend.length);
}
