// Challenges (docs/protocol.md, "Challenge a player"; docs/web.md): the challenge_player
// request from the create form's values, the visitor's challenges after each message,
// a challenge and its end in words (both languages), the decline reasons (the spec's
// list, each with its words); and, in a small stand-in DOM with a stand-in connection,
// the bar every page shows (Accept, Decline with a reason, Cancel, how ours ended, a
// reload's list), the profile's dialog (the create form's fields, sent as
// challenge_player; refusals in words) and the profile's Challenge button.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { DECLINE_REASONS, noChallenges, reduceChallenges, dropChallenge, dropEnded, challengeWhat, challengerText, endedText, challengeError } from '../../public/js/app/challenge.js';
import { buildChallenge } from '../../public/js/app/room_form.js';
import { WORDS, challengeWords } from '../../public/js/app/views/challenge_words.js';
import { WORDS as PAGE_WORDS } from '../../public/js/app/views/page_words.js';
import { translator, LANGUAGES } from '../../public/js/app/i18n.js';
import { errorText } from '../../public/js/app/describe.js';
import enTable from '../../public/js/app/i18n/en.js';
import ruTable from '../../public/js/app/i18n/ru.js';

const en = translator('en', enTable);
const ru = translator('ru', ruTable);
const TABLUT = { id: 'tablut', name: 'Tablut', first_side: 'attackers', second_side: 'defenders', options: [] };
const SEATAFL = { id: 'seatafl', name: 'Sea tafl', first_side: 'attackers', second_side: 'defenders', options: [{ name: 'size', allowed: [9, 11], default: 9, description: 'board size' }] };
const GAMES = [TABLUT, SEATAFL];
const EXPIRES = 1718000180000;

/** A room as room_created and challenge_received carry it (docs/protocol.md's example). */
const room = (id = 'r1', more = {}) => ({ room_id: id, game: 'tablut', options: {}, creator: 'alice', creator_side: 'random', clock: { initial_ms: 300000, increment_ms: 3000 },
  games: 1, private: true, seek: null, rated: true, creator_rating: { rating: 1500, rd: 350, provisional: true }, computer_level: null, correspondence: null, challenged: 'bob', ...more });
const form = (more = {}) => ({ game: 'tablut', options: {}, clock: '5+3', minutes: '', increment: '', side: 'random', games: '1', private: true, rated: true, ...more });

test('the request: the create form’s fields offered to one player; never "private"; the form’s own checks', () => {
  assert.deepEqual(buildChallenge(form(), TABLUT, 'bob'), { ok: true, request: { type: 'challenge_player', to: 'bob', game: 'tablut', options: {}, side: 'random', clock: { initial_s: 300, increment_s: 3 }, games: 1, rated: true } });
  const sea = buildChallenge(form({ game: 'seatafl', options: { size: '11' }, clock: 'days', days: '3', side: 'second', games: '2', rated: undefined }), SEATAFL, 'Борис');
  assert.deepEqual(sea.request, { type: 'challenge_player', to: 'Борис', game: 'seatafl', options: { size: 11 }, side: 'second', clock: { days_per_move: 3 }, games: 2 });
  assert.equal(buildChallenge(form({ clock: 'none' }), TABLUT, 'bob').request.clock, null);
  assert.deepEqual(buildChallenge(form({ clock: 'custom', minutes: 'x' }), TABLUT, 'bob'), { ok: false, error: 'form.clock_number' });
  assert.equal(buildChallenge(form({ game: 'seatafl', options: { size: '10' } }), SEATAFL, 'bob').error, 'form.option_allowed');
  assert.equal(buildChallenge(form({ games: '100' }), TABLUT, 'bob').error, 'form.games');
});

test('the decline reasons are the spec’s, in its order, each with a label and a sentence in every language', () => {
  const spec = fs.readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
  const section = spec.slice(spec.indexOf('### Challenge a player'));
  const listed = /`reason`, optional: one of([^)]*)\)/.exec(section)[1];
  assert.deepEqual(DECLINE_REASONS, [...listed.matchAll(/`(\w+)`/g)].map((m) => m[1]));
  for (const lang of LANGUAGES)
    for (const r of DECLINE_REASONS) assert.ok(WORDS[lang][`chal.why_${r}`] && WORDS[lang][`chal.reason_${r}`], `${lang} ${r}`);
});

