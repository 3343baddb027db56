import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCreateRoom, clockFromForm, CLOCK_PRESETS } from '../../public/js/app/room_form.js';

const seatafl = {
  id: 'seatafl', name: 'Sea tafl', first_side: 'attackers', second_side: 'defenders',
  options: [
    { name: 'size', description: 'board size', allowed: [9, 11], default: 9 },
    { name: 'king_limit', description: 'the king moves at most N squares', allowed: [], default: null },
    { name: 'move_limit', description: 'every piece moves at most N squares', allowed: [], default: null },
  ],
};
const form = (over = {}) => ({ game: 'seatafl', options: { size: '11', king_limit: '4', move_limit: '' }, clock: '5+3', minutes: '', increment: '', side: 'second', games: '3', private: true, ...over });

test('the presets of the issue', () => {
  assert.deepEqual(CLOCK_PRESETS, ['none', '1+0', '3+2', '5+3', '10+5', '15+10', 'custom']);
  assert.deepEqual(clockFromForm('none'), { ok: true, clock: null });
  assert.deepEqual(clockFromForm('15+10'), { ok: true, clock: { initial_s: 900, increment_s: 10 } });
  assert.deepEqual(clockFromForm('1+0'), { ok: true, clock: { initial_s: 60, increment_s: 0 } });
});

test('a custom Fischer clock within the server limits', () => {
  assert.deepEqual(clockFromForm('custom', '0.5', '2.5'), { ok: true, clock: { initial_s: 30, increment_s: 2.5 } });
  assert.deepEqual(clockFromForm('custom', '90', ''), { ok: true, clock: { initial_s: 5400, increment_s: 0 } });
  assert.equal(clockFromForm('custom', '0', '1').error, 'form.clock_initial');
  assert.equal(clockFromForm('custom', '1441', '1').error, 'form.clock_initial');
  assert.equal(clockFromForm('custom', '5', '3601').error, 'form.clock_increment');
  assert.equal(clockFromForm('custom', 'five', '1').error, 'form.clock_number');
  assert.equal(clockFromForm('custom', '5', '-1').error, 'form.clock_number');
});

test('the whole request, options as numbers and blank ones left out', () => {
  assert.deepEqual(buildCreateRoom(form(), seatafl), {
    ok: true,
    request: { type: 'create_room', game: 'seatafl', options: { size: 11, king_limit: 4 }, side: 'second', clock: { initial_s: 300, increment_s: 3 }, games: 3, private: true },
  });
});

test('bad values are refused with the reason', () => {
  assert.deepEqual(buildCreateRoom(form({ options: { size: '10' } }), seatafl), { ok: false, error: 'form.option_allowed', params: { option: 'size', allowed: '9, 11' } });
  assert.equal(buildCreateRoom(form({ options: { king_limit: '0' } }), seatafl).error, 'form.option_number');
  assert.equal(buildCreateRoom(form({ options: { king_limit: '2.5' } }), seatafl).error, 'form.option_number');
  assert.equal(buildCreateRoom(form({ games: '0' }), seatafl).error, 'form.games');
  assert.equal(buildCreateRoom(form({ games: '100' }), seatafl).error, 'form.games');
  assert.equal(buildCreateRoom(form(), undefined).error, 'form.no_game');
});

test('an unknown side becomes random; a game with no options sends none', () => {
  const tablut = { id: 'tablut', options: [] };
  const r = buildCreateRoom(form({ game: 'tablut', side: 'sideways', options: { size: '11' }, games: '', private: false, clock: 'none' }), tablut);
  assert.deepEqual(r.request, { type: 'create_room', game: 'tablut', options: {}, side: 'random', clock: null, games: 1, private: false });
});
