import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveSquares, parseSquare, squareName } from '../../public/js/board/notation.js';

test('square names round-trip on every square up to 11x11', () => {
  for (let file = 0; file < 11; file++)
    for (let rank = 0; rank < 11; rank++) assert.deepEqual(parseSquare(squareName(file, rank)), { file, rank });
  assert.equal(squareName(0, 0), 'a1');
  assert.equal(squareName(10, 10), 'k11');
  assert.deepEqual(parseSquare('k11'), { file: 10, rank: 10 });
});

test('parseSquare refuses what is not a square', () => {
  for (const bad of ['', 'a', 'a0', 'a01', '1a', 'A1', 'a1 ', 'a100', 'e-5']) assert.equal(parseSquare(bad), null, bad);
});

test('moveSquares reads simple moves, chains and huffs', () => {
  assert.deepEqual(moveSquares('e1-e3'), { huff: null, squares: ['e1', 'e3'] });
  assert.deepEqual(moveSquares('c3:e5:g3'), { huff: null, squares: ['c3', 'e5', 'g3'] });
  assert.deepEqual(moveSquares('a11-k11'), { huff: null, squares: ['a11', 'k11'] });
  assert.deepEqual(moveSquares('huff b2 c2-c3'), { huff: 'b2', squares: ['c2', 'c3'] });
  assert.deepEqual(moveSquares('huff a1 a1:c3:e5'), { huff: 'a1', squares: ['a1', 'c3', 'e5'] });
});

test('moveSquares throws on text that is not a move', () => {
  for (const bad of ['', 'e1', 'e1-', 'huff e1', 'huff a0 e1-e2', 'huff 9 e1-e2', 'e1-e2 ', 'resign']) assert.throws(() => moveSquares(bad), bad);
});
