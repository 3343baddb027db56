import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arrowTarget, displayCell, squareAt } from '../../public/js/board/layout.js';
import * as B from './boards.js';

test('orientation: first side at the bottom puts a1 bottom left, the second turns it half round', () => {
  assert.deepEqual(displayCell(B.draughts, 'a1', 'first'), { col: 0, row: 7 });
  assert.deepEqual(displayCell(B.draughts, 'h8', 'first'), { col: 7, row: 0 });
  assert.deepEqual(displayCell(B.draughts, 'a1', 'second'), { col: 7, row: 0 });
  assert.deepEqual(displayCell(B.draughts, 'h8', 'second'), { col: 0, row: 7 });
  assert.deepEqual(displayCell(B.seatafl11, 'k11', 'first'), { col: 10, row: 0 });
  assert.deepEqual(displayCell(B.seatafl11, 'k11', 'second'), { col: 0, row: 10 });
});

test('squareAt inverts displayCell on every board and side', () => {
  for (const board of [B.tavlei, B.seatafl11, B.copenhagen, B.brandubh, B.draughts, B.alquerque])
    for (const side of ['first', 'second'])
      for (let col = 0; col < board.files; col++)
        for (let row = 0; row < board.ranks; row++) {
          const sq = squareAt(board, col, row, side);
          assert.deepEqual(displayCell(board, sq, side), { col, row });
        }
  assert.equal(squareAt(B.tavlei, 9, 0, 'first'), null);
  assert.equal(squareAt(B.tavlei, 0, -1, 'first'), null);
});

test('arrow keys follow the board as displayed', () => {
  assert.equal(arrowTarget(B.tavlei, 'e5', 'ArrowUp', 'first'), 'e6');
  assert.equal(arrowTarget(B.tavlei, 'e5', 'ArrowUp', 'second'), 'e4');
  assert.equal(arrowTarget(B.tavlei, 'e5', 'ArrowRight', 'first'), 'f5');
  assert.equal(arrowTarget(B.tavlei, 'e5', 'ArrowRight', 'second'), 'd5');
  assert.equal(arrowTarget(B.tavlei, 'a1', 'ArrowDown', 'first'), null);
  assert.equal(arrowTarget(B.tavlei, 'a1', 'ArrowLeft', 'first'), null);
  assert.equal(arrowTarget(B.tavlei, 'a1', 'ArrowLeft', 'second'), 'b1');
  assert.equal(arrowTarget(B.tavlei, 'a1', 'Tab', 'first'), null);
});

test('draughts: arrows skip light squares and still reach every dark square', () => {
  assert.equal(arrowTarget(B.draughts, 'a1', 'ArrowUp', 'first'), 'b2');
  assert.equal(arrowTarget(B.draughts, 'a1', 'ArrowRight', 'first'), 'b2');
  assert.equal(arrowTarget(B.draughts, 'h8', 'ArrowUp', 'first'), null);
  const seen = new Set(['a1']);
  const queue = ['a1'];
  while (queue.length) {
    const sq = queue.shift();
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
      const to = arrowTarget(B.draughts, sq, key, 'first');
      if (!to) continue;
      assert.notEqual(B.draughts.marked[to], 'light', `${sq} ${key}`);
      if (!seen.has(to)) seen.add(to), queue.push(to);
    }
  }
  assert.equal(seen.size, 32);
});

test('draughts: each arrow is undone by the opposite one, from either side', () => {
  const back = { ArrowUp: 'ArrowDown', ArrowDown: 'ArrowUp', ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft' };
  for (const side of ['first', 'second'])
    for (let f = 0; f < 8; f++)
      for (let r = 0; r < 8; r++) {
        const sq = String.fromCharCode(97 + f) + (r + 1);
        if (B.draughts.marked[sq]) continue;
        for (const key of Object.keys(back)) {
          const to = arrowTarget(B.draughts, sq, key, side);
          if (to) assert.equal(arrowTarget(B.draughts, to, back[key], side), sq, `${side} ${sq} ${key}`);
        }
      }
});
