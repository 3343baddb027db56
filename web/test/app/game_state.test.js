import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromState, reduceGame, isOver, lastOfMatch, moveRows, legalList } from '../../public/js/app/game_state.js';

const state = (over = {}) => ({
  game_id: 'g1', room_id: 'r1', game: 'alquerque', options: {},
  players: { first: 'alice', second: 'bob' }, sides: { first: 'white', second: 'black' }, you: 'first',
  start_position: 'bbbbb/bbbbb/bb1ww/wwwww/wwwww w - -', position: 'bbbbb/bbbbb/bb1ww/wwwww/wwwww w - -',
  ply: 0, to_move: 'first', moves: [],
  clocks: { first_ms: 60000, second_ms: 60000, increment_ms: 0, running: 'first' },
  status: { state: 'ongoing', winner: null, reason: null }, draw_offer: null, absent: [],
  match: { match_id: 'm1', games: 2, number: 1, totals: { alice: 0, bob: 0 } },
  board: { files: 5, ranks: 5 }, legal: ['c2-c3', 'd3-c3'], ...over,
});
const move = (over = {}) => ({
  type: 'move', game_id: 'g1', ply: 1, move: 'c2-c3', side: 'first', position: 'bbbbb/bbbbb/bbwww/ww1ww/wwwww b - -',
  to_move: 'second', clocks: { first_ms: 59000, second_ms: 60000, increment_ms: 0, running: 'second' },
  status: { state: 'ongoing' }, legal: null, ...over,
});

test('a full state gives the view, legal moves included', () => {
  const v = reduceGame(undefined, { type: 'game_started', state: state() }, 5);
  assert.equal(v.id, 'g1');
  assert.equal(v.you, 'first');
  assert.deepEqual(v.legal, ['c2-c3', 'd3-c3']);
  assert.equal(v.clocksAt, 5);
  assert.equal(v.lastMove, null);
  assert.equal(isOver(v), false);
});

test('a move is applied once, with the position before it kept for the capture marks', () => {
  const v0 = fromState(state(), 0);
  const v1 = reduceGame(v0, move(), 100);
  assert.equal(v1.ply, 1);
  assert.deepEqual(v1.moves, ['c2-c3']);
  assert.equal(v1.previous, v0.position);
  assert.equal(v1.lastMove, 'c2-c3');
  assert.equal(v1.legal, null);
  assert.equal(v1.clocksAt, 100);
  assert.equal(v1.toMove, 'second');
  // The same move again (a player who also watches hears it twice): nothing changes.
  assert.equal(reduceGame(v1, move(), 200), v1);
});

test('the player to move gets the legal list in the move event', () => {
  const v = reduceGame(fromState(state({ you: 'second', legal: null }), 0), move({ legal: ['a4-a3'] }), 1);
  assert.deepEqual(v.legal, ['a4-a3']);
});

test('the compact legal moves of a move event are read back into the list (docs/protocol.md, "Games")', () => {
  const compact = 'a4-a1,a2,a3;a4:c4;b5-b6;c3:e5:g3,e5:g7;huff b2 c3-d4,e5';
  const list = ['a4-a1', 'a4-a2', 'a4-a3', 'a4:c4', 'b5-b6', 'c3:e5:g3', 'c3:e5:g7', 'huff b2 c3-d4', 'huff b2 c3-e5'];
  assert.deepEqual(legalList(compact), list);
  const v = reduceGame(fromState(state({ you: 'second', legal: null }), 0), move({ legal: compact }), 1);
  assert.deepEqual(v.legal, list);
  // A state keeps the list; anything else is no list.
  assert.deepEqual(legalList(['a4-a3']), ['a4-a3']);
  for (const none of [null, undefined, 3, {}]) assert.equal(legalList(none), null);
});

test('a move after a gap is taken but marks the view as needing the full state', () => {
  const v = reduceGame(fromState(state(), 0), move({ ply: 3 }), 1);
  assert.equal(v.gap, true);
  assert.equal(v.previous, null);
  const again = reduceGame(v, { type: 'game_state', state: state({ ply: 3, moves: ['a', 'b', 'c'], position: 'p3' }) }, 2);
  assert.equal(again.gap, false);
  assert.equal(again.lastMove, 'c');
});

test('a spectator copy of the state never takes a seat away, nor an older state later moves', () => {
  const seated = reduceGame(fromState(state(), 0), move(), 1);
  assert.equal(reduceGame(seated, { type: 'game_state', state: state({ you: null, ply: 1 }) }, 2), seated);
  const watching = fromState(state({ you: null, ply: 2, moves: ['a', 'b'] }), 0);
  assert.equal(reduceGame(watching, { type: 'game_state', state: state({ you: null, ply: 1, moves: ['a'] }) }, 2), watching);
});

