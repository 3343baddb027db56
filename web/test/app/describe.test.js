import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../../public/js/app/i18n.js';
import { statusLine, resultText, errorText, optionsText, scoreText, gameName } from '../../public/js/app/describe.js';
import { fromState } from '../../public/js/app/game_state.js';

import enTable from '../../public/js/app/i18n/en.js';
import ruTable from '../../public/js/app/i18n/ru.js';

const en = translator('en', enTable);
const ru = translator('ru', ruTable);
const view = (over = {}) => ({
  ...fromState({ game_id: 'g', room_id: 'r', game: 'tablut', players: { first: 'ann', second: 'bob' }, sides: { first: 'attackers', second: 'defenders' },
    you: 'second', start_position: 's', position: 's', ply: 0, to_move: 'first', moves: [], clocks: null, status: { state: 'ongoing' }, draw_offer: null, absent: [], match: null }, 0),
  ...over,
});

test('the status line: whose turn', () => {
  assert.equal(statusLine(en, view()), 'ann to move (attackers)');
  assert.equal(statusLine(en, view({ toMove: 'second' })), 'Your move (defenders)');
  assert.equal(statusLine(ru, view({ toMove: 'second' })), 'Ваш ход (защитники)');
});

test('the status line: paused while a player is away after a restart', () => {
  const v = view({ clocks: { first_ms: 1, second_ms: 1, increment_ms: 0, running: null }, absent: [{ side: 'first', player: 'ann', deadline_ms: 1 }] });
  assert.equal(statusLine(en, v), 'Paused: waiting for ann to come back');
});

test('the status line: paused while the server cannot save moves', () => {
  const clocks = { first_ms: 1, second_ms: 1, increment_ms: 0, running: null, paused: 'storage' };
  assert.equal(statusLine(en, view({ clocks })), 'Paused: the server cannot save moves yet');
  assert.match(statusLine(ru, view({ clocks })), /^Пауза: ходы/);
});

test('the result and why', () => {
  assert.equal(statusLine(en, view({ status: { state: 'win', winner: 'second', reason: 'king_escaped' } })), 'bob (defenders) won: the king escaped');
  assert.equal(resultText(en, { first: 'a', second: 'b' }, { first: 'white', second: 'black' }, { state: 'draw', reason: 'repetition' }), 'Draw: threefold repetition');
  assert.equal(statusLine(ru, view({ status: { state: 'win', winner: 'first', reason: 'king_captured' } })), 'Победа: ann (нападающие) — король взят');
  assert.equal(resultText(en, { first: 'a', second: 'b' }, { first: 'w', second: 'b' }, { state: 'win', winner: 'first', reason: 'new_reason' }), 'a (w) won: new reason');
});

test('errors: the server words in English, the table in Russian', () => {
  const err = { code: 'illegal_move', message: 'no legal move a1-a5 here' };
  assert.equal(errorText(en, err), 'no legal move a1-a5 here');
  assert.equal(errorText(ru, err), 'Такой ход здесь невозможен.');
  assert.equal(errorText(ru, { code: 'brand_new', message: 'as sent' }), 'as sent');
});

test('options, scores and names', () => {
  assert.equal(optionsText(en, { size: '11', king_limit: '4' }), 'board size 11, king moves at most (squares) 4');
  assert.equal(optionsText(en, { shiny_new: '1' }), 'shiny new 1');
  assert.equal(scoreText({ first: 'a', second: 'b' }, { a: 1.5, b: 0.5 }), 'a 1.5 – 0.5 b');
  assert.equal(gameName(ru, 'alquerque'), 'Алькерке');
  assert.equal(gameName(en, 'newgame', 'New game, 7x7'), 'New game, 7x7');
});

test("a tournament's game: no first move is the mover's forfeit, elsewhere an abort", () => {
  const status = { state: 'aborted', reason: 'no_first_move' };
  assert.equal(statusLine(en, view({ status })), 'Aborted: no first move in time');
  assert.equal(statusLine(en, view({ status, tournamentId: 't1' })), 'ann forfeits: no first move in time');
  assert.equal(statusLine(en, view({ status, tournamentId: 't1', toMove: 'second' })), 'bob forfeits: no first move in time');
  assert.match(statusLine(ru, view({ status, tournamentId: 't1' })), /ann/);
  const aborted = { state: 'aborted', reason: 'aborted' };
  assert.equal(statusLine(en, view({ status: aborted, tournamentId: 't1' })), 'Aborted: a player aborted the game');
});
