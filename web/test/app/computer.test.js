// Play the computer: the request built from the dialog's choices, and a bot's name with
// its mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPlayComputer, LEVELS, DEFAULT_LEVEL, noComputer } from '../../public/js/app/computer_form.js';
import { isBot, nameWithMark } from '../../public/js/app/bot_mark.js';
import { translator } from '../../public/js/app/i18n.js';
import en from '../../public/js/app/i18n/en.js';
import ru from '../../public/js/app/i18n/ru.js';
import { WORDS as DIALOG_WORDS } from '../../public/js/app/views/computer_words.js';

const seatafl = {
  id: 'seatafl', name: 'Sea tafl', first_side: 'attackers', second_side: 'defenders',
  options: [
    { name: 'size', description: 'board size', allowed: [9, 11], default: 9 },
    { name: 'king_limit', description: 'the king moves at most N squares', allowed: [], default: null },
  ],
};
const choices = (over = {}) => ({ game: 'seatafl', options: { size: '11', king_limit: '' }, clock: '5+3', side: 'second', level: '6', ...over });

test('the dialog\'s choices make a play_computer request with the level', () => {
  assert.deepEqual(buildPlayComputer(choices(), seatafl), {
    ok: true,
    request: { type: 'play_computer', game: 'seatafl', options: { size: 11 }, level: 6, clock: { initial_s: 300, increment_s: 3 }, side: 'second' },
  });
});

test('no clock, a random side and the default level', () => {
  const r = buildPlayComputer(choices({ clock: 'none', side: 'random', level: undefined, options: {} }), seatafl);
  assert.equal(r.ok, true);
  assert.equal(r.request.clock, null);
  assert.equal(r.request.side, 'random');
  assert.equal(r.request.level, DEFAULT_LEVEL);
  assert.deepEqual(r.request.options, {});
  // A play_computer has none of create_room's room fields.
  assert.ok(!('games' in r.request) && !('private' in r.request) && !('rated' in r.request));
});

test('levels are 1 to 8; anything else is refused with its message', () => {
  assert.deepEqual(LEVELS, [1, 2, 3, 4, 5, 6, 7, 8]);
  for (const level of ['1', '8']) assert.equal(buildPlayComputer(choices({ level }), seatafl).request.level, Number(level));
  for (const level of ['0', '9', 'hard', '4.5']) assert.deepEqual(buildPlayComputer(choices({ level }), seatafl), { ok: false, error: 'computer.bad_level' });
  assert.ok(en['computer.bad_level'] && ru['computer.bad_level']);
});

test('bad options and an unknown game are refused as the create form refuses them', () => {
  assert.equal(buildPlayComputer(choices({ options: { size: '13' } }), seatafl).error, 'form.option_allowed');
  assert.equal(buildPlayComputer(choices({ options: { king_limit: 'x' } }), seatafl).error, 'form.option_number');
  assert.equal(buildPlayComputer(choices(), undefined).error, 'form.no_game');
});

test('no_computer is told apart from other errors and cancellations', () => {
  assert.equal(noComputer({ type: 'error', code: 'no_computer' }), true);
  assert.equal(noComputer({ type: 'room_cancelled', room_id: 'r1', reason: 'no_computer' }), true);
  assert.equal(noComputer({ type: 'room_cancelled', room_id: 'r1', reason: null }), false);
  assert.equal(noComputer({ type: 'error', code: 'bad_options' }), false);
  assert.equal(noComputer(undefined), false);
});

test('a bot\'s name carries its mark and level; a person\'s stays as it is', () => {
  const t = translator('en', en);
  assert.equal(nameWithMark(t, 'computer', ['computer'], 6), 'computer (bot, level 6)');
  assert.equal(nameWithMark(t, 'computer', ['computer'], null), 'computer (bot)');
  assert.equal(nameWithMark(t, 'alice', ['computer'], 6), 'alice');
  assert.equal(nameWithMark(t, 'computer', null, 6), 'computer'); // not listed: not a bot
  assert.equal(nameWithMark(translator('ru', ru), 'computer', ['computer'], 3), 'computer (бот, уровень 3)');
  assert.equal(isBot('x', undefined), false);
  assert.equal(isBot('x', ['x']), true);
});

test('every level has its description in both languages (the dialog\'s own words, views/computer_words.js)', () => {
  for (const n of LEVELS) for (const table of [DIALOG_WORDS.en, DIALOG_WORDS.ru]) assert.ok(table[`computer.level_${n}`], `level ${n}`);
});
