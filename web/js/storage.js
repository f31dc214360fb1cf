// What the page keeps in localStorage: the colour palette and the numbered save slots.
// Storage may be unavailable (private windows, file://): the page then just forgets.
const PALETTE_KEY = 'zugzwang.palette';
const SLOTS_KEY = 'zugzwang.slots';
export const SLOT_COUNT = 8;

function read(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // nothing to do: the setting lasts until the page is closed
  }
}

export const getPalette = () => read(PALETTE_KEY, 'standard');
export const setPalette = (p) => write(PALETTE_KEY, p);

// A slot: {game, rules, root, moves, cursor, saved (ISO time)} or null.
export function getSlots() {
  const slots = read(SLOTS_KEY, []);
  return Array.from({ length: SLOT_COUNT }, (_, i) => slots[i] || null);
}

export function setSlot(i, value) {
  const slots = getSlots();
  slots[i] = value;
  write(SLOTS_KEY, slots);
}
