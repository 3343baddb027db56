// Correspondence games (issue 30, docs/protocol.md "Correspondence games"): the forms'
// time controls, their words in lists, the time a move has left, and the game's state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCreateRoom, buildSeek, clockFromForm, CORRESPONDENCE, DAYS_PER_MOVE } from '../../public/js/app/room_form.js';
import { buildPlayComputer } from '../../public/js/app/computer_form.js';
import { controlText, timeLeftText, errorText } from '../../public/js/app/describe.js';
import { fromState, reduceGame, followsResume } from '../../public/js/app/game_state.js';
import { translator } from '../../public/js/app/i18n.js';
import enTable from '../../public/js/app/i18n/en.js';
import ruTable from '../../public/js/app/i18n/ru.js';

const en = translator('en', enTable);
const ru = translator('ru', ruTable);
const tablut = { id: 'tablut', options: [] };
const bank = (bank_days, increment_hours, minimum_hours) => ({ bank_days, increment_hours, minimum_hours });
const MIN = 60000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

test('days per move: one of the seven the server takes', () => {
  assert.deepEqual(CORRESPONDENCE, ['days', 'bank']);
  assert.deepEqual(DAYS_PER_MOVE, [1, 2, 3, 5, 7, 10, 14]);
  for (const n of DAYS_PER_MOVE) assert.deepEqual(clockFromForm('days', '', '', { days: String(n) }), { ok: true, clock: { days_per_move: n } });
  for (const days of ['4', '0', '15', '', 'x', undefined]) assert.deepEqual(clockFromForm('days', '', '', { days }), { ok: false, error: 'form.days' }, String(days));
});

test('a time bank: whole days 1-30, hours added 0-72, a minimum of 1-72 hours', () => {
  assert.deepEqual(clockFromForm('bank', '', '', bank('7', '12', '2')), { ok: true, clock: { bank_days: 7, increment_hours: 12, minimum_hours: 2 } });
  assert.deepEqual(clockFromForm('bank', '', '', bank(' 30 ', '0', '72')).clock, { bank_days: 30, increment_hours: 0, minimum_hours: 72 });
  assert.deepEqual(clockFromForm('bank', '', '', bank('1', '72', '1')).clock, { bank_days: 1, increment_hours: 72, minimum_hours: 1 });
  for (const bad of [bank('0', '12', '2'), bank('31', '12', '2'), bank('7', '73', '2'), bank('7', '12', '0'), bank('7', '12', '73'),
    bank('7.5', '12', '2'), bank('7', '-1', '2'), bank('7', '', '2'), bank('7', '12', 'two'), {}])
    assert.deepEqual(clockFromForm('bank', '', '', bad), { ok: false, error: 'form.bank' }, JSON.stringify(bad));
});

test('the create form sends the correspondence clock; its live fields do not matter then', () => {
  const form = { clock: 'days', days: '3', minutes: 'junk', increment: '', side: 'first', games: '1', private: false, bank_days: '7' };
  assert.deepEqual(buildCreateRoom(form, tablut).request,
    { type: 'create_room', game: 'tablut', options: {}, side: 'first', clock: { days_per_move: 3 }, games: 1, private: false });
  const banked = buildCreateRoom({ ...form, clock: 'bank', bank_days: '7', increment_hours: '12', minimum_hours: '2' }, tablut);
  assert.deepEqual(banked.request.clock, { bank_days: 7, increment_hours: 12, minimum_hours: 2 });
  assert.equal(buildCreateRoom({ ...form, clock: 'bank', minimum_hours: '' }, tablut).error, 'form.bank');
  // A live clock is as before.
  assert.deepEqual(buildCreateRoom({ ...form, clock: '5+3' }, tablut).request.clock, { initial_s: 300, increment_s: 3 });
});

test('seeks and games against the computer take a correspondence clock too', () => {
  assert.deepEqual(buildSeek({ game: 'tablut', clock: 'days', days: '14', rated: 'casual' }, tablut, false).request,
    { type: 'seek', game: 'tablut', options: {}, clock: { days_per_move: 14 }, rated: false });
  assert.deepEqual(buildSeek({ clock: 'bank', ...bank('3', '0', '24'), rated: 'casual' }, tablut, false).request.clock, { bank_days: 3, increment_hours: 0, minimum_hours: 24 });
  assert.equal(buildSeek({ clock: 'bank', ...bank('3', '0', '0'), rated: 'casual' }, tablut, false).error, 'form.bank');
  assert.equal(buildSeek({ clock: 'weeks', rated: 'casual' }, tablut, false).error, 'form.clock_number');
  assert.deepEqual(buildPlayComputer({ game: 'tablut', options: {}, clock: 'days', days: '1', side: 'random', level: '2' }, tablut).request,
    { type: 'play_computer', game: 'tablut', options: {}, level: 2, clock: { days_per_move: 1 }, side: 'random' });
});

