// Tournaments (docs/tournaments.md; the protocol in docs/protocol.md, "Tournaments"): the
// create form's values as a create_tournament request, checked first with the server's
// limits so that the form can say what is wrong; and the view read for the page:
// standings by group, rounds, results, the visitor's place and games. Pure (no DOM):
// loaded by the tournament pages only (a summary's state: tournament_summary.js).

import { clockFromForm, optionsFromForm } from './room_form.js';

export const FORMATS = ['round_robin', 'swiss', 'arena'];
/** The live presets of the create form; days per move beside them (a tournament has a clock). */
export const TOURNAMENT_CLOCKS = ['1+0', '3+2', '5+3', '10+5', '15+10', 'custom'];
const DAY = 86400000;

/** The tafl games (first side: attackers) are asymmetric: a double round robin by default. */
export const bothSides = (info) => info?.first_side === 'attackers';

// A form's whole number within [min, max]: `empty` when blank, NaN when it is no such number.
function whole(raw, min, max, empty = undefined) {
  const s = String(raw ?? '').trim();
  if (s === '') return empty;
  return /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max ? Number(s) : NaN;
}

/**
 * The create form's values as a request: {ok:true, request} or {ok:false, error, params}.
 * `form`: name, format, options (strings by name), the clock's fields as room_form.js
 * reads them (clock: a preset, `custom` or `days`), rated, private, rounds (Swiss), cycles
 * and group_size (round robin), duration (arena, minutes), max_players, min_rating, and
 * starts (a datetime-local value, the browser's time; blank: its creator starts it).
 * `info` the game from `welcome`; `now` in ms. Blank optional fields are left to the
 * server's defaults.
 */
export function buildCreateTournament(form, info, now) {
  const name = String(form.name ?? '').trim();
  if (!name || [...name].length > 80) return { ok: false, error: 'tour.bad_name' };
  const format = form.format;
  if (!FORMATS.includes(format)) return { ok: false, error: 'tour.bad_format' };
  if (!info) return { ok: false, error: 'form.no_game' };
  const opts = optionsFromForm(form, info);
  if (!opts.ok) return opts;
  if (form.clock !== 'days' && !TOURNAMENT_CLOCKS.includes(form.clock)) return { ok: false, error: 'tour.bad_clock' };
  const built = clockFromForm(form.clock, form.minutes, form.increment, form);
  if (!built.ok) return built;
  const clock = built.clock;
  if (clock.days_per_move) {
    if (format === 'arena') return { ok: false, error: 'tour.arena_live' };
  } else if (!(clock.initial_s >= 1 && clock.initial_s <= 10800 && clock.increment_s <= 180)) {
    return { ok: false, error: 'tour.bad_clock' };
  }
  const request = { type: 'create_tournament', name, format, game: info.id, options: opts.options, clock, rated: Boolean(form.rated), private: Boolean(form.private) };
  // [field, value, error]: each checked, and sent when given.
  const fields = [
    ['max_players', whole(form.max_players, 2, 1000), 'tour.bad_max'],
    ['min_rating', whole(form.min_rating, 0, 4000), 'tour.bad_min_rating'],
  ];
  if (format === 'swiss') fields.push(['rounds', whole(form.rounds, 1, 30), 'tour.bad_rounds']);
  if (format === 'round_robin')
    fields.push(['cycles', whole(form.cycles, 1, 2), 'tour.bad_cycles'], ['group_size', whole(form.group_size, 3, 30), 'tour.bad_group']);
  if (format === 'arena') fields.push(['duration_min', whole(form.duration, 1, 1440), 'tour.bad_duration']);
  for (const [key, value, error] of fields) {
    if (Number.isNaN(value)) return { ok: false, error };
    if (value !== undefined) request[key] = value;
  }
  const starts = String(form.starts ?? '').trim();
  if (starts) {
    const ms = new Date(starts).getTime();
    if (!(ms > now && ms <= now + 90 * DAY)) return { ok: false, error: 'tour.bad_start' };
    request.starts_ms = ms;
  }
  return { ok: true, request };
}

/** Points as a score sheet writes them: 2, ½, 1½. */
export function pointsText(p) {
  if (p === null || p === undefined) return '';
  const n = Math.floor(p + 1e-9);
  const half = p - n > 0.25;
  return half ? `${n || ''}½` : String(n);
}

/** A tie-break: at most two decimals (Sonneborn–Berger counts quarters). */
export const tieText = (x) => (x === null || x === undefined ? '' : String(Math.round(x * 100) / 100));

/** The standings by group, in group order; each group's rows in rank order, as the server sends them. */
export function standingsByGroup(view) {
  const groups = new Map();
  for (const row of view.standings || []) {
    if (!groups.has(row.group)) groups.set(row.group, []);
    groups.get(row.group).push(row);
  }
  return [...groups].sort((a, b) => a[0] - b[0]).map(([group, rows]) => ({ group, rows }));
}

/** The games by round, in round order: [{round, games}]. */
export function gamesByRound(view) {
  const rounds = new Map();
  for (const g of view.games || []) {
    if (!rounds.has(g.round)) rounds.set(g.round, []);
    rounds.get(g.round).push(g);
  }
  return [...rounds].sort((a, b) => a[0] - b[0]).map(([round, games]) => ({ round, games }));
}

const MARKS = { first: '1–0', second: '0–1', draw: '½–½', first_by_forfeit: '+ −', second_by_forfeit: '− +', both_forfeited: '− −' };
/** A game's result as a score: 1–0, ½–½, + − (a forfeit); null for a bye or a game under way. */
export const resultMark = (result) => MARKS[result] ?? null;

/**
 * What the visitor `me` may do ({registered}: identity): {entrant (their row, or null),
 * playing (in it, not withdrawn), join, withdraw, start, addComputer (add_computer: its
 * creator, before the start, where bots may play), removeComputer (its creator takes out
 * a computer it added: withdraw_tournament with `player`, before the start)}.
 */
export function place(view, identity) {
  const me = identity?.player;
  const entrant = (view.entrants || []).find((e) => e.name === me) ?? null;
  const playing = Boolean(entrant && !entrant.withdrawn);
  const open = view.status === 'upcoming' || (view.status === 'running' && view.format === 'arena');
  const creator = Boolean(me) && me === view.creator && view.status === 'upcoming';
  return {
    entrant,
    playing,
    // A withdrawal during the event is final.
    join: Boolean(identity?.registered) && open && !playing && !(entrant && view.status === 'running'),
    withdraw: playing && view.status !== 'finished',
    start: creator,
    addComputer: creator && view.bots === true,
    removeComputer: creator,
  };
}

/** An entrant its tournament's creator added as the computer (a bot with its level). */
export const isComputer = (entrant) => Boolean(entrant?.bot) && Number.isInteger(entrant.level);

/** The visitor's games being played: [{game_id, round, opponent, side}], latest round first. */
export function gamesOf(view, me) {
  return (view.games || [])
    .filter((g) => g.game_id && g.result === null && me && (g.first === me || g.second === me))
    .map((g) => ({ game_id: g.game_id, round: g.round, opponent: g.first === me ? g.second : g.first, side: g.first === me ? 'first' : 'second' }))
    .sort((a, b) => b.round - a.round);
}
