import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRoute, roomUrl, gameUrl, archiveUrl } from '../../public/js/app/router.js';

test('the lobby, with or without a trailing slash', () => {
  assert.deepEqual(parseRoute('/'), { name: 'lobby' });
  assert.deepEqual(parseRoute(''), { name: 'lobby' });
  assert.deepEqual(parseRoute('/lobby'), { name: 'lobby' });
});

test('a room, with its invite code', () => {
  assert.deepEqual(parseRoute('/room/r18f2c3a4b5-1a2b3c4d'), { name: 'room', roomId: 'r18f2c3a4b5-1a2b3c4d', invite: null });
  assert.deepEqual(parseRoute('/room/r1/', '?invite=3f9a1c0b7d2e4f61'), { name: 'room', roomId: 'r1', invite: '3f9a1c0b7d2e4f61' });
});

test('a game, with a ply only when it is a number', () => {
  assert.deepEqual(parseRoute('/game/g1', ''), { name: 'game', gameId: 'g1', ply: null });
  assert.deepEqual(parseRoute('/game/g1', '?ply=0'), { name: 'game', gameId: 'g1', ply: 0 });
  assert.deepEqual(parseRoute('/game/g1', '?ply=17'), { name: 'game', gameId: 'g1', ply: 17 });
  assert.equal(parseRoute('/game/g1', '?ply=-1').ply, null);
  assert.equal(parseRoute('/game/g1', '?ply=1e3').ply, null);
  assert.equal(parseRoute('/game/g1', '?ply=').ply, null);
});

test('the archive keeps its query', () => {
  const r = parseRoute('/archive', '?game=tablut&player=bob');
  assert.equal(r.name, 'archive');
  assert.equal(r.query.get('game'), 'tablut');
});

test('anything else, and ids that cannot be ids, are not found', () => {
  for (const [path, search] of [['/nope'], ['/room'], ['/room/a/b'], ['/game/%E0%A4%A'], ['/game/a%20b'], ['/game/' + 'x'.repeat(65)], ['/game/..']])
    assert.equal(parseRoute(path, search).name, path === '/game/..' ? 'game' : 'notfound', path);
});

test('urls are built back and parse to the same route', () => {
  assert.equal(roomUrl('r1', 'abc'), '/room/r1?invite=abc');
  assert.equal(roomUrl('r1', null), '/room/r1');
  assert.equal(gameUrl('g1'), '/game/g1');
  assert.equal(gameUrl('g1', 0), '/game/g1?ply=0');
  assert.equal(archiveUrl(''), '/archive');
  assert.equal(archiveUrl('player=bob'), '/archive?player=bob');
  const u = new URL(roomUrl('r-1.x_y', 'c0de'), 'http://h');
  assert.deepEqual(parseRoute(u.pathname, u.search), { name: 'room', roomId: 'r-1.x_y', invite: 'c0de' });
});
