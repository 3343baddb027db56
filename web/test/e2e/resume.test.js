// Coming back: a reload mid-game and a server restart mid-game resume the players'
// seats with the stored token, with a visible "reconnecting" state meanwhile; a second
// tab of the same player takes the seat over (session_replaced).
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
