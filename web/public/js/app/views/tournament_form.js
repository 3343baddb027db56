// The form that creates a tournament (on /tournaments, for registered players): name,
// format, game and its options (as the create-room form offers them), clock (live
// presets or days per move), rated, private, the format's own fields (Swiss: rounds;
// round robin: cycles and group size; arena: duration; the others hidden), the number of
// players and minimum rating, and an optional start time. Checked by tournament.js; the
// server's refusal (bad_options says why) is shown under it.

import { h, replace } from '../dom.js';
import { clockFields } from './clock_fields.js';
import { FORMATS, TOURNAMENT_CLOCKS, bothSides, buildCreateTournament } from '../tournament.js';
import { gameName, errorText } from '../describe.js';
import { tournamentUrl } from '../router.js';

/**
 * @param {import('../app.js').App} app
 * @param {Function} w the tournament pages' translator (tournament_words.js)
 */
export function tournamentForm(app, w) {
  const games = app.welcome.games;
  const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id }, label), control);
  const number = (id, testid, min, max, value = '', placeholder = null) =>
    h('input', { id, testid, type: 'number', min, max, step: '1', inputmode: 'numeric', value, placeholder });
  const check = (id, testid, label, checked) =>
    h('div', { class: 'field check' }, h('input', { id, testid, type: 'checkbox', checked }), h('label', { for: id }, label));

  const name = h('input', { id: 'tf-name', testid: 'tournament-name', maxlength: 80, required: true, autocomplete: 'off' });
  const format = h('select', { id: 'tf-format', testid: 'tournament-format' }, FORMATS.map((f) => h('option', { value: f }, w(`tour.format_${f}`))));
  const game = h('select', { id: 'tf-game', testid: 'tournament-game' }, games.map((g) => h('option', { value: g.id, selected: g.id === 'tablut' }, gameName(w, g.id, g.name))));
  const options = h('div', { class: 'options' });
  const clock = clockFields(w, 'tf', 'tournament', TOURNAMENT_CLOCKS, '5+3', ['days']);
  const rounds = number('tf-rounds', 'tournament-rounds', '1', '30', '5');
  const cycles = h('select', { id: 'tf-cycles', testid: 'tournament-cycles' });
  const group = number('tf-group', 'tournament-group-size', '3', '30', '', w('create.no_limit'));
  const duration = number('tf-duration', 'tournament-duration', '1', '1440', '60');
  const max = number('tf-max', 'tournament-max-players', '2', '1000', '', w('tour.default'));
  const min = number('tf-min', 'tournament-min-rating', '0', '4000', '', '0');
  const starts = h('input', { id: 'tf-starts', testid: 'tournament-starts', type: 'datetime-local' });
  const rated = check('tf-rated', 'tournament-rated', w('create.rated'), true);
  const priv = check('tf-private', 'tournament-private', w('tour.private'), false);
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'tournament-create-error' });
  const submit = h('button', { type: 'submit', class: 'primary', testid: 'tournament-submit' }, w('tour.submit'));
  // Each format's own fields, shown only for it.
  const own = {
    swiss: [field('tf-rounds', w('tour.rounds'), rounds)],
    round_robin: [field('tf-cycles', w('tour.cycles'), cycles), field('tf-group', w('tour.group_size'), group)],
    arena: [field('tf-duration', w('tour.duration'), duration)],
  };

  const info = () => games.find((g) => g.id === game.value);

  function drawGame() {
    const g = info();
    replace(options, g.options.map((o) => {
      const id = `tf-opt-${o.name}`;
      const control = o.allowed.length
        ? h('select', { id, testid: `tournament-option-${o.name}`, name: o.name },
            o.allowed.map((v) => h('option', { value: String(v), selected: v === o.default }, String(v))))
        : h('input', { id, testid: `tournament-option-${o.name}`, name: o.name, type: 'number', min: '1', step: '1', inputmode: 'numeric', placeholder: w('create.no_limit') });
      return field(id, w.maybe(`option.${o.name}`, o.description), control);
    }));
    // The server's default: two cycles in the tafl games, each pair playing both sides.
    const two = bothSides(g);
    replace(cycles, [1, 2].map((n) => h('option', { value: String(n), selected: (n === 2) === two }, w(`tour.cycles_${n}`))));
  }
  const drawFormat = () => { for (const [f, els] of Object.entries(own)) for (const el of els) el.hidden = f !== format.value; };

  game.addEventListener('change', drawGame);
  format.addEventListener('change', drawFormat);
  drawGame();
  drawFormat();

  return h('form', { class: 'create-form', testid: 'tournament-form', onsubmit: async (e) => {
    e.preventDefault();
    error.textContent = '';
    const values = {
      name: name.value, format: format.value,
      options: Object.fromEntries([...options.querySelectorAll('[name]')].map((el) => [el.name, el.value])),
      ...clock.values(),
      rated: rated.querySelector('input').checked, private: priv.querySelector('input').checked,
      rounds: rounds.value, cycles: cycles.value, group_size: group.value, duration: duration.value,
      max_players: max.value, min_rating: min.value, starts: starts.value,
    };
    const built = buildCreateTournament(values, info(), Date.now());
    if (!built.ok) {
      error.textContent = w(built.error, built.params);
      return;
    }
    submit.disabled = true;
    try {
      const view = await app.conn.request(built.request);
      app.navigate(tournamentUrl(view.tournament_id));
    } catch (err) {
      error.textContent = errorText(w, err);
    } finally {
      submit.disabled = false;
    }
  } },
    h('div', { class: 'grid' },
      field('tf-name', w('tour.name'), name),
      field('tf-format', w('tour.format'), format),
      field('tf-game', w('create.game'), game),
      options,
      field('tf-clock', w('create.clock'), clock.select),
      clock.fields,
      Object.values(own),
      field('tf-max', w('tour.max_players'), max),
      field('tf-min', w('tour.min_rating'), min),
      field('tf-starts', w('tour.starts_at'), starts),
      rated,
      priv),
    h('p', { class: 'muted small' }, w('tour.starts_note')),
    error,
    submit);
}
