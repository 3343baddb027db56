// The wait before connecting again: 1 s, 2 s, 4 s ... at most 10 s, each up to a fifth
// longer at random (docs/web.md, "Connection", says why).

export const BASE_MS = 1000;
export const MAX_MS = 10000;

/** @param {number} attempt 0 for the first retry after a drop */
export function reconnectDelay(attempt, random = Math.random) {
  const plain = Math.min(MAX_MS, BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(plain * (1 + 0.2 * random()));
}