test('the visitor’s challenges: received, listed again, answered, cancelled, expired, declined with a reason, accepted', () => {
  let s = noChallenges();
  assert.equal(reduceChallenges(s, { type: 'move', game_id: 'g1' }, 'bob'), s); // not about challenges: the same object
  s = reduceChallenges(s, { type: 'challenge_received', room: room('r1'), expires_ms: EXPIRES }, 'bob');
  s = reduceChallenges(s, { type: 'challenge_received', room: room('r2', { creator: 'carol' }), expires_ms: EXPIRES }, 'bob');
  s = reduceChallenges(s, { type: 'challenge_received', room: room('r1'), expires_ms: EXPIRES + 1 }, 'bob'); // told again: once
  assert.deepEqual(s.incoming.map((c) => [c.room.room_id, c.expires_ms]), [['r2', EXPIRES], ['r1', EXPIRES + 1]]);
  assert.equal(reduceChallenges(s, { type: 'challenge_received' }, 'bob'), s); // no room: nothing
  // The challenger withdrew one; the other expired.
  const withdrawn = reduceChallenges(s, { type: 'room_cancelled', room_id: 'r2', reason: 'cancelled' }, 'bob');
  assert.deepEqual(withdrawn.incoming.map((c) => c.room.room_id), ['r1']);
  assert.deepEqual(withdrawn.ended, []); // only one's own challenges have an end to tell
  assert.equal(reduceChallenges(s, { type: 'room_cancelled', room_id: 'r9', reason: 'expired' }, 'bob'), s); // another room
  assert.deepEqual(dropChallenge(s, 'r1').incoming.map((c) => c.room.room_id), ['r2']); // declined or accepted here
  // Accepted: game_started of its room.
  assert.deepEqual(reduceChallenges(s, { type: 'game_started', state: { room_id: 'r1', game_id: 'g1' } }, 'bob').incoming.map((c) => c.room.room_id), ['r2']);
  // After a reload: the list, as the server has it.
  const listed = reduceChallenges(noChallenges(), { type: 'challenges', id: 8, incoming: [{ room: room('r3'), expires_ms: EXPIRES }, null, { room: {} }], outgoing: [{ room: room('r4', { creator: 'bob', challenged: 'dan' }) }] }, 'bob');
  assert.deepEqual([listed.incoming.map((c) => c.room.room_id), listed.outgoing.map((c) => [c.room.room_id, c.expires_ms])], [['r3'], [['r4', null]]]);
  assert.deepEqual(reduceChallenges(listed, { type: 'challenges', incoming: [], outgoing: [] }, 'bob'), noChallenges()); // a restart took them

  // The challenger's side: made, then declined with a reason, expired, or cancelled by them.
  let a = reduceChallenges(noChallenges(), { type: 'room_created', id: 40, room: room('r1'), invite_code: null }, 'alice');
  assert.deepEqual(a.outgoing.map((c) => c.room.challenged), ['bob']);
  assert.equal(reduceChallenges(a, { type: 'room_created', room: room('r7', { challenged: undefined }) }, 'alice'), a); // a plain room
  const declined = reduceChallenges(a, { type: 'room_cancelled', room_id: 'r1', reason: 'declined', decline_reason: 'later' }, 'alice');
  assert.deepEqual(declined.outgoing, []);
  assert.deepEqual(declined.ended.map((e) => [e.room.room_id, e.reason, e.decline]), [['r1', 'declined', 'later']]);
  assert.deepEqual(dropEnded(declined, 'r1').ended, []);
  assert.deepEqual(reduceChallenges(a, { type: 'room_cancelled', room_id: 'r1', reason: 'expired' }, 'alice').ended.map((e) => [e.reason, e.decline]), [['expired', null]]);
  assert.deepEqual(reduceChallenges(a, { type: 'room_cancelled', id: 23, room_id: 'r1' }, 'alice'), noChallenges()); // their own cancel_room: no end to tell
  // A new challenge puts the old ends away.
  assert.deepEqual(reduceChallenges(declined, { type: 'room_created', room: room('r2') }, 'alice').ended, []);
  // Accepted: a live game leaves no end (its page opens); a correspondence one says so, with the game.
  assert.deepEqual(reduceChallenges(a, { type: 'game_started', state: { room_id: 'r1', game_id: 'g5' } }, 'alice'), noChallenges());
  a = reduceChallenges(a, { type: 'game_started', state: { room_id: 'r1', game_id: 'g5', correspondence: { days_per_move: 3 } } }, 'alice', true);
  assert.deepEqual(a.ended.map((e) => [e.reason, e.gameId]), [['accepted', 'g5']]);
  // A new connection keeps them until the list comes again; signed out, nothing is kept.
  assert.equal(reduceChallenges(declined, { type: 'welcome' }, 'alice'), declined);
  assert.deepEqual(reduceChallenges(declined, { type: 'welcome' }, null), noChallenges());
  const none = noChallenges();
  assert.equal(reduceChallenges(none, { type: 'welcome' }, null), none);
});

