// Numbered save slots: each holds a game, its rules, the first position and the moves
// played (so a saved line comes back whole, at the ply it was saved at).
import { h, clear } from './dom.js';
import { getSlots, setSlot } from './storage.js';

export function renderSlots(ol, { snapshot, restore, titles }) {
  clear(ol);
  getSlots().forEach((slot, i) => {
    const desc = slot
      ? [h('strong', {}, [titles[slot.game] || slot.game]),
        h('span', { class: 'mono small slot-pos' }, [` ${slot.position || slot.root}`]),
        h('span', { class: 'muted small' }, [` · ${slot.moves.length} move${slot.moves.length === 1 ? '' : 's'} · ${new Date(slot.saved).toLocaleString()}`])]
      : [h('span', { class: 'muted' }, ['empty'])];
    ol.append(h('li', { class: 'slot', 'data-slot': i + 1 }, [
      h('span', { class: 'slot-num' }, [`${i + 1}`]),
      h('span', { class: 'slot-desc' }, desc),
      h('span', { class: 'slot-actions' }, [
        h('button', { 'data-action': 'save', onclick: () => { setSlot(i, snapshot()); renderSlots(ol, { snapshot, restore, titles }); } }, ['Save']),
        h('button', { 'data-action': 'load', disabled: !slot, onclick: () => restore(slot) }, ['Load']),
        h('button', { 'data-action': 'clear', disabled: !slot, 'aria-label': `clear slot ${i + 1}`, onclick: () => { setSlot(i, null); renderSlots(ol, { snapshot, restore, titles }); } }, ['✕']),
      ]),
    ]));
  });
}
