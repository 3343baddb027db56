// Issue 15's play features in the browser: a takeback accepted, an abort with the first
// move's deadline shown, a rematch, the chat between two players and a spectator (and
// muting), quick pairing of two browsers, and a rated game between two registered
// players with the rating change and the profile page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath } from './support/stack.mjs';
import { clickMove, GAMES } from './support/play.mjs';

let stack;
let browser;
let has = {};
before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  has = await serverFeatures();
});

/**
 * What the server under test knows: each feature's request answered otherwise than
 * `unknown_type`, and the leaderboard's HTTP route. A server that lacks one fails that
 * feature's test at once, saying which (this suite runs against the server built beside it).
 */
async function serverFeatures() {
  const v = await visitor(browser, stack);
  await v.go('/');
  const types = ['takeback', 'offer_rematch', 'seek', 'chat'];
  const known = await v.page.evaluate(async (types) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
    const out = {};
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 5000);
      ws.addEventListener('message', (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'welcome') types.forEach((type, i) => ws.send(JSON.stringify({ type, id: 9000 + i })));
        else if (typeof m.id === 'number' && m.id >= 9000) {
          out[types[m.id - 9000]] = m.code !== 'unknown_type';
          if (Object.keys(out).length === types.length) { clearTimeout(timer); resolve(); }
        }
      });
    });
    ws.close();
    return out;
  }, types);
  const ratings = await v.page.evaluate(async () => (await fetch('/api/leaderboard?game=tablut')).status === 200);
  await v.context.close();
  return { takeback: Boolean(known.takeback), rematch: Boolean(known.offer_rematch), seek: Boolean(known.seek), chat: Boolean(known.chat), ratings };
}

/** Fails unless the server has every feature named. */
const needs = (t, ...features) => {
  const missing = features.filter((f) => !has[f]);
  assert.deepEqual(missing, [], `the server under test lacks: ${missing.join(', ')}`);
  return true;
};
after(async () => {
  await browser?.close();
  await stack?.close();
});

let serial = 0;
const unique = (name) => `${name}${++serial}`;

async function guests(...names) {
  const out = [];
  for (const name of names) {
    const v = await visitor(browser, stack);
    await v.go('/');
    await becomeGuest(v.page, name);
    out.push(v);
  }
  return out;
}

async function account(v, name) {
  await v.page.getByTestId('guest-name').fill(name);
  await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill('correct horse battery');
  await v.page.getByTestId('register-submit').click();
  await v.page.getByTestId('whoami').filter({ hasText: name }).waitFor();
}

