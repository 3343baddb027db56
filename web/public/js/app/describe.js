// Words for the game's facts: names of games, sides and end reasons, the status line,
// options, time controls, errors. Pure given a translator `t` (i18n.js).

import { statusOfResult } from './game_state.js';
import { formatClockSetting } from './clock.js';

export const gameName = (t, id, fallback = id) => t.maybe(`game.${id}`, fallback);
export const sideName = (t, name) => t.maybe(`side.${name}`, name);
export const reasonText = (t, reason) => (reason ? t.maybe(`reason.${reason}`, reason.replace(/_/g, ' ')) : '');

/** `board size 11, king moves at most 4` (option names from the table, else as sent). */
export function optionsText(t, options) {
  return Object.entries(options || {})
    .map(([name, value]) => `${t.maybe(`option.${name}`, name.replace(/_/g, ' '))} ${value}`)
    .join(', ');
}

/** An error for people: the table's words for its code, else the server's own message. */
export function errorText(t, err) {
  if (!err) return '';
  if (t.lang === 'en' && err.message) return err.message;
  return t.maybe(`error.${err.code}`, err.message || err.code || String(err));
}

/**
 * The result of a finished game: `alice (defenders) won: the king escaped`, `Draw: agreed`;
 * `forfeiter`: who forfeits an aborted game (a tournament's, where no first move is a forfeit).
 */
export function resultText(t, players, sides, status, forfeiter = null) {
  const why = reasonText(t, status.reason);
  if (status.state === 'draw') return t('status.draw', { reason: why });
  if (status.state === 'aborted' && forfeiter) return t('status.forfeit', { player: forfeiter, reason: why });
  if (status.state === 'aborted') return t('status.aborted', { reason: why });
  if (status.state === 'win')
    return t('status.won', { player: players[status.winner], side: sideName(t, sides[status.winner]), reason: why });
  return '';
}

/**
 * The line above the board: whose turn (or who is awaited), or the result.
 * @param {import('./game_state.js').GameView} v
 */
export function statusLine(t, v) {
  if (v.status.state !== 'ongoing') return resultText(t, v.players, v.sides, v.status, forfeiterOf(v, v.status));
  if (v.over) {
    const status = statusOfResult(v.over.result, v.over.reason);
    return resultText(t, v.players, v.sides, status, forfeiterOf(v, status));
  }
  if (v.clocks?.paused === 'storage') return t('status.paused_storage');
  if (v.clocks && v.clocks.running === null && v.absent.length)
    return t('status.paused', { players: v.absent.map((a) => a.player).join(', ') });
  if (v.you && v.toMove === v.you) return t('status.your_move', { side: sideName(t, v.sides[v.you]) });
  return t('status.to_move', { player: v.players[v.toMove], side: sideName(t, v.sides[v.toMove]) });
}

/** In a tournament's game no first move is a forfeit (docs/tournaments.md): the side to move's. */
export function forfeiterOf(v, status) {
  return v.tournamentId && status.state === 'aborted' && status.reason === 'no_first_move' ? v.players[v.toMove] : null;
}

/** Match score: `alice 1 – 0 bob` in the players' order. */
export function scoreText(players, totals) {
  if (!totals) return '';
  return `${players.first} ${totals[players.first] ?? 0} – ${totals[players.second] ?? 0} ${players.second}`;
}

// `3 days`, `1 hour`, `5 дней`: the browser's plurals.
const unit = (t, name, n) => n.toLocaleString(t.lang, { style: 'unit', unit: name, unitDisplay: 'long' });

/** A time control: `5+3`, `3 days per move`, `bank 7d +12h, min 2h`; null without one. */
export function controlText(t, { clock, correspondence: c }) {
  if (!c) return formatClockSetting(clock);
  return c.days_per_move ? t('corr.days', { days: unit(t, 'day', c.days_per_move) }) : t('corr.bank', { d: c.bank_days, h: c.increment_hours, m: c.minimum_hours });
}

/** A move's time left: `2 days 3 hours left`, `40 minutes left`; two units, minutes rounded up. */
export function timeLeftText(t, ms) {
  const m = Math.max(0, Math.ceil(ms / 60000));
  const parts = [['day', Math.floor(m / 1440)], ['hour', Math.floor(m / 60) % 24], ['minute', m % 60]];
  const i = m ? parts.findIndex((p) => p[1]) : 2;
  return t('corr.left', { time: parts.slice(i, i + 2).filter((p, j) => p[1] || !j).map((p) => unit(t, ...p)).join(' ') });
}
