// The rematch of a finished match, per room: who offered it, whether it lapsed and why,
// the new game once it started (rematch_offered, rematch_cancelled, rematch_started).
// Pure.

/** @typedef {{roomId:string, offeredBy:string|null, cancelled:string|null, newRoomId:string|null, newGameId:string|null}} Rematch */

const fresh = (roomId) => ({ roomId, offeredBy: null, cancelled: null, newRoomId: null, newGameId: null });

/** The rematch after `msg` (the same object when `msg` is not about it). @param {Rematch|undefined} s */
export function reduceRematch(s, msg) {
  const base = s && s.roomId === msg.room_id ? s : fresh(msg.room_id);
  switch (msg.type) {
    case 'rematch_offered':
      return { ...base, offeredBy: msg.player, cancelled: null };
    case 'rematch_cancelled':
      return { ...base, offeredBy: null, cancelled: msg.reason || 'declined' };
    case 'rematch_started':
      return { ...base, offeredBy: null, newRoomId: msg.new_room_id, newGameId: msg.game_id };
    default:
      return s;
  }
}

/**
 * What the player `me` can do: 'offer' (nothing pending), 'offered' (mine, waiting),
 * 'answer' (the opponent's: accept or decline), 'started', 'gone' (it lapsed because
 * someone left: no rematch any more).
 */
export function rematchStatus(s, me) {
  if (!s) return 'offer';
  if (s.newGameId) return 'started';
  if (s.offeredBy) return s.offeredBy === me ? 'offered' : 'answer';
  if (s.cancelled === 'left' || s.cancelled === 'expired') return 'gone';
  return 'offer';
}
