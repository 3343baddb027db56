// Clock arithmetic. The server's figures win: the running side's time counts down from
// a message's arrival until the next replaces it (docs/web.md, "Game page").

/** Both sides' time left at local time `now`, the clocks having arrived at `receivedAt`. */
export function clockReading(clocks, receivedAt, now) {
  if (!clocks) return null;
  const spent = Math.max(0, now - receivedAt);
  const left = (side) => Math.max(0, clocks[`${side}_ms`] - (clocks.running === side ? spent : 0));
  return { first: left('first'), second: left('second') };
}

const pad = (n) => String(n).padStart(2, '0');

/**
 * A clock as players read it: `1:05:09`, `4:59`, and tenths under ten seconds (`0:09.4`).
 * Rounded down, so a clock reads 0 only when the time is really out.
 */
export function formatClock(ms) {
  const t = Math.max(0, Math.floor(ms));
  if (t < 10000) return `0:0${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** A clock setting as written in the lobby: `5+3` (minutes + seconds a move), `0.5+0`. */
export function formatClockSetting(clock) {
  if (!clock) return null;
  const minutes = clock.initial_ms / 60000;
  const m = Number.isInteger(minutes) ? String(minutes) : String(Math.round(minutes * 100) / 100);
  return `${m}+${Math.round(clock.increment_ms / 100) / 10}`;
}