/** `a` opens a room (its side first), `b` joins by its link; both on the game page. */
async function startGame(a, b, { game = 'tablut', clock = 'none', beforeJoin = async () => {} } = {}) {
  await a.page.getByTestId('create-game').selectOption(game);
  await a.page.getByTestId('create-side').selectOption('first');
  await a.page.getByTestId('create-clock').selectOption(clock);
  await a.page.getByTestId('create-submit').click();
  const link = await a.page.getByTestId('room-link').inputValue();
  await beforeJoin();
  await b.page.goto(link);
  await Promise.all([a.page.waitForURL(/\/game\//), b.page.waitForURL(/\/game\//)]);
  await a.page.locator('[data-square]').first().waitFor();
  await b.page.locator('[data-square]').first().waitFor();
  return a.page.url();
}

const close = async (...vs) => { for (const v of vs) await v.context.close(); };

test('a takeback declined, then one asked and accepted puts the position back, for a spectator too', async (t) => {
  if (!needs(t, 'takeback')) return;
  const [a, b, w] = await guests(unique('tina'), unique('tom'), unique('walt'));
  const url = await startGame(a, b);
  await w.page.goto(url);
  await w.page.locator('[data-square]').first().waitFor();
  assert.equal(await a.page.getByTestId('takeback').count(), 0, 'nothing to take back yet');
  await clickMove(a.page, 'i4-i3');
  await b.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  await a.page.getByTestId('takeback').click();
  await a.page.getByTestId('takeback-note').filter({ hasText: 'You asked' }).waitFor();
  await b.page.getByTestId('takeback-decline').click();
  await a.page.getByTestId('takeback-note').waitFor({ state: 'detached' });
  await a.page.getByTestId('takeback').filter({ hasText: 'Take back' }).click();
  await b.page.getByTestId('takeback-note').filter({ hasText: 'asks to take back' }).waitFor();
  await b.page.getByTestId('takeback-accept').click();
  for (const v of [a, b, w]) {
    await v.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor({ state: 'detached' });
    await v.page.locator('[data-square="i4"] [data-piece]').waitFor();
  }
  await a.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  // The game goes on from there.
  await clickMove(a.page, 'i4-i2');
  await b.page.getByTestId('move-list').locator('[data-ply="1"]').filter({ hasText: 'i2' }).waitFor();
  await w.page.getByTestId('move-list').locator('[data-ply="1"]').filter({ hasText: 'i2' }).waitFor();
  for (const v of [a, b, w]) assert.deepEqual(v.problems, []);
  await close(a, b, w);
});

test('an abort before the first moves, with the first move’s deadline shown', async (t) => {
  if (!needs(t, 'takeback')) return;
  const [a, b] = await guests(unique('abby'), unique('abe'));
  await startGame(a, b, { clock: '5+3' });
  await a.page.getByTestId('first-move').filter({ hasText: /has \d+ s to make the first move/ }).waitFor();
  await b.page.getByTestId('abort').waitFor();
  await a.page.getByTestId('abort').click();
  for (const v of [a, b]) {
    await v.page.getByTestId('game-over').filter({ hasText: 'Aborted' }).waitFor();
    await v.page.getByTestId('status').filter({ hasText: 'Aborted' }).waitFor();
  }
  assert.equal(await a.page.getByTestId('first-move').textContent(), '');
  for (const v of [a, b]) assert.deepEqual(v.problems, []);
  await close(a, b);
});

test('a rematch offered and accepted starts a new game with the sides swapped', async (t) => {
  if (!needs(t, 'rematch')) return;
  const [a, b] = await guests(unique('rita'), unique('ron'));
  const first = await startGame(a, b);
  await a.page.getByTestId('resign').click();
  await a.page.getByTestId('confirm-yes').click();
  const dialogA = a.page.getByTestId('game-over');
  const dialogB = b.page.getByTestId('game-over');
  await dialogA.getByTestId('rematch').click();
  await dialogA.getByTestId('rematch-note').filter({ hasText: 'Waiting' }).waitFor();
  await dialogB.getByTestId('rematch-note').filter({ hasText: 'offers a rematch' }).waitFor();
  await dialogB.getByTestId('rematch-accept').click();
  await a.page.waitForURL((u) => u.href !== first && /\/game\//.test(u.href));
  await b.page.waitForURL((u) => u.href !== first && /\/game\//.test(u.href));
  assert.equal(a.page.url(), b.page.url());
  // Who played first plays second now.
  await b.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await a.page.getByTestId('status').filter({ hasText: /to move/ }).waitFor();
  for (const v of [a, b]) assert.deepEqual(v.problems, []);
  await close(a, b);
});

test('a rematch declined, then the other player leaves', async (t) => {
  if (!needs(t, 'rematch')) return;
  const [a, b] = await guests(unique('dora'), unique('dan'));
  await startGame(a, b);
  await b.page.getByTestId('resign').click();
  await b.page.getByTestId('confirm-yes').click();
  await a.page.getByTestId('game-over').getByTestId('rematch').click();
  await b.page.getByTestId('game-over').getByTestId('rematch-decline').click();
  await a.page.getByTestId('game-over').getByTestId('rematch-note').filter({ hasText: 'declined' }).waitFor();
  await b.page.getByTestId('game-over').getByTestId('leave').click();
  await b.page.waitForURL((u) => new URL(u).pathname === '/');
  await a.page.getByTestId('game-over').getByTestId('rematch-note').filter({ hasText: 'left' }).waitFor();
  await close(a, b);
});

test('chat: the players’ channel, the spectators’ channel, markup as text, the limit, muting', async (t) => {
  if (!needs(t, 'chat')) return;
  const [a, b, w] = await guests(unique('chloe'), unique('chris'), unique('wendy'));
  const url = await startGame(a, b);
  await w.page.goto(url);
  await w.page.getByTestId('spectators').filter({ hasText: '1 watching' }).waitFor();
  const anon = await visitor(browser, stack);
  await anon.go(new URL(url).pathname);
  await anon.page.getByTestId('chat-need-name').waitFor();

  await a.page.getByTestId('chat-channel').filter({ hasText: 'Players’ chat' }).waitFor();
  await w.page.getByTestId('chat-channel').filter({ hasText: 'Spectators’ chat' }).waitFor();
  const markup = '<b>bold?</b> <img src=x onerror=alert(1)>';
  await a.page.getByTestId('chat-input').fill(markup);
  await a.page.getByTestId('chat-send').click();
  const line = b.page.getByTestId('chat-line').filter({ hasText: 'bold?' });
  await line.waitFor();
  assert.equal(await line.locator('.text').textContent(), markup);
  assert.equal(await b.page.getByTestId('chat-log').locator('b, img').count(), 0, 'no element made from the text');
  await a.page.getByTestId('chat-line').filter({ hasText: 'bold?' }).waitFor();

  await w.page.getByTestId('chat-input').fill('hello from the stands');
  await w.page.getByTestId('chat-send').click();
  await w.page.getByTestId('chat-line').filter({ hasText: 'hello from the stands' }).waitFor();
  // 140 code points at most: the counter says so and the button waits.
  await w.page.getByTestId('chat-input').fill('x'.repeat(141));
  await w.page.getByTestId('chat-count').filter({ hasText: '141/140' }).waitFor();
  assert.equal(await w.page.getByTestId('chat-send').isDisabled(), true);

  // Muted: b no longer gets a's lines; a is not told.
  await b.page.getByTestId('chat-mute').click();
  await b.page.getByTestId('chat-mute').filter({ hasText: 'Unmute' }).waitFor();
  await a.page.getByTestId('chat-input').fill('can you hear me');
  await a.page.getByTestId('chat-send').click();
  await a.page.getByTestId('chat-line').filter({ hasText: 'can you hear me' }).waitFor();
  await b.page.getByTestId('chat-mute').click();
  await b.page.getByTestId('chat-mute').filter({ hasText: 'Mute the opponent' }).waitFor();
  await a.page.getByTestId('chat-input').fill('and now?');
  await a.page.getByTestId('chat-send').click();
  await b.page.getByTestId('chat-line').filter({ hasText: 'and now?' }).waitFor();

  // The channels stay apart, and the muted line never came.
  assert.equal(await a.page.getByTestId('chat-line').filter({ hasText: 'stands' }).count(), 0);
  assert.equal(await b.page.getByTestId('chat-line').filter({ hasText: 'stands' }).count(), 0);
  assert.equal(await b.page.getByTestId('chat-line').filter({ hasText: 'can you hear me' }).count(), 0);
  assert.equal(await w.page.getByTestId('chat-line').filter({ hasText: 'bold?' }).count(), 0);
  await b.page.screenshot({ path: screenshotPath('chat.png') });
  for (const v of [a, b, w, anon]) assert.deepEqual(v.problems, []);
  await close(a, b, w, anon);
});

test('quick pairing: two browsers seeking the same game meet', async (t) => {
  if (!needs(t, 'seek')) return;
  const [a, b] = await guests(unique('quinn'), unique('quade'));
  await a.page.getByTestId('seek-game').selectOption('draughts');
  await a.page.getByTestId('seek-clock').selectOption('3+2');
  assert.equal(await a.page.getByTestId('seek-rated').inputValue(), 'casual', 'a guest seeks casual games');
  await a.page.getByTestId('seek-submit').click();
  await a.page.getByTestId('seek-waiting').waitFor();
  await b.page.getByTestId('room-row').filter({ hasText: 'casual' }).waitFor();
  await b.page.getByTestId('seek-game').selectOption('draughts');
  await b.page.getByTestId('seek-clock').selectOption('3+2');
  await b.page.getByTestId('seek-submit').click();
  await Promise.all([a.page.waitForURL(/\/game\//), b.page.waitForURL(/\/game\//)]);
  assert.equal(a.page.url(), b.page.url());
  await a.page.locator('[data-square]').first().waitFor();
  for (const v of [a, b]) assert.deepEqual(v.problems, []);
  await close(a, b);
});

test('a rated game between registered players: ratings, the change, the profile and the leaderboard', async (t) => {
  if (!needs(t, 'ratings')) return;
  const a = await visitor(browser, stack);
  const b = await visitor(browser, stack, { locale: 'ru-RU' });
  const [na, nb] = [unique('ulla'), unique('vova')];
  await a.go('/');
  await account(a, na);
  await b.go('/');
  await account(b, nb);
  assert.equal(await a.page.getByTestId('create-rated').isChecked(), true, 'rated by default when registered');
  await startGame(a, b, { beforeJoin: async () => {
    // The lobby lists the room as rated, with its creator's rating.
    const row = b.page.getByTestId('room-row').filter({ hasText: na });
    await row.getByTestId('room-rating').filter({ hasText: '1500?' }).waitFor();
    assert.equal(await row.getByTestId('room-rated').getAttribute('data-rated'), 'true');
  } });
  await a.page.getByTestId('rating-first').filter({ hasText: '1500?' }).waitFor();
  await a.page.getByTestId('rating-second').filter({ hasText: '1500?' }).waitFor();
  const tablut = GAMES.find((g) => g.id === 'tablut');
  for (let i = 0; i < tablut.moves.length; i++) {
    const [mover, other] = i % 2 === 0 ? [a, b] : [b, a];
    await clickMove(mover.page, tablut.moves[i]);
    await other.page.getByTestId('move-list').locator(`[data-ply="${i + 1}"]`).waitFor();
  }
  // The second side (b) won: 1500 → 1742 and 1500 → 1258.
  const change = a.page.getByTestId('game-over').getByTestId('rating-change');
  await change.waitFor();
  assert.match(await change.locator('[data-side="second"]').textContent(), new RegExp(`${nb}: 1500 → 1742 \\(\\+241\\.6\\)`));
  assert.match(await change.locator('[data-side="first"]').textContent(), new RegExp(`${na}: 1500 → 1258 \\(−241\\.6\\)`));
  await b.page.getByTestId('game-over').getByTestId('rating-change').waitFor();
  await a.page.screenshot({ path: screenshotPath('rated-over.png') });

  // The winner's profile: the rating (provisional: "?") and the game, linking to its replay.
  await a.page.getByTestId('over-close').click();
  await a.page.locator('.player-bar a.name', { hasText: nb }).click();
  await a.page.waitForURL(new RegExp(`/player/${nb}$`));
  await a.page.getByTestId('profile-rating').filter({ hasText: '1742?' }).waitFor();
  assert.equal(await a.page.getByTestId('profile-rating').getAttribute('data-key'), 'tablut');
  await a.page.getByTestId('profile-game').locator('a.what').click();
  await a.page.waitForURL(/\/game\//);
  await a.page.getByTestId('replay-ply').waitFor();
  // The leaderboard lists established ratings only: not these two yet.
  await a.go('/leaderboard?game=tablut');
  await a.page.getByTestId('leaderboard-empty').waitFor();
  await b.go(`/player/${encodeURIComponent(na)}`);
  await b.page.getByTestId('profile-rating').filter({ hasText: '1258?' }).waitFor();
  for (const v of [a, b]) assert.deepEqual(v.problems, []);
  await close(a, b);
});
