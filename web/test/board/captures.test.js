import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capturedSquares } from '../../public/js/board/captures.js';
import { parsePosition } from '../../public/js/board/position.js';
import * as B from './boards.js';

const cap = (board, before, after, move) => capturedSquares(parsePosition(before, board), parsePosition(after, board), move);

test('a simple move captures nothing', () => {
  assert.deepEqual(cap(B.alquerque, B.starts.alquerque, 'bbbbb/bbbbb/bbwww/ww1ww/wwwww b - -', 'c2-c3'), []);
});

test('draughts chain: every jumped piece', () => {
  // Positions and move from `boardhall play draughts --position ... --moves g1:e3:c5:a3:c1`.
  assert.deepEqual(cap(B.draughts, 'W:Wg1:Bb2,b4,d4,f2,h8', 'B:Wc1:Bh8', 'g1:e3:c5:a3:c1'), ['b2', 'b4', 'd4', 'f2']);
});

test('tafl: a custodial capture', () => {
  // From `boardhall play tavlei --position '4k4/9/9/9/9/7a1/2d6/2a6/9 a' --moves h4-c4`.
  assert.deepEqual(cap(B.tavlei, '4k4/9/9/9/9/7a1/2d6/2a6/9 a', '4k4/9/9/9/9/2a6/9/2a6/9 d', 'h4-c4'), ['c3']);
});

test('alquerque huff: the named piece counts, even when the mover lands on it', () => {
  const before = 'b4/5/5/1b2w/w1w2 b - a1,c1';
  assert.deepEqual(cap(B.alquerque, before, 'b4/5/5/4w/b1w2 w - -', 'huff a1 b2-a1'), ['a1']);
});

test('alquerque: the piece that failed to capture is removed where it lands', () => {
  // White c1-c2 although c1 could jump b2 (Q6): removed from c2 at once (`boardhall play`).
  assert.deepEqual(cap(B.alquerque, '5/5/5/1b3/2w2 w - -', '5/5/5/1b3/5 b - -', 'c1-c2'), ['c2']);
});
