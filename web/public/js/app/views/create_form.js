// The form that opens a room: game, its options (as `welcome` describes them), clock
// (live or correspondence), side, match length, private or public.

import { h, replace } from '../dom.js';
import { CLOCK_PRESETS, SIDES, buildCreateRoom } from '../room_form.js';
import { clockFields } from './clock_fields.js';
import { gameName, sideName, errorText } from '../describe.js';
import { roomUrl } from '../router.js';

/** @param {import('../app.js').App} app */
export function createForm(app) {
  const t = app.t;
  const games = app.welcome.games;
  const field = (id, label, control, extra = null) =>
    h('div', { class: 'field' }, h('label', { for: id }, label), control, extra);

  const game = h('select', { id: 'cf-game', testid: 'create-game' }, games.map((g) => h('option', { value: g.id }, gameName(t, g.id, g.name))));
  const options = h('div', { class: 'options' });
  const clock = clockFields(t, 'cf', 'create', CLOCK_PRESETS, '5+3');
  const side = h('select', { id: 'cf-side', testid: 'create-side' });
  const count = h('input', { id: 'cf-games', testid: 'create-games', type: 'number', min: '1', max: '99', value: '1', inputmode: 'numeric' });
  const priv = h('input', { id: 'cf-private', testid: 'create-private', type: 'checkbox' });
  // Rated games are for registered players; a guest's are casual.
  const registered = Boolean(app.identity?.registered);
  const rated = h('input', { id: 'cf-rated', testid: 'create-rated', type: 'checkbox', checked: registered, disabled: !registered });
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'create-error' });
  const submit = h('button', { type: 'submit', class: 'primary', testid: 'create-submit' }, t('create.submit'));

  const info = () => games.find((g) => g.id === game.value);

  function drawGame() {
    const g = info();
    replace(options, g.options.map((o) => {
      const id = `cf-opt-${o.name}`;
      const label = t.maybe(`option.${o.name}`, o.description);
      const control = o.allowed.length
        ? h('select', { id, testid: `option-${o.name}`, name: o.name },
            o.allowed.map((v) => h('option', { value: String(v), selected: v === o.default }, String(v))))
        : h('input', { id, testid: `option-${o.name}`, name: o.name, type: 'number', min: '1', step: '1', inputmode: 'numeric', placeholder: t('create.no_limit') });
      return field(id, label, control);
    }));
    const chosen = side.value || 'random';
    replace(side, SIDES.map((s) => h('option', { value: s, selected: s === chosen },
      s === 'random' ? t('side.random') : `${sideName(t, g[`${s}_side`])} (${t(`create.side_${s}`)})`)));
  }

  game.addEventListener('change', drawGame);
  drawGame();

  const form = h('form', { class: 'create-form', testid: 'create-form', onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = '';
    const values = {
      game: game.value,
      options: Object.fromEntries([...options.querySelectorAll('[name]')].map((el) => [el.name, el.value])),
      ...clock.values(),
      side: side.value, games: count.value, private: priv.checked,
      rated: registered ? rated.checked : undefined,
    };
    const built = buildCreateRoom(values, info());
    if (!built.ok) {
      error.textContent = t(built.error, built.params);
      return;
    }
    submit.disabled = true;
    try {
      const reply = await app.conn.request(built.request);
      app.navigate(roomUrl(reply.room.room_id, reply.invite_code));
    } catch (err) {
      error.textContent = errorText(t, err);
    } finally {
      submit.disabled = false;
    }
  } },
    h('div', { class: 'grid' },
      field('cf-game', t('create.game'), game),
      options,
      field('cf-clock', t('create.clock'), clock.select),
      clock.fields,
      field('cf-side', t('create.side'), side),
      field('cf-games', t('create.games'), count),
      h('div', { class: 'field check' }, priv, h('label', { for: 'cf-private' }, t('create.private'))),
      h('div', { class: 'field check' }, rated, h('label', { for: 'cf-rated' }, registered ? t('create.rated') : t('create.rated_guest')))),
    error,
    submit,
  );
  form.dataset.registered = String(registered);
  return form;
}
