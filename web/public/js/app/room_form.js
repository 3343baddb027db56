// The create-room form's values turned into a create_room request, checked first with
// the limits of docs/protocol.md so that the form can say what is wrong. Pure. The
// server checks everything again; its answer (bad_options...) is shown as it comes.

/** Clock presets: minutes + seconds added per move (Fischer). */
export const CLOCK_PRESETS = ['none', '1+0', '3+2', '5+3', '10+5', '15+10', 'custom'];
export const SIDES = ['random', 'first', 'second'];
/** Correspondence games (docs/protocol.md), offered beside the presets: days per move, or a time bank. */
export const CORRESPONDENCE = ['days', 'bank'];
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 10, 14];

const NUMBER = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;

/** A whole number from the form within [min, max], else NaN. */
const whole = (raw, min, max) => {
  const s = String(raw ?? '').trim();
  return INTEGER.test(s) && Number(s) >= min && Number(s) <= max ? Number(s) : NaN;
};

/**
 * A correspondence control from the form's fields (`days`; `bank_days`, `increment_hours`,
 * `minimum_hours`): {ok:true, clock} or {ok:false, error}. The bank's three numbers share
 * one message: they are shown together.
 */
function correspondenceFromForm(kind, f) {
  if (kind === 'days') {
    const days_per_move = Number(f.days);
    return DAYS_PER_MOVE.includes(days_per_move) ? { ok: true, clock: { days_per_move } } : { ok: false, error: 'form.days' };
  }
  const clock = { bank_days: whole(f.bank_days, 1, 30), increment_hours: whole(f.increment_hours, 0, 72), minimum_hours: whole(f.minimum_hours, 1, 72) };
  return Object.values(clock).some(Number.isNaN) ? { ok: false, error: 'form.bank' } : { ok: true, clock };
}

/**
 * {ok:true, clock} with the protocol's clock object (or null), or {ok:false, error}.
 * `corr` holds a correspondence choice's fields (see correspondenceFromForm).
 */
export function clockFromForm(preset, minutes, increment, corr = {}) {
  if (preset === 'none') return { ok: true, clock: null };
  if (CORRESPONDENCE.includes(preset)) return correspondenceFromForm(preset, corr);
  let initial_s;
  let increment_s;
  if (preset === 'custom') {
    const m = String(minutes).trim();
    const i = String(increment).trim() || '0';
    if (!NUMBER.test(m) || !NUMBER.test(i)) return { ok: false, error: 'form.clock_number' };
    initial_s = Math.round(Number(m) * 60 * 10) / 10;
    increment_s = Number(i);
  } else {
    const p = /^(\d+)\+(\d+)$/.exec(preset);
    if (!p) return { ok: false, error: 'form.clock_number' };
    initial_s = Number(p[1]) * 60;
    increment_s = Number(p[2]);
  }
  if (initial_s < 0.1 || initial_s > 86400) return { ok: false, error: 'form.clock_initial' };
  if (increment_s > 3600) return { ok: false, error: 'form.clock_increment' };
  return { ok: true, clock: { initial_s, increment_s } };
}

/** The game's options from the form's strings (`form.options`): {ok:true, options} or {ok:false, error, params}. */
export function optionsFromForm(form, info) {
  const options = {};
  for (const opt of info.options || []) {
    const raw = String(form.options?.[opt.name] ?? '').trim();
    if (raw === '') continue;
    if (!INTEGER.test(raw) || Number(raw) < 1 || Number(raw) > 1000)
      return { ok: false, error: 'form.option_number', params: { option: opt.name } };
    const value = Number(raw);
    if (opt.allowed?.length && !opt.allowed.includes(value))
      return { ok: false, error: 'form.option_allowed', params: { option: opt.name, allowed: opt.allowed.join(', ') } };
    options[opt.name] = value;
  }
  return { ok: true, options };
}

/** {ok:true, request} or {ok:false, error, params}; `form` holds the fields' strings, `info` the game from `welcome`. */
export function buildCreateRoom(form, info) {
  if (!info) return { ok: false, error: 'form.no_game' };
  const opts = optionsFromForm(form, info);
  if (!opts.ok) return opts;
  const { options } = opts;
  const clock = clockFromForm(form.clock, form.minutes, form.increment, form);
  if (!clock.ok) return clock;
  const games = String(form.games ?? '1').trim() || '1';
  if (!INTEGER.test(games) || Number(games) < 1 || Number(games) > 99) return { ok: false, error: 'form.games' };
  const side = SIDES.includes(form.side) ? form.side : 'random';
  return {
    ok: true,
    request: {
      type: 'create_room',
      game: info.id,
      options,
      side,
      clock: clock.clock,
      games: Number(games),
      private: Boolean(form.private),
      // Left out when the form has no choice (a guest's games are casual anyway).
      ...(typeof form.rated === 'boolean' ? { rated: form.rated } : {}),
    },
  };
}

/**
 * The create form's values offered to the player `to` as challenge_player (its room is
 * private anyway: no `private`): {ok:true, request} or {ok:false, error, params}.
 */
export function buildChallenge(form, info, to) {
  const built = buildCreateRoom(form, info);
  if (!built.ok) return built;
  const { type, private: _, ...fields } = built.request;
  return { ok: true, request: { type: 'challenge_player', to, ...fields } };
}

/** The quick pairing's clocks ("play tablut 5+3 now"): presets only (a seek pairs equal clocks), beside CORRESPONDENCE. */
export const SEEK_CLOCKS = ['1+0', '3+2', '5+3', '10+5', '15+10', 'none'];

/**
 * The "Play now" form's values ({game, clock, rated: 'rated'|'casual', options?, and a
 * correspondence choice's fields}) as a `seek` request: {ok:true, request} or {ok:false,
 * error}. A guest can only seek casual games (`registered` false).
 */
export function buildSeek(form, info, registered) {
  if (!info) return { ok: false, error: 'form.no_game' };
  if (![...SEEK_CLOCKS, ...CORRESPONDENCE].includes(form.clock)) return { ok: false, error: 'form.clock_number' };
  const clock = clockFromForm(form.clock, 0, 0, form);
  if (!clock.ok) return clock;
  if (form.rated === 'rated' && !registered) return { ok: false, error: 'seek.rated_needs_account' };
  const options = {};
  for (const opt of info.options || []) {
    const raw = form.options?.[opt.name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!opt.allowed?.includes(value)) return { ok: false, error: 'form.option_allowed', params: { option: opt.name, allowed: (opt.allowed || []).join(', ') } };
    options[opt.name] = value;
  }
  return { ok: true, request: { type: 'seek', game: info.id, options, clock: clock.clock, rated: form.rated === 'rated' } };
}
