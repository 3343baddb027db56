// "Play now": the quick pairing. Game, clock preset (or a correspondence control),
// rated or casual; the server pairs with a waiting seek that matches, or opens one and
// waits (then the lobby shows it as the visitor's room, with its cancel button).

import { h, replace } from '../dom.js';
import { SEEK_CLOCKS, buildSeek } from '../room_form.js';
import { gameName, errorText } from '../describe.js';
import { clockFields } from './clock_fields.js';

/** @param {import('../app.js').App} app */
export function seekForm(app) {
  const t = app.t;
  const games = app.welcome.games;
  const registered = Boolean(app.identity?.registered);
  const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
  const game = h('select', { id: 'sk-game', testid: 'seek-game' }, games.map((g) => h('option', { value: g.id }, gameName(t, g.id, g.name))));
  const options = h('div', { class: 'options' });
  const clock = clockFields(t, 'sk', 'seek', SEEK_CLOCKS, '5+3');
  const rated = h('select', { id: 'sk-rated', testid: 'seek-rated' },
    h('option', { value: 'rated', selected: registered, disabled: !registered }, t('seek.rated')),
    h('option', { value: 'casual', selected: !registered }, t('seek.casual')));
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'seek-error' });
  const submit = h('button', { type: 'submit', class: 'primary', testid: 'seek-submit' }, t('seek.submit'));
  const info = () => games.find((g) => g.id === game.value);

  // Only options with a fixed choice (Sea tafl's board): a seek pairs equal settings.
  const drawOptions = () => replace(options, (info()?.options || []).filter((o) => o.allowed.length).map((o) => {
    const id = `sk-opt-${o.name}`;
    return field(id, t.maybe(`option.${o.name}`, o.description),
      h('select', { id, name: o.name, testid: `seek-option-${o.name}` }, o.allowed.map((v) => h('option', { value: String(v), selected: v === o.default }, String(v)))));
  }));
  game.addEventListener('change', drawOptions);
  drawOptions();

  return h('form', { class: 'seek-form', testid: 'seek-form', onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = '';
    const values = { game: game.value, ...clock.values(), rated: rated.value,
      options: Object.fromEntries([...options.querySelectorAll('[name]')].map((el) => [el.name, el.value])) };
    const built = buildSeek(values, info(), registered);
    if (!built.ok) {
      error.textContent = t(built.error, built.params);
      return;
    }
    submit.disabled = true;
    try {
      // The answer is game_started (paired: the page follows the game) or room_created
      // (waiting: the lobby shows the room); app.js takes both.
      await app.conn.request(built.request);
    } catch (err) {
      error.textContent = errorText(t, err);
    } finally {
      submit.disabled = false;
    }
  } },
    h('div', { class: 'grid' }, field('sk-game', t('create.game'), game), options, field('sk-clock', t('create.clock'), clock.select), clock.fields, field('sk-rated', t('seek.kind'), rated)),
    error, submit);
}
