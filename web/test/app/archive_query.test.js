import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filtersFromQuery, listGamesRequest, pageQuery, dayStartMs } from '../../public/js/app/archive_query.js';

test('filters are read from the page query, cleaned', () => {
  const { filters, cursor } = filtersFromQuery('?game=tablut&player=%20bob%20&result=nonsense&from=2026-11-02&to=bad&x=1&cursor=abc');
  assert.deepEqual(filters, { game: 'tablut', player: 'bob', from: '2026-11-02' });
  assert.equal(cursor, 'abc');
  assert.deepEqual(filtersFromQuery(''), { filters: {}, cursor: null });
});

test('the list_games request: dates as local midnights, the to-day included whole', () => {
  const req = listGamesRequest({ game: 'draughts', winner: 'ann', result: 'second', from: '2026-11-02', to: '2026-11-03' }, 'CUR');
  assert.equal(req.type, 'list_games');
  assert.equal(req.limit, 20);
  assert.equal(req.game, 'draughts');
  assert.equal(req.winner, 'ann');
  assert.equal(req.result, 'second');
  assert.equal(req.from, new Date(2026, 10, 2).getTime());
  assert.equal(req.to, new Date(2026, 10, 4).getTime());
  assert.equal(req.cursor, 'CUR');
  assert.deepEqual(listGamesRequest({}), { type: 'list_games', limit: 20 });
});

test('the page query round-trips', () => {
  const f = { game: 'alquerque', player: 'a b', to: '2026-01-31' };
  assert.deepEqual(filtersFromQuery(pageQuery(f, 'next')), { filters: f, cursor: 'next' });
});

test('days: only real calendar days', () => {
  assert.equal(dayStartMs('2026-02-30'), new Date(2026, 1, 30).getTime()); // Date rolls over; the server only sees a number
  assert.equal(dayStartMs('2026-2-3'), null);
  assert.equal(dayStartMs(''), null);
  assert.equal(dayStartMs('2026-12-31', 1), new Date(2027, 0, 1).getTime());
});