test('a challenge in words, in both languages: the game, its clock, rated or casual, the match, the challenged player’s side', () => {
  assert.equal(challengeWhat(en, room()), 'Tablut 5+3, rated');
  assert.equal(challengeWhat(ru, room()), 'Таблут 5+3, на рейтинг');
  assert.equal(challengeWhat(en, room('r', { clock: null, rated: false })), 'Tablut, no clock, casual');
  const sea = room('r', { game: 'seatafl', options: { size: '11' }, clock: null, correspondence: { days_per_move: 3 }, games: 2, creator_side: 'first' });
  assert.equal(challengeWhat(en, sea, SEATAFL), 'Sea tafl (board size 11), 3 days per move, match of 2, rated, you play: defenders');
  assert.match(challengeWhat(ru, sea, SEATAFL), /^Морской тафл \(размер доски 11\), 3 дня на ход, матч из 2, на рейтинг, вы играете: защитники$/);
  assert.equal(challengeWhat(en, room('r', { creator_side: 'second' }), TABLUT), 'Tablut 5+3, rated, you play: attackers');
  assert.equal(challengerText(room()), 'alice (1500?)');
  assert.equal(challengerText(room('r', { creator_rating: null })), 'alice');
});

test('how ours ended, in words: declined (and why), expired, accepted, called off; refusals in the challenge’s own words', () => {
  const w = challengeWords(en);
  const wr = challengeWords(ru);
  const ended = (reason, decline = null) => ({ room: room(), reason, decline });
  assert.deepEqual(endedText(w, en, ended('declined', 'later')), ['bob declined your challenge.', 'Not now: ask again later.']);
  assert.deepEqual(endedText(w, en, ended('declined', 'generic')), ['bob declined your challenge.', 'They are not taking challenges right now.']);
  assert.deepEqual(endedText(w, en, ended('declined')), ['bob declined your challenge.', null]);
  assert.deepEqual(endedText(w, en, ended('declined', 'something_new')), ['bob declined your challenge.', null]);
  assert.deepEqual(endedText(wr, ru, ended('declined', 'too_fast')), ['bob отклонил(а) ваш вызов.', 'Слишком быстрые часы: предложите игру помедленнее.']);
  assert.deepEqual(endedText(w, en, ended('expired')), ['bob did not answer your challenge in time.', null]);
  assert.deepEqual(endedText(wr, ru, ended('expired')), ['bob не ответил(а) на ваш вызов вовремя.', null]);
  assert.deepEqual(endedText(w, en, ended('accepted')), ['bob accepted your challenge.', null]);
  assert.deepEqual(endedText(w, en, ended('seat_taken')), ['Your challenge to bob was called off (seat taken).', null]);
  const say = (t, words, err) => challengeError(words, (e) => errorText(t, e), err);
  assert.equal(say(en, w, { code: 'not_found', message: "no player 'bob'" }), 'No player of that name is connected or registered.');
  assert.equal(say(ru, wr, { code: 'bad_request', message: 'you cannot challenge yourself' }), 'Нельзя вызвать самого себя.');
  assert.equal(say(en, w, { code: 'already_seated', message: 'you already have a seat' }), 'you already have a seat'); // as every page says it
  assert.equal(say(ru, wr, { code: 'already_seated', message: 'x' }), ruTable['error.already_seated']);
});

