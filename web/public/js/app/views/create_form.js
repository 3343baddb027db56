// The form that opens a room: game, its options (as `welcome` describes them), clock
// (live or correspondence), side, match length, private or public. The same fields
// challenge a player (views/challenge.js): `opts` name its ids and request, and what
// follows the answer.

import { h, replace } from '../dom.js';
import { CLOCK_PRESETS, SIDES, buildCreateRoom } from '../room_form.js';
import { clockFields } from './clock_fields.js';
import { gameName, sideName, errorText } from '../describe.js';
import { roomUrl } from '../router.js';

/**
 * @param {import('../app.js').App} app
 * @param {object} [opts] `prefix` of the ids, `testid` of the test ids (options:
 *   `option-NAME` for the room's form, `TESTID-option-NAME` else), `build(values, info)`
 *   the request (room_form.js's way), `done(reply)`, `error(err)` in words, `submit` its
 *   button's words, `extra` a node beside it, `rated` checked first (for a registered
 *   player), `room` false without "private".
 */
export function createForm(app, opts = {}) {
  const t = app.t;
  const games = app.welcome.games;
  const { prefix: p = 'cf', testid: tid = 'create', build = buildCreateRoom, done = (r) => app.navigate(roomUrl(r.room.room_id, r.invite_code)), room = true } = opts;
  const say = opts.error ?? ((err) => errorText(t, err));
  const field = (id, label, control, extra = null) =>
    h('div', { class: 'field' }, h('label', { for: id }, label), control, extra);

  const game = h('select', { id: `${p}-game`, testid: `${tid}-game` }, games.map((g) => h('option', { value: g.id }, gameName(t, g.id, g.name))));
  const options = h('div', { class: 'options' });
  const clock = clockFields(t, p, tid, CLOCK_PRESETS, '5+3');
  const side = h('select', { id: `${p}-side`, testid: `${tid}-side` });
  const count = h('input', { id: `${p}-games`, testid: `${tid}-games`, type: 'number', min: '1', max: '99', value: '1', inputmode: 'numeric' });
  const priv = room ? h('input', { id: `${p}-private`, testid: `${tid}-private`, type: 'checkbox' }) : null;
  // Rated games are for registered players; a guest's are casual.
  const registered = Boolean(app.identity?.registered);
  const rated = h('input', { id: `${p}-rated`, testid: `${tid}-rated`, type: 'checkbox', checked: registered && opts.rated !== false, disabled: !registered });
  const error = h('p', { class: 'form-error', role: 'alert', testid: `${tid}-error` });
  const submit = h('button', { type: 'submit', class: 'primary', testid: `${tid}-submit` }, opts.submit ?? t('create.submit'));

  const info = () => games.find((g) => g.id === game.value);

  function drawGame() {
    const g = info();
    replace(options, g.options.map((o) => {
      const id = `${p}-opt-${o.name}`;
      const testid = `${room ? '' : `${tid}-`}option-${o.name}`;
      const label = t.maybe(`option.${o.name}`, o.description);
      const control = o.allowed.length
        ? h('select', { id, testid, name: o.name },
            o.allowed.map((v) => h('option', { value: String(v), selected: v === o.default }, String(v))))
        : h('input', { id, testid, name: o.name, type: 'number', min: '1', step: '1', inputmode: 'numeric', placeholder: t('create.no_limit') });
      return field(id, label, control);
    }));
    const chosen = side.value || 'random';
    replace(side, SIDES.map((s) => h('option', { value: s, selected: s === chosen },
      s === 'random' ? t('side.random') : `${sideName(t, g[`${s}_side`])} (${t(`create.side_${s}`)})`)));
  }

  game.addEventListener('change', drawGame);
  drawGame();

  const form = h('form', { class: `${tid}-form`, testid: `${tid}-form`, onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = '';
    const values = {
      game: game.value,
      options: Object.fromEntries([...options.querySelectorAll('[name]')].map((el) => [el.name, el.value])),
      ...clock.values(),
      side: side.value, games: count.value, private: Boolean(priv?.checked),
      rated: registered ? rated.checked : undefined,
    };
    const built = build(values, info());
    if (!built.ok) {
      error.textContent = t(built.error, built.params);
      return;
    }
    submit.disabled = true;
    try {
      done(await app.conn.request(built.request));
    } catch (err) {
      error.textContent = say(err);
    } finally {
      submit.disabled = false;
    }
  } },
    h('div', { class: 'grid' },
      field(`${p}-game`, t('create.game'), game),
      options,
      field(`${p}-clock`, t('create.clock'), clock.select),
      clock.fields,
      field(`${p}-side`, t('create.side'), side),
      field(`${p}-games`, t('create.games'), count),
      priv && h('div', { class: 'field check' }, priv, h('label', { for: `${p}-private` }, t('create.private'))),
      h('div', { class: 'field check' }, rated, h('label', { for: `${p}-rated` }, registered ? t('create.rated') : t('create.rated_guest')))),
    error,
    opts.extra ? h('div', { class: 'row' }, opts.extra, submit) : submit,
  );
  form.dataset.registered = String(registered);
  return form;
}
