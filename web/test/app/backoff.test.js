import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reconnectDelay, BASE_MS, MAX_MS } from '../../public/js/app/backoff.js';

test('waits double from 1 s up to 10 s', () => {
  const plain = [0, 1, 2, 3, 4, 5, 50].map((a) => reconnectDelay(a, () => 0));
  assert.deepEqual(plain, [1000, 2000, 4000, 8000, 10000, 10000, 10000]);
});

test('each wait is stretched by at most a fifth at random', () => {
  assert.equal(reconnectDelay(0, () => 0.999999), 1200);
  assert.equal(reconnectDelay(9, () => 0.5), 11000);
  for (let a = 0; a < 20; a++) {
    const d = reconnectDelay(a, Math.random);
    assert.ok(d >= BASE_MS && d <= MAX_MS * 1.2, String(d));
  }
});