test('the words: both languages, the same keys and placeholders; every word the code asks for', () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  assert.deepEqual(Object.keys(WORDS).sort(), [...LANGUAGES].sort());
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(WORDS[lang]).sort(), Object.keys(WORDS.en).sort(), lang);
    for (const [key, text] of Object.entries(WORDS[lang])) {
      assert.ok(text.trim(), `${lang} ${key}`);
      assert.deepEqual(placeholders(text), placeholders(WORDS.en[key]), `${lang} ${key}`);
    }
    assert.ok(PAGE_WORDS[lang]['profile.challenge'], lang);
  }
  const code = ['../../public/js/app/views/challenge.js', '../../public/js/app/challenge.js'].map((f) => fs.readFileSync(new URL(f, import.meta.url), 'utf8')).join('\n');
  const asked = [...code.matchAll(/\bw\('([a-z_]+\.[a-z_]+)'/g), ...code.matchAll(/'(chal\.[a-z_]+)'/g)].map((m) => m[1]);
  assert.ok(asked.length > 15);
  assert.deepEqual(asked.filter((k) => !(k in WORDS.en)), []);
  for (const c of ['not_found', 'bad_request', 'unknown_room', 'not_a_player', 'unknown_type']) assert.ok(`chal.error_${c}` in WORDS.en, c);
  assert.equal(challengeWords(translator('xx', {}))('chal.accept'), 'Accept');
});

// ---- rendered ----

// A small DOM: what dom.js, the bar, the dialog and the create form use.
class El {
  constructor(tag) { this.tag = tag; this.children = []; this.attrs = {}; this.dataset = {}; this.listeners = {}; this.className = ''; this.parent = null; }
  setAttribute(k, v) { this.attrs[k] = v; }
  getAttribute(k) { return this.attrs[k] ?? null; }
  get name() { return this.attrs.name; }
  get id() { return this.attrs.id; }
  get value() {
    if (this._value !== undefined) return this._value;
    if (this.tag !== 'select') return '';
    const options = all(this, (n) => n.tag === 'option');
    return (options.find((o) => o.selected) ?? options[0])?.value ?? '';
  }
  set value(v) { this._value = String(v); }
  addEventListener(type, f) { (this.listeners[type] ??= []).push(f); }
  append(...c) { for (const n of c) { n.parent?.children.splice(n.parent.children.indexOf(n), 1); n.parent = this; this.children.push(n); } }
  after(n) { n.parent = this.parent; this.parent.children.splice(this.parent.children.indexOf(this) + 1, 0, n); }
  replaceChildren(...c) { this.children = []; this.append(...c); }
  remove() { if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1); this.parent = null; }
  querySelectorAll(sel) { return all(this, sel === '[name]' ? (n) => n.attrs.name !== undefined : (n) => n.tag === sel); }
  querySelector(sel) { return this.querySelectorAll(sel)[0] ?? null; }
  focus() { this.focused = true; }
  showModal() { this.open = true; }
  close() { this.open = false; this.fire('close'); }
  get textContent() { return this.tag === '#text' ? this.data : this.children.map((c) => c.textContent).join(''); }
  set textContent(text) { this.replaceChildren(Object.assign(new El('#text'), { data: String(text) })); }
  fire(type) { for (const f of this.listeners[type] ?? []) f({ target: this, currentTarget: this, preventDefault() {} }); }
  click() { if (!this.disabled) this.fire('click'); }
}
function all(node, pred, found = []) {
  for (const c of node.children) {
    if (pred(c)) found.push(c);
    all(c, pred, found);
  }
  return found;
}
globalThis.Node = El;
globalThis.document = {
  createElement: (tag) => new El(tag),
  createTextNode: (data) => Object.assign(new El('#text'), { data }),
  head: { append: (link) => link.onload?.() },
};
const byTestid = (node, testid) => all(node, (n) => n.dataset?.testid === testid);
const one = (node, testid) => byTestid(node, testid)[0] ?? null;
const text = (node, testid) => one(node, testid)?.textContent ?? null;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1));

/**
 * A page's app as the bar and the dialog use it, signed in as `player`; the connection
 * answers with `answer(msg)` (a reply, or a thrown error), by default `ok`. The replies
 * go through handle() as on the page: here to take() only.
 */
