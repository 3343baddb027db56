import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyLobby, reduceLobby } from '../../public/js/app/lobby_state.js';

const room = (id) => ({ room_id: id, game: 'tablut', options: {}, creator: 'a', creator_side: 'random', clock: null, games: 1, private: false });
const game = (id) => ({ game_id: id, room_id: 'r', game: 'draughts', options: {}, players: { first: 'a', second: 'b' }, ply: 0, started_ms: 1 });

test('the snapshot, then rooms and games coming and going', () => {
  let l = reduceLobby(emptyLobby(), { type: 'lobby', rooms: [room('r1')], games: [game('g1')] });
  l = reduceLobby(l, { type: 'room_opened', room: room('r2') });
  l = reduceLobby(l, { type: 'room_opened', room: room('r2') }); // told twice: listed once
  assert.deepEqual(l.rooms.map((r) => r.room_id), ['r1', 'r2']);
  l = reduceLobby(l, { type: 'room_closed', room_id: 'r1', reason: 'started' });
  l = reduceLobby(l, { type: 'live_game', game: game('g2') });
  l = reduceLobby(l, { type: 'live_game_ended', game_id: 'g1' });
  assert.deepEqual(l.rooms.map((r) => r.room_id), ['r2']);
  assert.deepEqual(l.games.map((g) => g.game_id), ['g2']);
  assert.equal(reduceLobby(l, { type: 'move' }), l);
});

test('past the limit only the totals grow: the page says how many more', () => {
  const many = Array.from({ length: 150 }, (_, i) => room(`r${String(i).padStart(3, '0')}`));
  let l = reduceLobby(emptyLobby(), { type: 'lobby', rooms: many.slice(0, 100), games: [], rooms_total: 150, games_total: 0 });
  assert.equal(l.rooms.length, 100);
  assert.equal(l.roomsTotal, 150);
  l = reduceLobby(l, { type: 'room_opened', room: room('r-new') });
  assert.equal(l.rooms.length, 100);
  assert.equal(l.roomsTotal, 151);
  l = reduceLobby(l, { type: 'room_closed', room_id: 'r000', reason: 'started' });
  assert.equal(l.rooms.length, 99);
  assert.equal(l.roomsTotal, 150);
  // An older server without totals: what is listed is all there is.
  l = reduceLobby(emptyLobby(), { type: 'lobby', rooms: [room('r1')], games: [game('g1')] });
  assert.equal(l.roomsTotal, 1);
  assert.equal(l.gamesTotal, 1);
});
