// The lobby: public rooms waiting for an opponent and live games, from the `lobby`
// snapshot and the live updates after subscribe_lobby. Pure.
//
// The server lists at most its lobby limit of each (the oldest first) with the totals;
// the lists here stay within LOBBY_LIMIT too, while the totals follow every update, so a
// page shows "and N more" instead of growing without end under a flood of rooms.

/** @typedef {{rooms:object[], games:object[], roomsTotal:number, gamesTotal:number}} Lobby */

export const LOBBY_LIMIT = 100;
export const emptyLobby = () => ({ rooms: [], games: [], roomsTotal: 0, gamesTotal: 0 });
export const LOBBY_TYPES = ['lobby', 'room_opened', 'room_closed', 'live_game', 'live_game_ended'];

// `list` with `item` (keyed by `key`) put in or replaced, and the new total.
function added(list, total, item, key) {
  if (list.some((x) => x[key] === item[key])) return [list.map((x) => (x[key] === item[key] ? item : x)), total];
  return [list.length < LOBBY_LIMIT ? [...list, item] : list, total + 1];
}

// `list` without the one keyed `id`, and the new total (never below what is listed).
function removed(list, total, id, key) {
  const left = list.filter((x) => x[key] !== id);
  return [left, Math.max(left.length, total - 1)];
}

/** @param {Lobby} lobby */
export function reduceLobby(lobby, msg) {
  switch (msg.type) {
    case 'lobby': {
      const rooms = (msg.rooms || []).slice(0, LOBBY_LIMIT);
      const games = (msg.games || []).slice(0, LOBBY_LIMIT);
      return { rooms, games, roomsTotal: msg.rooms_total ?? rooms.length, gamesTotal: msg.games_total ?? games.length };
    }
    case 'room_opened': {
      const [rooms, roomsTotal] = added(lobby.rooms, lobby.roomsTotal, msg.room, 'room_id');
      return { ...lobby, rooms, roomsTotal };
    }
    case 'room_closed': {
      const [rooms, roomsTotal] = removed(lobby.rooms, lobby.roomsTotal, msg.room_id, 'room_id');
      return { ...lobby, rooms, roomsTotal };
    }
    case 'live_game': {
      const [games, gamesTotal] = added(lobby.games, lobby.gamesTotal, msg.game, 'game_id');
      return { ...lobby, games, gamesTotal };
    }
    case 'live_game_ended': {
      const [games, gamesTotal] = removed(lobby.games, lobby.gamesTotal, msg.game_id, 'game_id');
      return { ...lobby, games, gamesTotal };
    }
    default:
      return lobby;
  }
}
