// Ratings as the page shows them (docs/protocol.md, "Ratings"): `1742` or `1500?` while
// provisional, changes with their sign. The rating keys are in rating_keys.js. Pure.

/** `1742`, `1500?` (provisional), '' for none (a guest). */
export function ratingText(r) {
  if (!r || typeof r.rating !== 'number') return '';
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

/** `+241.6`, `−12.0`, `±0.0`: one decimal, with its sign. */
export function changeText(change) {
  if (typeof change !== 'number' || !Number.isFinite(change)) return '';
  const abs = Math.abs(change).toFixed(1);
  if (abs === '0.0') return '±0.0';
  return `${change > 0 ? '+' : '−'}${abs}`;
}
