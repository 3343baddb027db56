import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayFrame, clampPly, recordStatus } from '../../public/js/app/replay_state.js';

const record = {
  start_position: 'P0', clock: { initial_ms: 60000, increment_ms: 0 }, result: 'first', reason: 'no_pieces',
  moves: [
    { move: 'c2-c3', first_ms: 59000, second_ms: 60000, position: 'P1' },
    { move: 'b4-c2', first_ms: 59000, second_ms: 58000, position: 'P2' },
  ],
};

test('the frame at each ply: position, the one before, the move between, the clocks then', () => {
  assert.deepEqual(replayFrame(record, 0), { ply: 0, position: 'P0', previous: null, lastMove: null, clocks: { first: 60000, second: 60000 } });
  assert.deepEqual(replayFrame(record, 1), { ply: 1, position: 'P1', previous: 'P0', lastMove: 'c2-c3', clocks: { first: 59000, second: 60000 } });
  assert.deepEqual(replayFrame(record, 2), { ply: 2, position: 'P2', previous: 'P1', lastMove: 'b4-c2', clocks: { first: 59000, second: 58000 } });
});

test('plies out of range are brought in; the default is the end', () => {
  assert.equal(clampPly(record, -3), 0);
  assert.equal(clampPly(record, 99), 2);
  assert.equal(clampPly(record, NaN), 2);
  assert.equal(replayFrame(record, 7).position, 'P2');
});

test('a record without a clock has no clocks', () => {
  const r = { ...record, clock: null, moves: record.moves.map((m) => ({ ...m, first_ms: null, second_ms: null })) };
  assert.equal(replayFrame(r, 1).clocks, null);
});

test('the result as a status', () => {
  assert.deepEqual(recordStatus(record), { state: 'win', winner: 'first', reason: 'no_pieces' });
  assert.deepEqual(recordStatus({ result: 'draw', reason: 'agreement' }), { state: 'draw', winner: null, reason: 'agreement' });
});
