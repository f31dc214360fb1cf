// Playing on the board: press or drag a piece of the side to move to see its destinations
// (coloured by value), release or click on one to play. TateDrez placement: choose a piece
// in hand, then a square. Chess promotions ask for the piece.
import { $, h, clear } from './dom.js';
import { badge } from './values.js';

export function createInput(app) {
  let wasSelected = false;

  function movesFrom(sq) {
    return app.info.legal.filter((m) => {
      const p = app.game.moveSquares(m);
      return p && p.from === sq;
    });
  }

  function canMove() {
    return app.mode === 'play' && app.info && app.info.state && !app.info.over && app.humanToMove();
  }

  function choose(candidates) {
    if (candidates.length === 1) return app.play(candidates[0]);
    if (candidates.length > 1) return promotion(candidates);
    return null;
  }

  // The promotion dialog: one button per legal promotion, with its value badge.
  function promotion(candidates) {
    const box = $('promotion');
    clear(box);
    box.append(h('span', { class: 'small' }, ['Promote to:']));
    const st = app.info.state;
    for (const mv of candidates) {
      const letter = mv.slice(-1);
      const piece = st.side === 'w' ? letter.toUpperCase() : letter;
      const v = app.valueOf(mv);
      box.append(h('button', {
        class: `promo v-${v ? v.value : 'unknown'}`, 'data-promo': letter, 'data-move': mv,
        'aria-label': `promote to ${app.game.pieceName(piece)}`,
        onclick: () => { box.hidden = true; app.play(mv); },
      }, [{ q: '♛', r: '♜', b: '♝', n: '♞' }[letter], ' ', letter.toUpperCase(), ' ',
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
      const st = app.info.state;
      const piece = st.board[sq];
      if (app.selected && app.selected !== sq && app.destsOf(app.selected).some((d) => d.sq === sq)) return false;
      if ((!piece || app.game.pieceSide(piece) === st.side) && movesFrom(sq).length) {  // Quixo: blank cubes move
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
        const mv = app.info.legal.find((m) => {
          const p = app.game.moveSquares(m);
          return p && p.drop === app.reserveSel.toUpperCase() && p.to === sq;
        });
        if (mv) return app.play(mv);
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
      const candidates = movesFrom(app.selected).filter((m) => app.game.moveSquares(m).to === sq);
      if (candidates.length) return choose(candidates);
      app.selected = null;
      app.renderBoard();
    },

    // TateDrez: a piece in hand was chosen (or chosen again, to drop the choice).
    pickReserve(piece) {
      if (!canMove()) return;
      app.reserveSel = app.reserveSel === piece ? null : piece;
      app.selected = null;
      app.renderBoard();
    },

    movesFrom,
  };
}
