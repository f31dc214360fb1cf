// A key to the marks of the board (Tablut's squares, Tak Tikl's memories), as the API's
// board names them, each with a swatch drawn like the board draws it.
import { h, clear } from './dom.js';

export function renderLegend(container, board) {
  clear(container);
  const legend = (board && board.legend) || [];
  for (const { mark, text } of legend) {
    container.append(h('span', { class: 'legend-item', 'data-legend': mark }, [
      h('span', { class: `legend-swatch sw-${mark}`, 'aria-hidden': 'true' }), text]));
  }
  container.hidden = !legend.length;
}
