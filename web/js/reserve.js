// The hands beside the board, as the API's board lists them (TateDrez: the pieces still to
// place; Dobutsu Shogi: the pieces captured). The side to move's pieces are buttons;
// choosing one shows where putting it wins, draws or loses.
import { h, clear } from './dom.js';
import { drawPiece, pieceName } from './board.js';

export function renderReserve(container, { style, board, selected, active, onPick }) {
  const hands = board && board.hands;
  // No hands, or everything placed: the board gets the room.
  container.hidden = !hands || hands.every((hand) => !hand.length);
  clear(container);
  if (container.hidden) return;
  for (let who = hands.length - 1; who >= 0; who--) {
    const mine = who === board.to_move;
    const box = h('div', { class: `hand hand-${who}${mine ? ' to-move' : ''}`, id: `reserve-${who}`, 'data-owner': who }, [
      h('div', { class: 'hand-title small' }, [`${board.players[who]} in hand`]),
    ]);
    const row = h('div', { class: 'hand-pieces' });
    for (const p of hands[who]) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '0 0 100 100');
      svg.append(drawPiece(style, p));
      const chosen = mine && selected === p.kind;
      row.append(h('button', {
        class: `hand-piece${chosen ? ' selected' : ''}`, 'data-reserve': p.kind, 'data-owner': who,
        'data-count': p.count, disabled: !(mine && active), 'aria-pressed': chosen ? 'true' : 'false',
        'aria-label': `${style.handVerb || 'place'} the ${pieceName(board, p)}${p.count > 1 ? ` (${p.count} in hand)` : ''}`,
        onclick: () => onPick(p.kind),
      }, [svg, p.count > 1 ? h('span', { class: 'hand-count' }, [`×${p.count}`]) : null]));
    }
    if (!hands[who].length) row.append(h('span', { class: 'muted small' }, [style.emptyHand || 'none']));
    box.append(row);
    container.append(box);
  }
}
