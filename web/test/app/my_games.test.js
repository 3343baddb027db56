// Your turn, everywhere (issue 30, docs/protocol.md "Your games"): the visitor's games
// kept from my_games and their events (turns.js), the title's count, the notice of a
// turn while the page is hidden, the /games page's rows and its permission button, and
// the page's own words (views/games_words.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reduceTurns, isTurn, myTurns, notifyTurn } from '../../public/js/app/turns.js';
import { gameRows, noticeState, askNotice } from '../../public/js/app/games_list.js';
import { WORDS, gamesWords } from '../../public/js/app/views/games_words.js';
import { parseRoute } from '../../public/js/app/router.js';
import { App } from '../../public/js/app/app.js';
import { translator } from '../../public/js/app/i18n.js';
import enTable from '../../public/js/app/i18n/en.js';
import ruTable from '../../public/js/app/i18n/ru.js';

const HOUR = 3600000;
const corr = { days_per_move: 3, bank_days: null, increment_hours: null, minimum_hours: null };
// A my_games entry as the server sends it (docs/protocol.md, "Your games").
const listed = (id, first, second, toMove, more = {}) => ({
  game_id: id, room_id: `r${id}`, game: 'tablut', options: {}, clock: null, correspondence: corr,
  players: { first, second }, ply: 2, to_move: toMove, to_move_player: toMove === 'first' ? first : second,
  deadline_ms: 1_000 * HOUR, private: false, started_ms: 0, ...more,
});
const answer = (player, games) => ({ type: 'player_games', id: 7, player, games });
const state = (id, you, toMove, status = 'ongoing') => ({
  game_id: id, room_id: `r${id}`, game: 'brandubh', options: {}, players: { first: 'alice', second: 'bob' }, you,
  to_move: toMove, correspondence: corr, deadline_ms: 2_000 * HOUR, status: { state: status }, moves: [], ply: 0,
});
const move = (id, side, toMove, status = 'ongoing') => ({
  type: 'move', game_id: id, ply: 3, move: 'a1-a2', side, to_move: toMove, status: { state: status }, deadline_ms: 3_000 * HOUR,
});
const count = (turns, me = 'alice') => myTurns(turns, me).length;

test('the visitor’s games come from their my_games answer: theirs to move counted', () => {
  const turns = reduceTurns(new Map(), answer('alice', [listed('g1', 'alice', 'bob', 'first'), listed('g2', 'carl', 'alice', 'first'),
    listed('g3', 'alice', 'dora', 'first', { correspondence: null, deadline_ms: null })]), 'alice');
  assert.deepEqual([...turns.keys()], ['g1', 'g2', 'g3']);
  assert.equal(count(turns), 2);
  assert.ok(isTurn(turns.get('g1'), 'alice') && !isTurn(turns.get('g2'), 'alice'));
  assert.equal(isTurn(undefined, 'alice'), false);
  // Another player's answer (a name asked about elsewhere) changes nothing.
  assert.equal(reduceTurns(turns, answer('bob', []), 'alice'), turns);
  // A later answer is the whole truth: games it does not list are gone.
  assert.deepEqual([...reduceTurns(turns, answer('alice', [listed('g2', 'carl', 'alice', 'second')]), 'alice').keys()], ['g2']);
});

test('a move of theirs makes it the visitor’s turn; the visitor’s own move ends it', () => {
  let turns = reduceTurns(new Map(), answer('alice', [listed('g1', 'alice', 'bob', 'second')]), 'alice');
  assert.equal(count(turns), 0);
  turns = reduceTurns(turns, move('g1', 'second', 'first'), 'alice');
  assert.equal(count(turns), 1);
  assert.equal(turns.get('g1').deadline_ms, 3_000 * HOUR);
  turns = reduceTurns(turns, { ...move('g1', 'first', 'second'), id: 12 }, 'alice'); // the echo of her own move
  assert.equal(count(turns), 0);
  assert.equal(turns.size, 1);
});

test('a game started or given back (resume) is added; an ended one leaves', () => {
  let turns = reduceTurns(new Map(), { type: 'game_started', state: state('g5', 'first', 'first') }, 'alice');
  assert.equal(count(turns), 1);
  assert.equal(turns.get('g5').game, 'brandubh');
  turns = reduceTurns(turns, { type: 'game_state', state: state('g6', 'second', 'first') }, 'bob');
  assert.equal(turns.size, 2);
  // A game watched is nobody's turn here.
  assert.equal(reduceTurns(turns, { type: 'game_state', state: state('g7', null, 'first') }, 'alice'), turns);
  assert.equal(reduceTurns(turns, { type: 'game_state', state: state('g6', 'second', 'first', 'win') }, 'bob').has('g6'), false);
  assert.equal(reduceTurns(turns, move('g5', 'first', 'second', 'win'), 'alice').has('g5'), false);
  assert.equal(reduceTurns(turns, { type: 'game_over', game_id: 'g5', result: 'first', reason: 'time' }, 'alice').has('g5'), false);
});

