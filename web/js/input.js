// Playing on the board, from the moves as the API lists them (from, to, drop, promotion):
// press or drag a piece of the side to move to see its destinations (coloured by value),
// release or click on one to play. Drops and placements: choose a piece in hand, then a
// square. A move with a choice of promotions asks for the piece.
import { $, h, clear } from './dom.js';
import { badge } from './values.js';
import { drawPiece, pieceName } from './board.js';

export function createInput(app) {
  let wasSelected = false;

  function movesFrom(sq) {
    return app.info.moves.filter((m) => m.from === sq);
  }

  function canMove() {
    return app.mode === 'play' && app.info && app.info.board && !app.info.over && app.humanToMove();
  }

  function choose(candidates) {
    if (candidates.length === 1) return app.play(candidates[0].move);
    if (candidates.length > 1) return promotion(candidates);
    return null;
  }

  // The promotion dialog: one button per legal promotion, with its value badge.
  function promotion(candidates) {
    const box = $('promotion');
    clear(box);
    box.append(h('span', { class: 'small' }, ['Promote to:']));
    for (const mv of candidates) {
      const piece = mv.promotion || { kind: mv.move, owner: 0, label: mv.move };
      const v = app.valueOf(mv.move);
      const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      icon.setAttribute('viewBox', '0 0 100 100');
      icon.setAttribute('class', 'promo-icon');
      icon.append(drawPiece(app.game, piece));
      box.append(h('button', {
        class: `promo v-${v ? v.value : 'unknown'}`, 'data-promo': piece.kind, 'data-move': mv.move,
        'aria-label': `promote to ${pieceName(app.info.board, piece)}`,
        onclick: () => { box.hidden = true; app.play(mv.move); },
      }, [icon, ' ', piece.kind, ' ',
        h('span', { class: `badge v-${v ? v.value : 'unknown'}` }, [v ? badge(v.value, v.remoteness) : '?'])]));
    }
    box.append(h('button', { class: 'promo-cancel', onclick: () => { box.hidden = true; } }, ['✕']));
    box.hidden = false;
  }

  return {
    // On a press: select a piece of the side to move; says whether it may be dragged.
    down(sq) {
      if (app.mode !== 'play') return app.editor.down(sq);
      if (!canMove()) return false;
      const board = app.info.board;
      const square = board.squares.find((q) => q.name === sq);
      const piece = square && square.piece;
      if (app.selected && app.selected !== sq && app.destsOf(app.selected).some((d) => d.sq === sq)) return false;
      if ((!piece || piece.owner === board.to_move) && movesFrom(sq).length) {  // Quixo: blank cubes move
        wasSelected = app.selected === sq;
        app.selected = sq;
        app.reserveSel = null;
        app.renderBoard();
        return true;
      }
      return false;
    },

    up(sq, from, dragged) {
      if (app.mode !== 'play') return app.editor.up(sq, from, dragged);
      if (!canMove()) return;
      if (!sq) return;
      if (app.reserveSel) {
        const mv = app.info.moves.find((m) => m.drop && m.drop.kind === app.reserveSel && m.to === sq);
        if (mv) return app.play(mv.move);
        app.reserveSel = null;
        return app.renderBoard();
      }
      if (!app.selected) return;
      if (sq === app.selected) {
        if (!dragged && wasSelected) {
          app.selected = null;
          app.renderBoard();
        }
        wasSelected = true;
        return;
      }
      const candidates = movesFrom(app.selected).filter((m) => m.to === sq);
      if (candidates.length) return choose(candidates);
      app.selected = null;
      app.renderBoard();
    },

    // A piece in hand was chosen (or chosen again, to drop the choice), by its kind.
    pickReserve(kind) {
      if (!canMove()) return;
      app.reserveSel = app.reserveSel === kind ? null : kind;
      app.selected = null;
      app.renderBoard();
    },

    movesFrom,
  };
}