async function page({ player = 'bob', registered = true, lang = 'en', answer = () => ({ type: 'ok' }) } = {}) {
  const { take } = await import('../../public/js/app/views/challenge.js');
  const body = new El('body');
  const conn = new El('div');
  const main = new El('main');
  body.append(conn, main);
  const sent = [];
  const app = {
    t: lang === 'ru' ? ru : en,
    identity: player ? { player, registered } : null,
    welcome: { games: GAMES },
    el: { conn },
    doc: { body },
    route: { name: 'archive' },
    navigated: [],
    toasts: [],
    conn: { request: async (msg) => {
      sent.push(msg);
      const reply = await answer(msg);
      app.handle(reply);
      return reply;
    } },
    win: { setTimeout: (f) => setTimeout(f, 0) },
    navigate(url) { this.navigated.push(url); this.route = { name: 'game', gameId: url.split('/').pop() }; },
    toast(s, kind) { this.toasts.push([s, kind]); },
    handle(msg) { take(this, msg); },
  };
  return { app, body, sent };
}

test('the bar: a challenge received shows at once, with who, what, Accept and Decline with a reason; Decline sends the reason', async () => {
  const { app, body, sent } = await page();
  app.handle({ type: 'challenge_received', room: room('r1'), expires_ms: EXPIRES });
  const bar = one(body, 'challenges');
  assert.equal(body.children.indexOf(bar), 1, 'under the connection banner');
  assert.equal(bar.hidden, false);
  const item = one(bar, 'challenge-incoming');
  assert.equal(item.dataset.room, 'r1');
  assert.equal(text(item, 'challenge-text'), 'alice (1500?) challenges you: Tablut 5+3, rated');
  assert.equal(all(item, (n) => n.tag === 'a')[0].getAttribute('href'), '/player/alice');
  const reasons = one(item, 'challenge-reason');
  assert.deepEqual(all(reasons, (n) => n.tag === 'option').map((o) => o.value), DECLINE_REASONS);
  assert.equal(reasons.value, 'generic');
  // Another message redraws nothing: the reason being chosen stays.
  reasons.value = 'too_fast';
  app.handle({ type: 'challenge_received', room: room('r2', { creator: 'carol', creator_rating: null, rated: false }), expires_ms: EXPIRES });
  assert.equal(one(bar, 'challenge-incoming'), item);
  assert.equal(byTestid(bar, 'challenge-incoming').length, 2);
  assert.equal(text(byTestid(bar, 'challenge-incoming')[1], 'challenge-text'), 'carol challenges you: Tablut 5+3, casual');

  one(item, 'challenge-decline').click();
  await settle();
  assert.deepEqual(sent, [{ type: 'decline_challenge', room_id: 'r1', reason: 'too_fast' }]);
  assert.deepEqual(byTestid(bar, 'challenge-incoming').map((n) => n.dataset.room), ['r2']);
  assert.deepEqual(app.navigated, []);
  // The other one withdrawn by its challenger: gone, said in passing.
  app.handle({ type: 'room_cancelled', room_id: 'r2', reason: 'cancelled' });
  assert.equal(bar.hidden, true);
  assert.deepEqual(app.toasts, [['carol withdrew the challenge.', 'info']]);
});

test('the bar: Accept joins the room and goes to the game; expired ones go; a reload lists them again', async () => {
  const { app, body, sent } = await page({ lang: 'ru', answer: (msg) => (msg.type === 'join_room' ? { type: 'game_started', id: 5, state: { room_id: msg.room_id, game_id: 'g42' } } : { type: 'ok' }) });
  app.handle({ type: 'challenges', id: 8, incoming: [{ room: room('r1'), expires_ms: EXPIRES }, { room: room('r2', { creator: 'carol' }), expires_ms: EXPIRES }], outgoing: [] });
  const bar = one(body, 'challenges');
  assert.equal(text(bar, 'challenge-text'), 'alice (1500?) вызывает вас: Таблут 5+3, на рейтинг');
  assert.equal(one(bar, 'challenge-accept').textContent, 'Принять');
  app.handle({ type: 'room_cancelled', room_id: 'r2', reason: 'expired' });
  assert.deepEqual(app.toasts, [['Вызов от игрока carol истёк.', 'info']]);
  one(bar, 'challenge-accept').click();
  assert.equal(one(bar, 'challenge-accept').disabled, true);
  await settle();
  await settle();
  assert.deepEqual(sent, [{ type: 'join_room', room_id: 'r1' }]);
  assert.equal(bar.hidden, true);
  assert.deepEqual(app.navigated, ['/game/g42']);
});

