// Takeback, abort and the first move's deadline in the game's state; the rematch's state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceGame, canTakeBack, canAbort, takebackToAnswer, firstMoveDeadline, statusOfResult } from '../../public/js/app/game_state.js';
import { reduceRematch, rematchStatus } from '../../public/js/app/rematch_state.js';
import { statusLine, resultText } from '../../public/js/app/describe.js';
import { translator } from '../../public/js/app/i18n.js';
import en from '../../public/js/app/i18n/en.js';

const t = translator('en', en);
const state = (over = {}) => ({
  game_id: 'g1', room_id: 'r1', game: 'tablut', options: {},
  players: { first: 'alice', second: 'bob' }, sides: { first: 'attackers', second: 'defenders' }, you: 'first',
  start_position: 'P0', position: 'P0', ply: 0, to_move: 'first', moves: [],
  clocks: { first_ms: 60000, second_ms: 60000, increment_ms: 0, running: null, first_move_deadline_ms: 1700000030000 },
  status: { state: 'ongoing', winner: null, reason: null }, draw_offer: null, absent: [], legal: [], ...over,
});
const move = (ply, over = {}) => ({
  type: 'move', game_id: 'g1', ply, move: `m${ply}`, position: `P${ply}`, to_move: ply % 2 ? 'second' : 'first',
  clocks: { first_ms: 59000, second_ms: 60000, increment_ms: 0, running: ply % 2 ? 'second' : 'first', first_move_deadline_ms: null }, ...over,
});
const start = (over) => reduceGame(undefined, { type: 'game_started', state: state(over) }, 0);
const played = (n, over) => Array.from({ length: n }, (_, i) => move(i + 1)).reduce((v, m) => reduceGame(v, m, 0), start(over));

test('a takeback may be asked once the player has moved, and one at a time', () => {
  assert.equal(canTakeBack(start()), false, 'no move yet');
  assert.equal(canTakeBack(played(1)), true, 'first has moved');
  assert.equal(canTakeBack(played(1, { you: 'second' })), false, 'second has not');
  assert.equal(canTakeBack(played(2, { you: 'second' })), true);
  assert.equal(canTakeBack(played(1, { you: null })), false, 'a spectator never');
  const asked = reduceGame(played(2), { type: 'takeback_offered', game_id: 'g1', side: 'first', player: 'alice', plies: 2 }, 0);
  assert.deepEqual(asked.takebackOffer, { side: 'first', plies: 2 });
  assert.equal(canTakeBack(asked), false, 'pending');
  assert.equal(takebackToAnswer(asked), false, 'not for the asker');
  assert.equal(takebackToAnswer({ ...asked, you: 'second' }), true, 'the opponent answers');
  assert.equal(takebackToAnswer({ ...asked, you: null }), false, 'a spectator does not');
});

test('a declined takeback is gone; a move lapses it', () => {
  const asked = reduceGame(played(1), { type: 'takeback_offered', game_id: 'g1', side: 'first', player: 'alice', plies: 1 }, 0);
  assert.equal(reduceGame(asked, { type: 'takeback_declined', game_id: 'g1', side: 'second', player: 'bob' }, 0).takebackOffer, null);
  assert.equal(reduceGame(asked, move(2), 0).takebackOffer, null);
  assert.equal(reduceGame(asked, { type: 'takeback_offered', game_id: 'other', side: 'first', plies: 1 }, 0), asked, 'another game');
});

test('an accepted takeback lets the full state that follows go back in time', () => {
  const v = played(3);
  const behind = { type: 'game_state', state: state({ ply: 1, position: 'P1', moves: ['m1'], to_move: 'second' }) };
  assert.equal(reduceGame(v, behind, 0), v, 'a late copy alone does not undo moves');
  const accepted = reduceGame(v, { type: 'takeback_accepted', game_id: 'g1', side: 'second', player: 'bob', plies: 2, ply: 1 }, 0);
  const after = reduceGame(accepted, behind, 0);
  assert.equal(after.ply, 1);
  assert.equal(after.position, 'P1');
  assert.deepEqual(after.moves, ['m1']);
  assert.equal(after.takebackOffer, null);
  assert.equal(after.rewindTo, null, 'once');
  assert.equal(reduceGame(after, move(2), 0).ply, 2, 'and play goes on');
});

test('the view carries a pending takeback and ratings from the full state', () => {
  const r = { rating: 1500, rd: 500, provisional: true };
  const v = start({ takeback_offer: { side: 'second', plies: 1 }, rated: true, ratings: { first: r, second: null } });
  assert.deepEqual(v.takebackOffer, { side: 'second', plies: 1 });
  assert.equal(v.rated, true);
  assert.deepEqual(v.ratings.first, r);
});

test('abort: while a side has not moved (ply < 2), by a player', () => {
  assert.equal(canAbort(start()), true);
  assert.equal(canAbort(played(1)), true);
  assert.equal(canAbort(played(2)), false);
  assert.equal(canAbort(start({ you: null })), false);
  const over = reduceGame(start(), { type: 'game_over', game_id: 'g1', result: 'aborted', reason: 'aborted', winner: null, points: { first: 0, second: 0 }, rating_changes: null }, 0);
  assert.equal(canAbort(over), false);
  assert.deepEqual(over.status, { state: 'aborted', winner: null, reason: 'aborted' });
  assert.equal(statusLine(t, over), 'Aborted: a player aborted the game');
  assert.equal(resultText(t, over.players, over.sides, statusOfResult('aborted', 'no_first_move')), 'Aborted: no first move in time');
});

test('the first move’s deadline is shown while waiting, not after the game', () => {
  assert.equal(firstMoveDeadline(start()), 1700000030000);
  assert.equal(firstMoveDeadline(played(2)), null);
  assert.equal(firstMoveDeadline(start({ clocks: null })), null);
  const over = reduceGame(start(), { type: 'game_over', game_id: 'g1', result: 'aborted', reason: 'no_first_move' }, 0);
  assert.equal(firstMoveDeadline(over), null);
});

test('rematch: offered, answered, lapsed, started', () => {
  let s = reduceRematch(undefined, { type: 'rematch_offered', room_id: 'r1', player: 'alice' });
  assert.equal(rematchStatus(s, 'alice'), 'offered');
  assert.equal(rematchStatus(s, 'bob'), 'answer');
  assert.equal(rematchStatus(undefined, 'bob'), 'offer');
  const declined = reduceRematch(s, { type: 'rematch_cancelled', room_id: 'r1', reason: 'declined' });
  assert.equal(rematchStatus(declined, 'alice'), 'offer', 'may offer again');
  assert.equal(declined.cancelled, 'declined');
  assert.equal(rematchStatus(reduceRematch(s, { type: 'rematch_cancelled', room_id: 'r1', reason: 'left' }), 'alice'), 'gone');
  assert.equal(rematchStatus(reduceRematch(s, { type: 'rematch_cancelled', room_id: 'r1', reason: 'expired' }), 'bob'), 'gone');
  s = reduceRematch(s, { type: 'rematch_started', room_id: 'r1', new_room_id: 'r2', game_id: 'g9' });
  assert.equal(rematchStatus(s, 'bob'), 'started');
  assert.equal(s.newGameId, 'g9');
  assert.equal(reduceRematch(s, { type: 'chat', room_id: 'r1' }), s, 'other messages change nothing');
  assert.equal(reduceRematch(s, { type: 'rematch_offered', room_id: 'r7', player: 'x' }).roomId, 'r7', 'another room starts afresh');
});
