// The rule options of the chosen game, from /api/games: a list of values becomes a select,
// "N" a number field. Each control carries data-rule with the option's name.
import { h, clear } from './dom.js';

export function renderRules(container, info, rules, onChange) {
  clear(container);
  for (const opt of info.rules) {
    const id = `rule-${opt.name}`;
    let control;
    if (Array.isArray(opt.values)) {
      control = h('select', { id, 'data-rule': opt.name, onchange: (e) => onChange(opt.name, e.target.value) },
        opt.values.map((v) => h('option', { value: v, selected: String(rules[opt.name]) === v }, [v === opt.default ? `${v} (default)` : v])));
    } else {
      control = h('input', {
        id, 'data-rule': opt.name, type: 'number', min: 0, class: 'num', value: rules[opt.name],
        onchange: (e) => onChange(opt.name, e.target.value === '' ? opt.default : e.target.value),
      });
    }
    container.append(h('label', { class: 'field', title: opt.help }, [opt.name, ' ', control]));
  }
  if (!info.rules.length) container.append(h('span', { class: 'muted small' }, ['no rule options']));
}