test('the bar: another language chosen, its items are drawn again in it with the next message', async () => {
  const { app, body } = await page();
  app.handle({ type: 'challenge_received', room: room('r1'), expires_ms: EXPIRES });
  assert.equal(one(body, 'challenges').getAttribute('aria-label'), 'Challenges');
  app.t = ru;
  app.handle({ type: 'pong' });
  assert.equal(text(body, 'challenge-text'), 'alice (1500?) вызывает вас: Таблут 5+3, на рейтинг');
  assert.equal(byTestid(body, 'challenge-incoming').length, 1);
  assert.equal(one(body, 'challenges').getAttribute('aria-label'), 'Вызовы');
});

test('the bar: a refused answer says why and lets the visitor try again; one gone already leaves', async () => {
  let code = 'already_seated';
  const { app, body } = await page({ answer: () => { throw { type: 'error', code, message: 'you already have a seat in room r9' }; } });
  app.handle({ type: 'challenge_received', room: room('r1'), expires_ms: EXPIRES });
  one(body, 'challenge-accept').click();
  await settle();
  assert.equal(text(body, 'challenge-item-error'), 'you already have a seat in room r9');
  assert.equal(one(body, 'challenge-accept').disabled, false);
  code = 'unknown_room';
  one(body, 'challenge-decline').click();
  await settle();
  assert.equal(one(body, 'challenge-incoming'), null);
  assert.deepEqual(app.toasts, [['That challenge is no longer there.', 'info']]);
});

test('the bar, for the challenger: "Waiting for bob…" with Cancel; declined with its reason; expired; accepted → the game', async () => {
  const { app, body, sent } = await page({ player: 'alice', answer: (msg) => (msg.type === 'cancel_room' ? { type: 'room_cancelled', id: 3, room_id: msg.room_id } : { type: 'ok' }) });
  app.handle({ type: 'room_created', id: 40, room: room('r1'), invite_code: null });
  const bar = one(body, 'challenges');
  assert.equal(text(bar, 'challenge-text'), 'Waiting for bob… Tablut 5+3, rated');
  app.handle({ type: 'room_cancelled', room_id: 'r1', reason: 'declined', decline_reason: 'later' });
  assert.equal(one(bar, 'challenge-outgoing'), null);
  const out = one(bar, 'challenge-outcome');
  assert.deepEqual([out.dataset.reason, out.dataset.decline], ['declined', 'later']);
  assert.equal(text(out, 'challenge-text'), 'bob declined your challenge. Not now: ask again later.');
  assert.deepEqual(app.toasts, []);
  one(out, 'challenge-dismiss').click();
  assert.equal(bar.hidden, true);

  // Again: cancelled by the challenger (no end to tell).
  app.handle({ type: 'room_created', room: room('r2') });
  one(bar, 'challenge-cancel').click();
  await settle();
  assert.deepEqual(sent, [{ type: 'cancel_room', room_id: 'r2' }]);
  assert.equal(bar.hidden, true);
  // Expired.
  app.handle({ type: 'room_created', room: room('r3') });
  app.handle({ type: 'room_cancelled', room_id: 'r3', reason: 'expired' });
  assert.equal(text(bar, 'challenge-text'), 'bob did not answer your challenge in time.');
  // Accepted: the game page, and the old end put away.
  app.handle({ type: 'room_created', room: room('r4') });
  assert.equal(one(bar, 'challenge-outcome'), null);
  app.handle({ type: 'game_started', state: { room_id: 'r4', game_id: 'g7', you: 'first' } });
  await settle();
  assert.deepEqual(app.navigated, ['/game/g7']);
  assert.equal(bar.hidden, true);
  // Already there (the app took the page there first): not again.
  app.handle({ type: 'room_created', room: room('r5') });
  app.route = { name: 'game', gameId: 'g8' };
  app.handle({ type: 'game_started', state: { room_id: 'r5', game_id: 'g8' } });
  await settle();
  assert.deepEqual(app.navigated, ['/game/g7']);
  // A correspondence game: said, with its link, and the page stays.
  app.route = { name: 'archive' };
  app.handle({ type: 'room_created', room: room('r6', { clock: null, correspondence: { days_per_move: 3 } }) });
  app.handle({ type: 'game_started', state: { room_id: 'r6', game_id: 'g9', correspondence: { days_per_move: 3 } } });
  await settle();
  assert.deepEqual(app.navigated, ['/game/g7']);
  assert.equal(text(bar, 'challenge-text'), 'bob accepted your challenge. Open the game →');
  assert.equal(all(one(bar, 'challenge-outcome'), (n) => n.tag === 'a')[0].getAttribute('href'), '/game/g9');
  // Signed out: nothing is kept.
  app.identity = null;
  app.handle({ type: 'welcome' });
  assert.equal(bar.hidden, true);
});

