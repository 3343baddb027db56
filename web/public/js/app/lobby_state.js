// The lobby: public rooms waiting for an opponent and live games, from the `lobby`
// snapshot and the live updates after subscribe_lobby. Pure.

/** @typedef {{rooms:object[], games:object[]}} Lobby */

export const emptyLobby = () => ({ rooms: [], games: [] });
export const LOBBY_TYPES = ['lobby', 'room_opened', 'room_closed', 'live_game', 'live_game_ended'];

/** @param {Lobby} lobby */
export function reduceLobby(lobby, msg) {
  switch (msg.type) {
    case 'lobby':
      return { rooms: msg.rooms || [], games: msg.games || [] };
    case 'room_opened':
      return { ...lobby, rooms: [...lobby.rooms.filter((r) => r.room_id !== msg.room.room_id), msg.room] };
    case 'room_closed':
      return { ...lobby, rooms: lobby.rooms.filter((r) => r.room_id !== msg.room_id) };
    case 'live_game':
      return { ...lobby, games: [...lobby.games.filter((g) => g.game_id !== msg.game.game_id), msg.game] };
    case 'live_game_ended':
      return { ...lobby, games: lobby.games.filter((g) => g.game_id !== msg.game_id) };
    default:
      return lobby;
  }
}