test('anything else leaves the same Map (no redraw, no title change)', () => {
  const turns = reduceTurns(new Map(), answer('alice', [listed('g1', 'alice', 'bob', 'first')]), 'alice');
  for (const msg of [move('g9', 'first', 'second'), { type: 'game_over', game_id: 'g9' }, { type: 'chat', game_id: 'g1', text: 'hi' },
    { type: 'draw_offered', game_id: 'g1', side: 'second' }, { type: 'lobby_update' }, { type: 'pong' }])
    assert.equal(reduceTurns(turns, msg, 'alice'), turns, msg.type);
});

test('the title counts the games awaiting the visitor’s move, on every page', () => {
  const fake = (player, turns) => ({ doc: { title: '' }, identity: player ? { player } : null, turns, title: undefined });
  const page = fake('alice', reduceTurns(new Map(), answer('alice', [listed('g1', 'alice', 'bob', 'first'), listed('g2', 'alice', 'carl', 'first'),
    listed('g3', 'alice', 'dora', 'second')]), 'alice'));
  App.prototype.setTitle.call(page, 'Lobby');
  assert.equal(page.doc.title, '(2) Lobby · Boardhall');
  page.turns = reduceTurns(page.turns, move('g1', 'first', 'second'), 'alice');
  App.prototype.setTitle.call(page); // the count changed: the page's own title stays
  assert.equal(page.doc.title, '(1) Lobby · Boardhall');
  App.prototype.setTitle.call(page, '');
  assert.equal(page.doc.title, '(1) Boardhall');
  const none = fake(null, page.turns);
  App.prototype.setTitle.call(none, 'Archive');
  assert.equal(none.doc.title, 'Archive · Boardhall');
});

// A stand-in for the browser's Notification class.
function fakeNotification(permission = 'granted') {
  const N = function (title, options) {
    N.shown.push({ title, options });
    this.title = title;
  };
  N.permission = permission;
  N.shown = [];
  N.asked = 0;
  N.requestPermission = async () => {
    N.asked++;
    if (N.refuse) throw new Error('no');
    N.permission = N.answer;
    return N.answer;
  };
  return N;
}

test('a notice when a move makes it the visitor’s turn in a correspondence game while the page is hidden', () => {
  const before = reduceTurns(new Map(), answer('alice', [listed('g1', 'alice', 'bob', 'second'), listed('g2', 'alice', 'carl', 'second', { correspondence: null })]), 'alice');
  const theirs = move('g1', 'second', 'first');
  const after = reduceTurns(before, theirs, 'alice');
  const text = (player, game) => `${player} moved in ${game} — your move`;
  const opened = [];
  const notify = (N, hidden, msg = theirs, was = before.get('g1'), now = after.get('g1')) => notifyTurn(N, hidden, msg, was, now, 'alice', text, () => opened.push(msg.game_id));

  const N = fakeNotification();
  const n = notify(N, true);
  assert.deepEqual(N.shown, [{ title: 'bob moved in tablut — your move', options: { tag: 'g1' } }]);
  n.onclick();
  assert.deepEqual(opened, ['g1']);

  // Not: the page in view, no permission (asked or not), no Notification at all.
  assert.equal(notify(N, false), null);
  for (const permission of ['default', 'denied']) assert.equal(notify(fakeNotification(permission), true), null, permission);
  assert.equal(notify(undefined, true), null);
  // Not: a live game, the visitor's own move, a game that already awaited them, a state.
  const live = move('g2', 'second', 'first');
  assert.equal(notify(N, true, live, before.get('g2'), reduceTurns(before, live, 'alice').get('g2')), null);
  const mine = move('g1', 'first', 'second');
  assert.equal(notify(N, true, mine, after.get('g1'), reduceTurns(after, mine, 'alice').get('g1')), null);
  assert.equal(notify(N, true, theirs, after.get('g1'), after.get('g1')), null);
  assert.equal(notify(N, true, { type: 'game_state', game_id: 'g1' }), null);
  // A game the visitor was not known to play (no my_games yet) is told on its move.
  assert.ok(notify(N, true, theirs, undefined, after.get('g1')));
  assert.equal(N.shown.length, 2);
  // Chrome on Android has the class but shows notices from a service worker only: its
  // constructor throws, and the page goes on.
  const android = fakeNotification();
  const Throwing = function () { throw new TypeError('Illegal constructor'); };
  Throwing.permission = android.permission;
  assert.equal(notify(Throwing, true), null);
});

test('the permission: asked from the button, its answer shown', async () => {
  assert.equal(noticeState(undefined), 'unsupported');
  assert.equal(noticeState({ permission: 'granted' }), 'unsupported'); // not a class
  const N = fakeNotification('default');
  assert.equal(noticeState(N), 'default');
  N.answer = 'granted';
  assert.equal(await askNotice(N), 'granted');
  const M = fakeNotification('default');
  M.refuse = true;
  assert.equal(await askNotice(M), 'default');
  assert.equal(M.asked, 1);
});