test('the dialog: the create form’s fields (no "private"), sent as challenge_player; refusals in words; closes once made', async () => {
  const { openChallenge } = await import('../../public/js/app/views/challenge.js');
  let refuse = true;
  const { app, body, sent } = await page({ player: 'alice', answer: (msg) => {
    if (refuse) throw { type: 'error', code: 'not_found', message: "no player 'bob'" };
    return { type: 'room_created', id: 40, room: room('r1', { game: msg.game }), invite_code: null };
  } });
  const handle = await openChallenge(app, 'bob');
  const dialog = one(body, 'challenge-dialog');
  assert.ok(dialog.open);
  assert.equal(all(dialog, (n) => n.tag === 'h2')[0].textContent, 'Challenge bob');
  for (const id of ['challenge-game', 'challenge-clock', 'challenge-side', 'challenge-games', 'challenge-rated', 'challenge-submit', 'challenge-close']) assert.ok(one(dialog, id), id);
  assert.equal(one(dialog, 'challenge-private'), null);
  assert.equal(one(dialog, 'challenge-rated').checked, true);
  assert.equal(one(dialog, 'challenge-submit').textContent, 'Send the challenge');
  one(dialog, 'challenge-game').value = 'seatafl';
  one(dialog, 'challenge-game').fire('change');
  assert.ok(one(dialog, 'challenge-option-size'));
  one(dialog, 'challenge-option-size').value = '11';
  one(dialog, 'challenge-form').fire('submit');
  await settle();
  assert.equal(text(dialog, 'challenge-error'), 'No player of that name is connected or registered.');
  assert.ok(dialog.open);
  refuse = false;
  one(dialog, 'challenge-form').fire('submit');
  await settle();
  assert.deepEqual(sent.at(-1), { type: 'challenge_player', to: 'bob', game: 'seatafl', options: { size: 11 }, side: 'random', clock: { initial_s: 300, increment_s: 3 }, games: 1, rated: true });
  assert.equal(dialog.open, false);
  assert.equal(one(body, 'challenge-dialog'), null);
  assert.equal(text(body, 'challenge-text'), 'Waiting for bob… Sea tafl 5+3, rated'); // the bar, from room_created
  handle.close(); // closed already: nothing happens

  // To a guest: casual by default; a guest challenger has no rated game to offer.
  const guestTarget = await page({ player: 'alice' });
  await openChallenge(guestTarget.app, 'gil', { guest: true });
  assert.ok(!one(guestTarget.body, 'challenge-rated').checked);
  const guest = await page({ player: 'gil', registered: false });
  await openChallenge(guest.app, 'alice');
  assert.equal(one(guest.body, 'challenge-rated').disabled, true);
});

test('the profile: Challenge for a visitor with a name on another’s profile; none on one’s own or without a name', async () => {
  const { profileView } = await import('../../public/js/app/views/profile.js');
  const show = async (identity, player, lang = 'en') => {
    const main = new El('main');
    const app = { t: lang === 'ru' ? ru : en, identity, setTitle() {}, win: { fetch: async () => ({ status: 404, json: async () => ({}) }) } };
    const view = profileView(app, { name: 'player', player }, main);
    await settle();
    view.destroy();
    return main;
  };
  assert.equal(text(await show({ player: 'alice', registered: true }, 'bob'), 'profile-challenge'), 'Challenge');
  assert.equal(text(await show({ player: 'gil', registered: false }, 'bob', 'ru'), 'profile-challenge'), 'Вызвать на игру');
  assert.equal(one(await show({ player: 'bob', registered: true }, 'bob'), 'profile-challenge'), null);
  assert.equal(one(await show(null, 'bob'), 'profile-challenge'), null);
});
