// The chat's line model and check, ratings in words, the quick pairing's request, routes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkChat, addChatLine, channelFor, chatCounter, codePoints, CHAT_KEEP } from '../../public/js/app/chat_state.js';
import { ratingText, changeText } from '../../public/js/app/rating.js';
import { ratingKey, ratingKeyName, ratingRows, RATING_KEYS } from '../../public/js/app/rating_keys.js';
import { buildSeek, buildCreateRoom } from '../../public/js/app/room_form.js';
import { parseRoute, playerUrl, leaderboardUrl } from '../../public/js/app/router.js';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');

test('a chat line keeps its text as sent: markup stays characters', () => {
  const text = '<img src=x onerror=alert(1)> <b>hi</b> &amp;';
  const lines = addChatLine([], { type: 'chat', game_id: 'g1', channel: 'players', from: '<i>bob</i>', text, at_ms: 5 });
  assert.deepEqual(lines, [{ from: '<i>bob</i>', text, channel: 'players', at: 5 }]);
  assert.equal(addChatLine(lines, { type: 'chat', text: 7 }), lines, 'not a line');
  assert.equal(addChatLine(lines, { type: 'move' }), lines);
});

test('no page script sets HTML: text goes in by textContent or text nodes only', () => {
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []);
  const bad = walk(path.join(publicDir, 'js')).filter((f) => /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment)\b/.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(bad, []);
  const chat = fs.readFileSync(path.join(publicDir, 'js/app/views/chat.js'), 'utf8');
  assert.match(chat, /text\.textContent = line\.text/);
});

test('the chat keeps the last lines, each in its channel', () => {
  let lines = [];
  for (let i = 0; i < CHAT_KEEP + 5; i++) lines = addChatLine(lines, { type: 'chat', channel: i % 2 ? 'spectators' : 'players', from: 'a', text: String(i), at_ms: i });
  assert.equal(lines.length, CHAT_KEEP);
  assert.equal(lines[0].text, '5');
  assert.equal(lines[0].channel, 'spectators');
  assert.equal(channelFor('first'), 'players');
  assert.equal(channelFor(null), 'spectators');
});

test('a line is 1 to 140 code points after trimming, without control or bidi characters', () => {
  assert.deepEqual(checkChat('  hello  '), { ok: true, text: 'hello' });
  assert.equal(checkChat('   ').error, 'chat.empty');
  assert.equal(checkChat('x'.repeat(140)).ok, true);
  assert.equal(checkChat('x'.repeat(141)).error, 'chat.too_long');
  assert.equal(checkChat('😀'.repeat(140)).ok, true, 'an emoji is one code point');
  assert.equal(codePoints('😀é'), 2);
  assert.equal(checkChat('a\u0007b').error, 'chat.control');
  assert.equal(checkChat('a\nb').error, 'chat.control');
  assert.equal(checkChat('a\u202eb').error, 'chat.control');
  assert.equal(checkChat('a\u2067b').error, 'chat.control');
  assert.equal(checkChat('a\u0085b').error, 'chat.control');
  assert.equal(checkChat('<b>ok</b>').ok, true, 'markup is just text');
  assert.equal(checkChat('\u200b\u200c\u200d\ufeff').error, 'chat.empty', 'only zero-width characters');
  assert.equal(checkChat(' \u2060 \u3164 ').error, 'chat.empty');
  assert.equal(checkChat('a\u200bb').ok, true);
  assert.equal(chatCounter(' abc '), '3/140');
});

test('a rating reads as a whole number, with "?" while provisional', () => {
  assert.equal(ratingText({ rating: 1741.6, rd: 396.8, provisional: true }), '1742?');
  assert.equal(ratingText({ rating: 1612.4, rd: 80, provisional: false }), '1612');
  assert.equal(ratingText(null), '');
  assert.equal(changeText(241.6), '+241.6');
  assert.equal(changeText(-12), '−12.0');
  assert.equal(changeText(0.04), '±0.0');
  assert.equal(changeText(undefined), '');
});

