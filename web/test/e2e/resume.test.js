// Coming back: a reload mid-game and a server restart mid-game resume the players'
// seats with the stored token, with a visible "reconnecting" state meanwhile; a second
// tab of the same player takes the seat over (session_replaced); an open room lost in a
// crash is no longer shown as waiting once its creator is back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest } from './support/stack.mjs';
import { clickMove } from './support/play.mjs';

let stack;
let browser;
before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.close();
});

async function startGame(a, b, game = 'tablut') {
  await a.page.getByTestId('create-game').selectOption(game);
  await a.page.getByTestId('create-side').selectOption('first');
  await a.page.getByTestId('create-clock').selectOption('5+3');
  await a.page.getByTestId('create-submit').click();
  const link = await a.page.getByTestId('room-link').inputValue();
  await b.page.goto(link);
  await Promise.all([a.page.waitForURL(/\/game\//), b.page.waitForURL(/\/game\//)]);
}

const seen = (v, ply) => v.page.getByTestId('move-list').locator(`[data-ply="${ply}"]`).waitFor();

test('a reload mid-game, and a server restart mid-game, resume both players', async () => {
  const a = await visitor(browser, stack);
  const b = await visitor(browser, stack);
  await a.go('/');
  await becomeGuest(a.page, 'rita');
  await b.go('/');
  await becomeGuest(b.page, 'sasha');
  await startGame(a, b);
  await clickMove(a.page, 'i4-i3');
  await seen(b, 1);
  await clickMove(b.page, 'e6-h6');
  await seen(a, 2);

  await a.page.reload();
  await seen(a, 2);
  await a.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  assert.equal(await a.page.getByTestId('whoami').textContent(), 'rita');
  await clickMove(a.page, 'i3-i2');
  await seen(b, 3);

  // The server stops (SIGTERM) and starts again on the same port and database.
  const restarted = stack.restart();
  for (const v of [a, b]) await v.page.locator('[data-testid=connection][data-phase="reconnecting"]').waitFor();
  assert.match(await a.page.getByTestId('connection').textContent(), /Reconnecting|Connection lost/);
  await restarted;
  for (const v of [a, b]) await v.page.locator('[data-testid=connection][data-phase="online"]').waitFor({ state: 'attached', timeout: 20000 });
  await seen(b, 3);
  await b.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await clickMove(b.page, 'e5-e6');
  await seen(a, 4);
  // The clocks run again once both are back: the running one changes.
  const before = await a.page.getByTestId('clock-first').textContent();
  await a.page.waitForFunction((t) => document.querySelector('[data-testid=clock-first]').textContent !== t, before, { timeout: 5000 });

  // sasha closes the page: rita sees him away with his time to come back; he opens the
  // site again (the lobby) and is taken back to the game.
  const game = b.page.url();
  await b.page.close();
  await a.page.getByText(/away, back within 0:[0-5]\d/).waitFor();
  b.page = await b.context.newPage();
  await b.page.goto(stack.url + '/');
  await b.page.waitForURL(game);
  await seen(b, 4);
  await a.page.getByText(/away, back within/).waitFor({ state: 'detached' });

  const ignorable = (p) => /WebSocket connection to|ERR_CONNECTION_REFUSED|net::ERR/.test(p);
  assert.deepEqual(a.problems.filter((p) => !ignorable(p)), []);
  assert.deepEqual(b.problems.filter((p) => !ignorable(p)), []);
  await a.context.close();
  await b.context.close();
});

test('the same player in a second tab takes the seat; the first tab says so', async () => {
  const a = await visitor(browser, stack);
  await a.go('/');
  await becomeGuest(a.page, 'tanya');
  const second = await a.context.newPage();
  await second.goto(stack.url + '/');
  await second.getByTestId('whoami').filter({ hasText: 'tanya' }).waitFor();
  await a.page.locator('[data-testid=connection][data-phase="replaced"]').waitFor({ state: 'attached' });
  await a.page.getByTestId('use-here').click();
  await a.page.locator('[data-testid=connection][data-phase="online"]').waitFor({ state: 'attached' });
  await second.locator('[data-testid=connection][data-phase="replaced"]').waitFor({ state: 'attached' });
  assert.deepEqual(a.problems, []);
  await a.context.close();
});

// A registered player with no seat is forgotten by a crash (a token is kept across
// restarts only with a seat): the page signs them out and asks them to log in again,
// instead of showing their name while the server answers "say who you are first".
test('a registered player forgotten in a crash is signed out and asked to log in again', async () => {
  const v = await visitor(browser, stack);
  await v.go('/');
  await v.page.getByTestId('guest-name').fill('Xena');
  await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill('correct horse battery');
  await v.page.getByTestId('register-submit').click();
  await v.page.getByTestId('whoami').filter({ hasText: 'Xena' }).waitFor();
  await stack.restart({ kill: true });
  await v.page.getByTestId('identity-note').filter({ hasText: 'Log in again as Xena' }).waitFor({ timeout: 20000 });
  assert.equal(await v.page.getByTestId('whoami').filter({ hasText: 'Xena' }).count(), 0);
  await v.page.getByTestId('guest-name').fill('Xena');
  if ((await v.page.locator('details.account[open]').count()) === 0) await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill('correct horse battery');
  await v.page.getByTestId('login-submit').click();
  await v.page.getByTestId('whoami').filter({ hasText: 'Xena' }).waitFor();
  await v.context.close();
});

// The page's WebSockets, which `away(v, ms)` closes and keeps from getting through for
// `ms`: each is closed as soon as it opens (a network that went away; the browser's
// offline mode leaves open sockets alone).
const SOCKETS = `{
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
      if (window.__away) this.addEventListener('open', () => this.close());
    }
  };
}`;
async function away(v, ms) {
  await v.page.evaluate(() => { window.__away = true; for (const s of window.__sockets) s.close(); });
  await v.page.locator('[data-testid=connection]:not([data-phase="online"])').waitFor({ state: 'attached' });
  await v.page.waitForTimeout(ms);
  // The network is back: the browser says so, and the page connects again at once.
  await v.page.evaluate(() => { window.__away = false; window.dispatchEvent(new Event('online')); });
  await v.page.locator('[data-testid=connection][data-phase="online"]').waitFor({ state: 'attached', timeout: 20000 });
}

// An open room closed while its creator was away (past the open room's grace; or lost
// with its cluster node), with nobody left to tell them: once back, the page sees the
// whole lobby without it and offers the forms again, not "Waiting for an opponent".
test('an open room closed while its creator was away is not shown as waiting once they are back', async () => {
  const quick = await startStack({ args: ['--open-room-grace', '1'] });
  try {
    const v = await visitor(browser, quick);
    await v.page.addInitScript(SOCKETS);
    await v.go('/');
    await becomeGuest(v.page, 'yuri');
    await v.page.getByTestId('create-game').selectOption('tablut');
    await v.page.getByTestId('create-submit').click();
    await v.page.getByTestId('room-link').waitFor();
    await away(v, 3000);
    await v.page.getByTestId('room-error').filter({ hasText: 'no such room' }).waitFor();
    assert.equal(await v.page.getByTestId('room-waiting').count(), 0);
    await v.page.getByRole('link', { name: 'Back to the lobby' }).click();
    await v.page.getByTestId('create-submit').waitFor();
    assert.equal(await v.page.getByTestId('whoami').textContent(), 'yuri');

    // The same from the lobby, where "Your room" shows it.
    await v.page.getByTestId('create-game').selectOption('brandubh');
    await v.page.getByTestId('create-submit').click();
    await v.page.getByTestId('room-link').waitFor();
    await v.go('/');
    await v.page.locator('[aria-labelledby=mine-h]').getByTestId('room-waiting').waitFor();
    await away(v, 3000);
    await v.page.getByTestId('create-submit').waitFor();
    assert.equal(await v.page.getByTestId('room-waiting').count(), 0);
    // Away for less than the grace: the room is still there, and still shown.
    await v.page.getByTestId('create-submit').click();
    await v.page.getByTestId('room-link').waitFor();
    await away(v, 0);
    await v.page.waitForTimeout(500);
    assert.equal(await v.page.getByTestId('room-waiting').count(), 1);
    await v.context.close();
  } finally {
    await quick.close();
  }
});
