// Your turn: the visitor's games under way (my_games's answer, then their games'
// events), which await their move, and the browser's notice of a turn. Pure.

/** Game id → the game (as my_games or a state has it) after `msg`, for the player `me`. */
export function reduceTurns(turns, msg, me) {
  const { type, state: s } = msg;
  if (type === 'player_games') return msg.player === me ? new Map(msg.games.map((g) => [g.game_id, g])) : turns;
  const id = s?.game_id ?? msg.game_id;
  const g = turns.get(id);
  if (!s?.you && !(g && (type === 'move' || type === 'game_over'))) return turns;
  const m = new Map(turns);
  if (s?.you && s.status.state === 'ongoing') return m.set(id, s); // game_started, game_state
  if (type === 'move' && msg.status.state === 'ongoing') return m.set(id, { ...g, to_move: msg.to_move, deadline_ms: msg.deadline_ms });
  return m.delete(id) ? m : turns;
}

export const isTurn = (g, me) => g?.players[g.to_move] === me;
export const myTurns = (turns, me) => [...turns.values()].filter((g) => isTurn(g, me));

/** A move that makes it `me`'s turn (`was` → `now`) in a correspondence game, the page hidden: told if allowed (`N`: Notification). */
export function notifyTurn(N, hidden, msg, was, now, me, text, open) {
  if (msg.type !== 'move' || !hidden || N?.permission !== 'granted' || !now?.correspondence || !isTurn(now, me) || isTurn(was, me)) return null;
  try {
    return Object.assign(new N(text(now.players[msg.side], now.game), { tag: msg.game_id }), { onclick: open });
  } catch {
    return null; // Android's Chrome: from a service worker only
  }
}