test('the /games rows: the visitor’s turn first (a live game, then the nearest deadline), each with the opponent', () => {
  const turns = reduceTurns(new Map(), answer('alice', [
    listed('g1', 'alice', 'bob', 'first', { deadline_ms: 50 * HOUR }),
    listed('g2', 'carl', 'alice', 'second', { deadline_ms: 10 * HOUR }),
    listed('g3', 'alice', 'dora', 'second', { deadline_ms: 5 * HOUR }),
  ]), 'alice');
  let [turn, waiting] = gameRows(turns, 'alice');
  assert.deepEqual(turn.map((r) => [r.id, r.opponent]), [['g2', 'carl'], ['g1', 'bob']]);
  assert.deepEqual(waiting.map((r) => [r.id, r.opponent, r.turn, r.deadline]), [['g3', 'dora', false, 5 * HOUR]]);
  // dora moved: g3 joins the turns, by its deadline; a live game comes before them all.
  const next = reduceTurns(turns, { ...move('g3', 'second', 'first'), deadline_ms: 20 * HOUR }, 'alice');
  const withLive = reduceTurns(next, { type: 'game_started', state: { ...state('g4', 'first', 'first'), correspondence: null, deadline_ms: null } }, 'alice');
  [turn, waiting] = gameRows(withLive, 'alice');
  assert.deepEqual(turn.map((r) => r.id), ['g4', 'g2', 'g3', 'g1']);
  assert.deepEqual(waiting, []);
  assert.equal(turn[0].opponent, 'bob');
  assert.equal(turn[0].correspondence, null);
});

test('/games is a route of its own', () => {
  assert.deepEqual(parseRoute('/games'), { name: 'games' });
  assert.deepEqual(parseRoute('/games/'), { name: 'games' });
  assert.equal(parseRoute('/games/x').name, 'notfound');
});

test('the words of /games and the lobby’s line: every key in each language, with the same placeholders', () => {
  const keys = (lang) => Object.keys(WORDS[lang]).sort();
  assert.deepEqual(Object.keys(WORDS), ['en', 'ru']);
  assert.deepEqual(keys('ru'), keys('en'));
  const holes = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  for (const key of keys('en')) {
    assert.ok(WORDS.en[key].trim() && WORDS.ru[key].trim(), key);
    assert.deepEqual(holes(WORDS.ru[key]), holes(WORDS.en[key]), key);
  }
  // Every key the page and the lobby ask for is there (w('...'), and the notice states).
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/js/app/views');
  const asked = ['my_games.js', 'lobby.js'].flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/\bw\(\s*'([a-z_.]+)'/g)].map((m) => m[1]));
  assert.ok(asked.length > 5);
  for (const key of [...asked, 'games.notify_granted', 'games.notify_denied']) assert.ok(key in WORDS.en, key);
  assert.equal(gamesWords(translator('ru', ruTable))('games.against', { player: 'bob' }), 'против bob');
  assert.equal(gamesWords({ lang: 'xx' })('games.your_move'), 'Your move');
  // The two words every page needs are in the main tables.
  for (const table of [enTable, ruTable]) assert.ok(table['nav.games'] && table['notify.turn']);
  assert.equal(translator('en', enTable)('notify.turn', { player: 'bob', game: 'Tablut' }), 'bob moved in Tablut — your move');
});

test('the notification form sends only what changed, its reminders read from "24, 2"', async () => {
  const { notifyRequest, parseReminders } = await import('../../public/js/app/notify_form.js');
  assert.deepEqual(parseReminders('24, 2'), [24, 2]);
  assert.deepEqual(parseReminders('none'), []);
  assert.deepEqual(parseReminders(''), []);
  for (const bad of ['0', '337', '1.5', 'soon', '1,2,3,4,5']) assert.equal(parseReminders(bad), null, bad);
  const current = { email: '', email_verified: false, on_move: true, reminder_hours: [24, 2], webhook_url: '', webhook_secret: '', mail_available: true };
  const same = { email: '', webhook: '', onMove: true, reminders: '24,2' };
  assert.deepEqual(notifyRequest(same, current), { ok: true, request: null });
  assert.deepEqual(notifyRequest({ ...same, email: ' bob@example.org ', reminders: '48' }, current),
    { ok: true, request: { type: 'set_notifications', email: 'bob@example.org', reminder_hours: [48] } });
  assert.deepEqual(notifyRequest({ ...same, onMove: false, webhook: 'https://h.example/x' }, current).request,
    { type: 'set_notifications', webhook_url: 'https://h.example/x', on_move: false });
  assert.deepEqual(notifyRequest({ ...same, reminders: '0' }, current), { ok: false, bad: 'reminders' });
});
