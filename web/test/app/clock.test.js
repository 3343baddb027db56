import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockReading, formatClock, formatClockSetting } from '../../public/js/app/clock.js';

const clocks = { first_ms: 300000, second_ms: 298500, increment_ms: 3000, running: 'first' };

test('only the running side counts down, from the moment the figures arrived', () => {
  assert.deepEqual(clockReading(clocks, 1000, 1000), { first: 300000, second: 298500 });
  assert.deepEqual(clockReading(clocks, 1000, 3500), { first: 297500, second: 298500 });
  assert.deepEqual(clockReading({ ...clocks, running: 'second' }, 1000, 3500), { first: 300000, second: 296000 });
});

test('a clock never reads below zero, nor moves when none runs or time went backwards', () => {
  assert.equal(clockReading(clocks, 0, 10_000_000).first, 0);
  assert.deepEqual(clockReading({ ...clocks, running: null }, 0, 99999), { first: 300000, second: 298500 });
  assert.deepEqual(clockReading(clocks, 5000, 4000), { first: 300000, second: 298500 });
});

test('no clock gives no reading', () => {
  assert.equal(clockReading(null, 0, 1), null);
});

test('the server figures win: a new message replaces the local count', () => {
  const local = clockReading(clocks, 0, 60000).first; // 240000 after a minute here
  const fresh = { ...clocks, first_ms: 239100 }; // the server says a little less
  assert.equal(local, 240000);
  assert.equal(clockReading(fresh, 60000, 60000).first, 239100);
});

test('clocks are written m:ss, h:mm:ss, and with tenths under ten seconds, rounded down', () => {
  assert.equal(formatClock(300000), '5:00');
  assert.equal(formatClock(299999), '4:59');
  assert.equal(formatClock(61000), '1:01');
  assert.equal(formatClock(10000), '0:10');
  assert.equal(formatClock(9999), '0:09.9');
  assert.equal(formatClock(450), '0:00.4');
  assert.equal(formatClock(0), '0:00.0');
  assert.equal(formatClock(-5), '0:00.0');
  assert.equal(formatClock(3723000), '1:02:03');
  assert.equal(formatClock(86400000), '24:00:00');
});

test('a clock reading keeps its width while it ticks in the same range', () => {
  for (let ms = 10000; ms < 600000; ms += 7001) assert.equal(formatClock(ms).length, 4, String(ms));
  for (let ms = 0; ms < 10000; ms += 333) assert.equal(formatClock(ms).length, 6);
});

test('clock settings read as minutes+seconds', () => {
  assert.equal(formatClockSetting({ initial_ms: 300000, increment_ms: 3000 }), '5+3');
  assert.equal(formatClockSetting({ initial_ms: 30000, increment_ms: 0 }), '0.5+0');
  assert.equal(formatClockSetting({ initial_ms: 90000, increment_ms: 1500 }), '1.5+1.5');
  assert.equal(formatClockSetting(null), null);
});