test('a time control in words: the live clock as before, days per move, a bank', () => {
  const days = (n) => ({ clock: null, correspondence: { days_per_move: n, bank_days: null, increment_hours: null, minimum_hours: null } });
  const banked = { clock: null, correspondence: { days_per_move: null, bank_days: 7, increment_hours: 12, minimum_hours: 2 } };
  assert.equal(controlText(en, days(3)), '3 days per move');
  assert.equal(controlText(en, days(1)), '1 day per move');
  assert.equal(controlText(ru, days(1)), '1 день на ход');
  assert.equal(controlText(ru, days(3)), '3 дня на ход');
  assert.equal(controlText(ru, days(5)), '5 дней на ход');
  assert.equal(controlText(en, banked), 'bank 7d +12h, min 2h');
  assert.equal(controlText(ru, banked), 'запас 7 дн. +12 ч, мин. 2 ч');
  assert.equal(controlText(en, { clock: { initial_ms: 300000, increment_ms: 3000 }, correspondence: null }), '5+3');
  assert.equal(controlText(en, { clock: null, correspondence: null }), null);
  assert.equal(controlText(en, {}), null); // an older server: neither field
});

test('the time a move has left: the two largest units, minutes rounded up', () => {
  assert.equal(timeLeftText(en, 2 * DAY + 3 * HOUR + 20 * MIN), '2 days 3 hours left');
  assert.equal(timeLeftText(en, 2 * DAY + 20 * MIN), '2 days left');
  assert.equal(timeLeftText(en, DAY + HOUR), '1 day 1 hour left');
  assert.equal(timeLeftText(en, 5 * HOUR + 20 * MIN), '5 hours 20 minutes left');
  assert.equal(timeLeftText(en, 5 * HOUR), '5 hours left');
  assert.equal(timeLeftText(en, 40 * MIN), '40 minutes left');
  assert.equal(timeLeftText(en, 39 * MIN + 1), '40 minutes left');
  assert.equal(timeLeftText(en, 1500), '1 minute left'); // seconds left still read as a minute
  assert.equal(timeLeftText(en, 0), '0 minutes left');
  assert.equal(timeLeftText(en, -5 * MIN), '0 minutes left'); // passed: the server decides it
  assert.equal(timeLeftText(en, 14 * DAY), '14 days left');
  assert.equal(timeLeftText(ru, 2 * DAY + 3 * HOUR), 'осталось: 2 дня 3 часа');
  assert.equal(timeLeftText(ru, 5 * HOUR + 21 * MIN), 'осталось: 5 часов 21 минута');
  assert.equal(timeLeftText(ru, MIN), 'осталось: 1 минута');
});

const state = (over = {}) => ({
  game_id: 'g1', room_id: 'r1', game: 'tablut', options: {}, players: { first: 'alice', second: 'bob' },
  sides: { first: 'attackers', second: 'defenders' }, you: 'first', start_position: 's0', position: 's0', ply: 0,
  to_move: 'first', moves: [], clocks: null, status: { state: 'ongoing', winner: null, reason: null }, draw_offer: null, absent: [],
  correspondence: { days_per_move: 3, bank_days: null, increment_hours: null, minimum_hours: null }, deadline_ms: 1718259200000, ...over,
});

test('the game keeps its time control and the deadline of the side to move, from states and moves', () => {
  const v = reduceGame(undefined, { type: 'game_state', state: state() }, 0);
  assert.deepEqual(v.correspondence, state().correspondence);
  assert.equal(v.deadlineMs, 1718259200000);
  assert.equal(v.clocks, null);
  const moved = reduceGame(v, { type: 'move', game_id: 'g1', ply: 1, move: 'd1-d3', side: 'first', position: 's1', to_move: 'second',
    clocks: null, status: { state: 'ongoing' }, deadline_ms: 1718500000000, legal: null }, 10);
  assert.equal(moved.deadlineMs, 1718500000000);
  assert.deepEqual(moved.correspondence, v.correspondence);
  const over = reduceGame(moved, { type: 'game_over', game_id: 'g1', result: 'first', reason: 'time', match: null }, 20);
  assert.equal(over.deadlineMs, null);
  // A live game has neither.
  const live = fromState(state({ correspondence: undefined, deadline_ms: undefined, clocks: { first_ms: 1, second_ms: 1, increment_ms: 0, running: 'first' } }), 0);
  assert.equal(live.correspondence, null);
  assert.equal(live.deadlineMs, null);
  assert.equal(reduceGame(live, { type: 'move', game_id: 'g1', ply: 1, move: 'd1-d3', position: 's1', to_move: 'second', clocks: live.clocks, legal: null }, 1).deadlineMs, null);
});

test('resume in the lobby goes to a live game given back, never to a correspondence one', () => {
  const live = fromState(state({ correspondence: null, deadline_ms: null }), 0);
  const slow = fromState(state(), 0);
  assert.equal(followsResume(undefined, live), true);
  assert.equal(followsResume(undefined, slow), false);
  assert.equal(followsResume(live, live), false, 'known already');
  assert.equal(followsResume(undefined, { ...live, you: null }), false, 'watched');
  assert.equal(followsResume(undefined, { ...live, status: { state: 'draw' } }), false, 'over');
});

test('too_many_games has its words in both languages', () => {
  const err = { code: 'too_many_games', message: 'alice already plays 200 correspondence games' };
  assert.equal(errorText(en, err), err.message);
  assert.equal(errorText(ru, err), ruTable['error.too_many_games']);
  assert.ok(enTable['error.too_many_games']);
});
