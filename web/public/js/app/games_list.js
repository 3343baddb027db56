// The /games page's list and the lobby's line of turns, from the visitor's games under
// way (turns.js); and the page's notice permission. Pure: `N`, the Notification class,
// is injected.

import { isTurn } from './turns.js';

/**
 * The rows for the player `me`: [awaiting their move, awaiting the opponent's]. The first
 * as the server orders them (a live game, then the nearest deadline), the others as listed.
 */
export function gameRows(turns, me) {
  const rows = [...turns.values()].map((g) => ({
    id: g.game_id, game: g.game, options: g.options || {}, correspondence: g.correspondence ?? null, deadline: g.deadline_ms ?? null,
    opponent: g.players.first === me ? g.players.second : g.players.first, turn: isTurn(g, me),
  }));
  const due = (r) => (r.correspondence ? r.deadline ?? Infinity : -Infinity);
  return [rows.filter((r) => r.turn).sort((a, b) => due(a) - due(b)), rows.filter((r) => !r.turn)];
}

/** 'unsupported', 'default' (not asked yet: the button shows), 'granted' or 'denied'. */
export const noticeState = (N) => (typeof N === 'function' && N.permission) || 'unsupported';

/** Asks for permission (call it from a click only) and resolves to the state after. */
export async function askNotice(N) {
  try {
    await N.requestPermission();
  } catch {
    // Refused, or an old browser that takes a callback: the state says which.
  }
  return noticeState(N);
}
