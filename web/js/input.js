// Playing on the board, from the moves as the API lists them (from, to, drop, promotion):
// press or drag a piece of the side to move to see its destinations (coloured by value),
// release or click on one to play. Drops and placements: choose a piece in hand, then a
// square; on a board of points, with one kind of piece in hand, a click on the point is
// enough (Morris's stones). Moves that share their squares ask which: the pieces they would
// take off (a Morris mill's) are marked on the board to click, a promotion's piece is asked
// in a dialog.
import { $, h, clear } from './dom.js';
import { badge } from './values.js';
import { drawPiece, pieceName } from './board.js';
import { isPointsBoard } from './points.js';

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
    if (candidates.length > 1 && candidates.every((m) => m.remove)) return removal(candidates);
    if (candidates.length > 1) return promotion(candidates);
    return null;
  }

  // Moves that differ only by the piece they take off (a Morris mill's): that piece is
  // clicked on the board, among the candidates' squares, each marked with its value
  // (view.js); a click elsewhere cancels.
  function removal(candidates) {
    app.removal = candidates;
    app.selected = null;
    app.reserveSel = null;
    app.renderBoard();
  }

  // The choice between moves on the same squares: one button per move, with its value badge;
  // a promotion shows its piece, any other move its name.
  function promotion(candidates) {
    const box = $('promotion');
    clear(box);
    const promotes = candidates.every((mv) => mv.promotion);
    box.append(h('span', { class: 'small' }, [promotes ? 'Promote to:' : 'Which move?']));
    for (const mv of candidates) {
      const v = app.valueOf(mv.move);
      const valued = h('span', { class: `badge v-${v ? v.value : 'unknown'}` }, [v ? badge(v.value, v.remoteness) : '?']);
      if (!promotes) {
        box.append(h('button', {
          class: `promo v-${v ? v.value : 'unknown'}`, 'data-move': mv.move, 'aria-label': `play ${mv.name || mv.move}`,
          onclick: () => { box.hidden = true; app.play(mv.move); },
        }, [mv.name || mv.move, ' ', valued]));
        continue;
      }
      const piece = mv.promotion;
      const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      icon.setAttribute('viewBox', '0 0 100 100');
      icon.setAttribute('class', 'promo-icon');
      icon.append(drawPiece(app.game, piece));
      box.append(h('button', {
        class: `promo v-${v ? v.value : 'unknown'}`, 'data-promo': piece.kind, 'data-move': mv.move,
        'aria-label': `promote to ${pieceName(app.info.board, piece)}`,
        onclick: () => { box.hidden = true; app.play(mv.move); },
      }, [icon, ' ', piece.kind, ' ', valued]));
    }
    box.append(h('button', { class: 'promo-cancel', onclick: () => { box.hidden = true; } }, ['✕']));
    box.hidden = false;
  }

  // Placements on the point `sq` when the side to move holds one kind of piece (Morris's
  // stones): a click there places it. With several kinds the piece is chosen from the hand
  // first; so it is on a board of squares, where a drop is a deliberate choice (Dobutsu's
  // one captured chick is not dropped by a stray click on an empty square).
  function soleDrops(sq) {
    const board = app.info.board;
    const hand = (board.hands && board.hands[board.to_move]) || [];
    if (hand.length !== 1 || !isPointsBoard(board)) return [];
    return app.info.moves.filter((m) => m.drop && m.drop.kind === hand[0].kind && m.to === sq);
  }

  return {
    // On a press: select a piece of the side to move; says whether it may be dragged.
    down(sq) {
      if (app.mode !== 'play') return app.editor.down(sq);
      if (!canMove() || app.removal) return false;
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
      if (app.removal) {
        const mv = app.removal.find((m) => m.remove === sq);
        app.removal = null;
        return mv ? app.play(mv.move) : app.renderBoard();
      }
      if (!sq) return;
      if (app.reserveSel) {
        const drops = app.info.moves.filter((m) => m.drop && m.drop.kind === app.reserveSel && m.to === sq);
        if (drops.length) return choose(drops);
        app.reserveSel = null;
        return app.renderBoard();
      }
      if (!app.selected) return sq === from ? choose(soleDrops(sq)) : null;
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