test('messages of another game change nothing', () => {
  const v = fromState(state(), 0);
  assert.equal(reduceGame(v, move({ game_id: 'g2' }), 1), v);
  assert.equal(reduceGame(undefined, move(), 1), undefined);
});

test('draw offers: offered, declined, and lapsing when anyone moves', () => {
  const v = fromState(state(), 0);
  const offered = reduceGame(v, { type: 'draw_offered', game_id: 'g1', side: 'second', player: 'bob' }, 1);
  assert.equal(offered.drawOffer, 'second');
  assert.equal(reduceGame(offered, { type: 'draw_declined', game_id: 'g1', side: 'first', player: 'alice' }, 2).drawOffer, null);
  assert.equal(reduceGame(offered, move(), 2).drawOffer, null);
});

test('players leaving and returning, with their deadline', () => {
  const v = fromState(state(), 0);
  const left = reduceGame(v, { type: 'player_left', game_id: 'g1', side: 'second', player: 'bob', deadline_ms: 99, grace_ms: 60000 }, 1);
  assert.deepEqual(left.absent, [{ side: 'second', player: 'bob', deadline_ms: 99 }]);
  const twice = reduceGame(left, { type: 'player_left', game_id: 'g1', side: 'second', player: 'bob', deadline_ms: 150 }, 1);
  assert.equal(twice.absent.length, 1);
  assert.deepEqual(reduceGame(left, { type: 'player_returned', game_id: 'g1', side: 'second', player: 'bob' }, 2).absent, []);
});

test('the spectator count from the state, then from its event; none from an older server', () => {
  const v = fromState(state({ spectators: 2 }), 0);
  assert.equal(v.spectators, 2);
  const more = reduceGame(v, { type: 'spectators', game_id: 'g1', count: 5 }, 1);
  assert.equal(more.spectators, 5);
  assert.equal(reduceGame(more, { type: 'spectators', game_id: 'g2', count: 9 }, 2), more);
  assert.equal(fromState(state(), 0).spectators, null);
  // A later state (a match's next game, a reconnection) says the count again.
  assert.equal(reduceGame(more, { type: 'game_state', state: state({ spectators: 1 }) }, 3).spectators, 1);
});

test('game_over after a resignation stops the clocks where they stood', () => {
  const v = fromState(state(), 1000);
  const over = { type: 'game_over', game_id: 'g1', room_id: 'r1', result: 'second', winner: 'bob', reason: 'resignation',
    points: { first: 0, second: 2 }, archived: true, match: { match_id: 'm1', games: 2, number: 1, totals: { alice: 0, bob: 2 } } };
  const end = reduceGame(v, over, 4000);
  assert.deepEqual(end.status, { state: 'win', winner: 'second', reason: 'resignation' });
  assert.equal(end.clocks.first_ms, 57000);
  assert.equal(end.clocks.running, null);
  assert.equal(end.legal, null);
  assert.equal(isOver(end), true);
  assert.equal(end.match.totals.bob, 2);
  assert.equal(lastOfMatch(end), false);
  const draw = reduceGame(v, { ...over, result: 'draw', winner: null, reason: 'agreement' }, 4000);
  assert.deepEqual(draw.status, { state: 'draw', winner: null, reason: 'agreement' });
});

test('a move that ends the game carries the final status, which game_over keeps', () => {
  const v = reduceGame(fromState(state(), 0), move({ status: { state: 'win', winner: 'first', reason: 'no_pieces' }, clocks: { first_ms: 1, second_ms: 2, increment_ms: 0, running: null } }), 1);
  const end = reduceGame(v, { type: 'game_over', game_id: 'g1', result: 'first', reason: 'no_pieces', match: null }, 2);
  assert.equal(end.status.reason, 'no_pieces');
  assert.equal(end.clocks.first_ms, 1);
  assert.equal(lastOfMatch(end), true);
});

test('the move list in numbered full moves', () => {
  assert.deepEqual(moveRows([]), []);
  assert.deepEqual(moveRows(['e1-e3', 'e9-e7', 'a4-a3']), [
    { number: 1, first: { ply: 1, text: 'e1-e3' }, second: { ply: 2, text: 'e9-e7' } },
    { number: 2, first: { ply: 3, text: 'a4-a3' }, second: null },
  ]);
});