test('rating keys: one per game, Sea tafl by board size', () => {
  assert.equal(ratingKey('tablut', {}), 'tablut');
  assert.equal(ratingKey('copenhagen', {}), 'copenhagen');
  assert.equal(ratingKey('brandubh', {}), 'brandubh');
  assert.equal(ratingKey('seatafl', { size: 9 }), 'seatafl-9x9');
  assert.equal(ratingKey('seatafl', {}), 'seatafl-11x11');
  assert.equal(ratingKeyName((g) => g.toUpperCase(), 'seatafl-9x9'), 'SEATAFL 9×9');
  assert.deepEqual(ratingRows({ draughts: { rating: 1 }, zzz: { rating: 3 }, tavlei: { rating: 2 } }).map((r) => r.key), ['tavlei', 'draughts', 'zzz']);
  assert.equal(RATING_KEYS.length, 8);
});

const tablut = { id: 'tablut', options: [{ name: 'king_limit', allowed: [] }] };
const seatafl = { id: 'seatafl', options: [{ name: 'size', allowed: [9, 11], default: 11 }] };

test('the seek form: game, clock preset, rated or casual', () => {
  assert.deepEqual(buildSeek({ game: 'tablut', clock: '5+3', rated: 'rated' }, tablut, true),
    { ok: true, request: { type: 'seek', game: 'tablut', options: {}, clock: { initial_s: 300, increment_s: 3 }, rated: true } });
  assert.deepEqual(buildSeek({ game: 'tablut', clock: 'none', rated: 'casual' }, tablut, false).request,
    { type: 'seek', game: 'tablut', options: {}, clock: null, rated: false });
  assert.equal(buildSeek({ clock: '5+3', rated: 'rated' }, tablut, false).error, 'seek.rated_needs_account');
  assert.equal(buildSeek({ clock: 'custom', rated: 'casual' }, tablut, true).error, 'form.clock_number');
  assert.equal(buildSeek({ clock: '5+3' }, undefined, true).error, 'form.no_game');
  assert.deepEqual(buildSeek({ clock: '3+2', rated: 'casual', options: { size: '9' } }, seatafl, true).request.options, { size: 9 });
  assert.equal(buildSeek({ clock: '3+2', rated: 'casual', options: { size: '10' } }, seatafl, true).error, 'form.option_allowed');
});

test('the create form sends "rated" only when it offers the choice', () => {
  const base = { clock: 'none', games: '1', side: 'random' };
  assert.equal(buildCreateRoom({ ...base, rated: true }, tablut).request.rated, true);
  assert.equal(buildCreateRoom({ ...base, rated: false }, tablut).request.rated, false);
  assert.equal('rated' in buildCreateRoom(base, tablut).request, false);
});

test('profile and leaderboard routes', () => {
  assert.deepEqual(parseRoute('/player/alice'), { name: 'player', player: 'alice' });
  assert.deepEqual(parseRoute(playerUrl('Иван Петров')), { name: 'player', player: 'Иван Петров' });
  assert.equal(parseRoute('/player/').name, 'notfound');
  assert.equal(parseRoute('/player/%E0%A4%A').name, 'notfound');
  assert.equal(parseRoute('/player/a%0Ab').name, 'notfound');
  assert.equal(parseRoute(`/player/${'x'.repeat(33)}`).name, 'notfound');
  assert.deepEqual(parseRoute('/leaderboard', '?game=seatafl-9x9'), { name: 'leaderboard', game: 'seatafl-9x9' });
  assert.deepEqual(parseRoute('/leaderboard/'), { name: 'leaderboard', game: null });
  assert.equal(leaderboardUrl('tablut'), '/leaderboard?game=tablut');
  assert.equal(leaderboardUrl(), '/leaderboard');
});
