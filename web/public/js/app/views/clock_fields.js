// The clock of the create, seek, computer and tournament forms: a select of the live
// presets (and no clock), then the correspondence kinds in a group of their own, and the
// fields the choice needs, shown only for it (a custom clock's minutes and seconds, days
// per move, a time bank's days and hours). Loaded by the lobby and /tournaments.

import { h } from '../dom.js';
import { CORRESPONDENCE, DAYS_PER_MOVE } from '../room_form.js';

/**
 * `prefix` names the ids (`cf-clock`), `testid` the test ids (`create-clock`), `presets`
 * the live choices, `chosen` the one selected first. Returns {select, fields, values()}:
 * the select, the fields to put after it in the form's grid, and every value by the names
 * room_form.js reads (clock, minutes, increment, days, bank_days, increment_hours,
 * minimum_hours). `kinds`: the correspondence kinds offered (a tournament's: days only).
 * @param {Function} t the translator
 */
export function clockFields(t, prefix, testid, presets, chosen, kinds = CORRESPONDENCE) {
  const id = (name) => `${prefix}-${name}`;
  const option = (p) => h('option', { value: p, selected: p === chosen }, t.maybe(`clock.${p}`, p));
  const select = h('select', { id: id('clock'), testid: `${testid}-clock` },
    presets.map(option), h('optgroup', { label: t('corr.title') }, kinds.map(option)));
  const number = (name, min, max, value, step = '1') =>
    h('input', { id: id(name), testid: `${testid}-clock-${name}`, type: 'number', min, max, step, value, inputmode: step === '1' ? 'numeric' : 'decimal' });
  const inputs = {
    minutes: number('minutes', '0.1', '1440', '10', 'any'),
    increment: number('increment', '0', '3600', '5', 'any'),
    days: h('select', { id: id('days'), testid: `${testid}-clock-days` }, DAYS_PER_MOVE.map((n) => h('option', { value: String(n), selected: n === 3 }, String(n)))),
    bank_days: number('bank_days', '1', '30', '7'),
    increment_hours: number('increment_hours', '0', '72', '12'),
    minimum_hours: number('minimum_hours', '1', '72', '2'),
  };
  const field = (name) => h('div', { class: 'field' }, h('label', { for: id(name) }, t(`create.${name}`)), inputs[name]);
  // `custom-clock` flows its fields into the grid (app.css).
  const group = (...names) => h('div', { class: 'custom-clock' }, names.map(field));
  const groups = { custom: group('minutes', 'increment'), days: group('days'), bank: group('bank_days', 'increment_hours', 'minimum_hours') };
  const show = () => { for (const [kind, g] of Object.entries(groups)) g.hidden = select.value !== kind; };
  select.addEventListener('change', show);
  show();
  return {
    select,
    fields: presets.includes('custom') ? Object.values(groups) : [groups.days, groups.bank],
    values: () => ({ clock: select.value, ...Object.fromEntries(Object.entries(inputs).map(([name, el]) => [name, el.value])) }),
  };
}
