// A tournament's summary (docs/protocol.md, "Tournaments") in a word key: when it
// starts, its round, its winner. Pure; small, for the lobby's list too.

const MINUTE = 60000;
const DAY = 86400000;

/** `in 5 minutes`, `через 3 часа`, `in 2 days` (the browser's words): minutes under an hour, hours under two days. */
export function relativeTime(lang, ms) {
  const f = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  const sign = ms < 0 ? -1 : 1;
  const a = Math.abs(ms);
  if (a < 60 * MINUTE) return f.format(sign * Math.max(1, Math.round(a / MINUTE)), 'minute');
  if (a < 2 * DAY) return f.format(sign * Math.round(a / (60 * MINUTE)), 'hour');
  return f.format(sign * Math.round(a / DAY), 'day');
}

/**
 * A summary's state in words: [key, params] of the words tables (views/games_words.js):
 * starts in..., or by its creator; round n of m (an arena: ends in..., then its last
 * games); won by..., or finished.
 */
export function summaryState(s, now, lang) {
  if (s.status === 'finished') return s.winner ? ['tour.won_by', { player: s.winner }] : ['tour.finished', {}];
  if (s.status === 'running') {
    if (s.format !== 'arena') return ['tour.round', { n: s.round, of: s.rounds }];
    const left = s.started_ms + (s.duration_min ?? 0) * MINUTE - now;
    return left > 0 ? ['tour.arena_ends', { when: relativeTime(lang, left) }] : ['tour.arena_closing', {}];
  }
  return s.starts_ms ? ['tour.starts', { when: relativeTime(lang, s.starts_ms - now) }] : ['tour.by_creator', {}];
}
