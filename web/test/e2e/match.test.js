// Accounts with passwords, draws offered, declined and accepted, a match of two games
// that goes on to its second game by itself; and what the pages weigh and how soon the
// board shows (printed as test diagnostics).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, screenshotPath } from './support/stack.mjs';
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

async function account(v, name, kind) {
  await v.page.getByTestId('guest-name').fill(name);
  await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill('correct horse battery');
  await v.page.getByTestId(`${kind}-submit`).click();
  await v.page.getByTestId('whoami').filter({ hasText: name }).waitFor();
}

/** Script and style bytes the page loaded (decoded), and the time to its first board square. */
const weigh = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname))
  .reduce((a, e) => a + e.decodedBodySize, 0));

test('registered players, draw offers, a match of two games', async (t) => {
  const a = await visitor(browser, stack);
  const b = await visitor(browser, stack, { colorScheme: 'dark', locale: 'ru-RU' });
  // The page asks for the compact legal moves, and plays from them.
  const sockets = [];
  let compactMoves = 0;
  a.page.on('websocket', (ws) => {
    sockets.push(ws.url());
    ws.on('framereceived', (f) => { if (/"type":"move"/.test(f.payload) && /"legal":"[^"]/.test(f.payload)) compactMoves++; });
  });
  await a.go('/');
  await account(a, 'ulyana', 'register');
  await b.go('/');
  await account(b, 'viktor', 'register');
  // Logging in again after signing out gives the same player.
  await b.page.getByTestId('sign-out').click();
  await b.page.getByTestId('guest-name').waitFor();
  await account(b, 'viktor', 'login');
  t.diagnostic(`lobby page: ${await weigh(a.page)} bytes of script and style`);

  await a.page.getByTestId('create-game').selectOption('draughts');
  await a.page.getByTestId('create-side').selectOption('first');
  await a.page.getByTestId('create-clock').selectOption('none');
  await a.page.getByTestId('create-games').fill('2');
  await a.page.getByTestId('create-submit').click();
  const link = await a.page.getByTestId('room-link').inputValue();
  await b.page.goto(link);
  await Promise.all([a.page.waitForURL(/\/game\//), b.page.waitForURL(/\/game\//)]);
  const first = a.page.url();
  await a.page.getByTestId('match-score').filter({ hasText: 'Game 1 of 2' }).waitFor();

  // A cold visitor: time to the first board square.
  const w = await visitor(browser, stack);
  await w.page.goto(first);
  await w.page.locator('[data-square]').first().waitFor();
  const ms = await w.page.evaluate(() => Math.round(performance.now()));
  t.diagnostic(`time to first board (watcher, cold, localhost): ${ms} ms; game page: ${await weigh(w.page)} bytes of script and style`);

  // Draw offered and declined, then offered again (by the other side) and accepted.
  await a.page.getByTestId('draw-offer').click();
  await b.page.getByTestId('draw-decline').click();
  await a.page.getByTestId('draw-offer').filter({ hasText: 'Offer a draw' }).waitFor();
  await clickMove(a.page, 'c3-d4');
  await b.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  await b.page.getByTestId('draw-offer').click();
  await a.page.getByTestId('draw-note').waitFor();
  await a.page.getByTestId('draw-accept').click();

  // The second game opens by itself, sides swapped; the first one's result is told.
  await a.page.waitForURL((u) => u.href !== first && /\/game\//.test(u.href));
  await b.page.waitForURL((u) => u.href !== first && /\/game\//.test(u.href));
  await a.page.getByTestId('match-score').filter({ hasText: 'Game 2 of 2' }).waitFor();
  await a.page.getByTestId('notice').filter({ hasText: 'Draw: agreed' }).waitFor();
  await b.page.getByTestId('status').filter({ hasText: 'Ваш ход' }).waitFor();
  await b.page.screenshot({ path: screenshotPath('match-dark-ru.png') });
  // One move each first: a rated game resigned before both sides moved is aborted.
  await clickMove(b.page, 'c3-d4');
  await a.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  await clickMove(a.page, 'f6-e5');
  await b.page.getByTestId('move-list').locator('[data-ply="2"]').waitFor();
  assert.ok(sockets.length > 0 && sockets.every((u) => u.endsWith('?legal=compact')), sockets.join(' '));
  assert.ok(compactMoves > 0, 'no move event carried the compact legal moves');
  await b.page.getByTestId('resign').click();
  await b.page.getByTestId('confirm-yes').click();
  await a.page.getByTestId('match-result').filter({ hasText: 'ulyana wins the match' }).waitFor();
  await b.page.getByTestId('match-result').waitFor();
  assert.match(await a.page.getByTestId('match-result').textContent(), /viktor 0\.5 – 1\.5 ulyana/);
  for (const v of [a, b, w]) assert.deepEqual(v.problems, []);
});
