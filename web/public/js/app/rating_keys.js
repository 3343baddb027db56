// The server's rating keys (docs/protocol.md, "Ratings") as the profile and the
// leaderboard list them. Apart from rating.js so that the lobby and the game page, which
// only write ratings, do not load them. Pure.

/** The server's rating keys: one per game, Sea tafl per board size. */
export const RATING_KEYS = ['tavlei', 'tablut', 'seatafl-9x9', 'seatafl-11x11', 'copenhagen', 'brandubh', 'draughts', 'alquerque'];

/** The rating key of a game with its options (Sea tafl splits by board size). */
export function ratingKey(game, options = {}) {
  if (game !== 'seatafl') return game;
  const n = options?.size ?? 11;
  return `seatafl-${n}x${n}`;
}

/** A rating key in words: the game's name, and the board for Sea tafl (`Sea tafl 9×9`). */
export function ratingKeyName(gameNameOf, key) {
  const m = /^(\w+)-(\d+)x(\d+)$/.exec(key);
  return m ? `${gameNameOf(m[1])} ${m[2]}×${m[3]}` : gameNameOf(key);
}

/** The profile's ratings in the keys' order (unknown keys last, by name). */
export function ratingRows(ratings) {
  const order = (k) => (RATING_KEYS.includes(k) ? RATING_KEYS.indexOf(k) : RATING_KEYS.length);
  return Object.entries(ratings || {})
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([key, r]) => ({ key, ...r }));
}
