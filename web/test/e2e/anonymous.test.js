// A visitor with no name watches and browses: the server closes connections that never
// say who they are (--identify-timeout), and the page comes back at once, quietly, still
// watching, with the lobby still live.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest } from './support/stack.mjs';
import { clickMove } from './support/play.mjs';

let stack;
let browser;
before(async () => {
  stack = await startStack({ args: ['--identify-timeout', '1'] });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.close();
});

test('an anonymous watcher outlives the identify timeout without noticing it', async () => {
  const w = await visitor(browser, stack);
  await w.go('/');
  await w.page.getByTestId('no-live').waitFor();
  const a = await visitor(browser, stack);
  const b = await visitor(browser, stack);
  await a.go('/');
  await becomeGuest(a.page, 'wanda');
  await a.page.getByTestId('create-game').selectOption('alquerque');
  await a.page.getByTestId('create-side').selectOption('first');
  await a.page.getByTestId('create-submit').click();
  await b.go('/');
  await becomeGuest(b.page, 'xenia');
  // The lobby of the anonymous visitor hears of the room and the game, across reconnections.
  await w.page.getByTestId('room-row').waitFor();
  await b.page.getByTestId('room-join').click();
  await w.page.getByTestId('live-watch').click();
  await w.page.getByTestId('board').locator('[data-square]').first().waitFor();
  const phases = [];
  await w.page.exposeFunction('notePhase', (p) => phases.push(p));
  await w.page.evaluate(() => new MutationObserver(() => window.notePhase(document.querySelector('[data-testid=connection]').dataset.phase))
    .observe(document.querySelector('[data-testid=connection]'), { attributes: true }));
  await w.page.waitForTimeout(3500); // several identify timeouts
  await a.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await clickMove(a.page, 'c2-c3');
  await w.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  assert.ok(phases.includes('connecting'), 'it did reconnect');
  assert.ok(!phases.includes('reconnecting'), `no alarm: ${phases}`);
  assert.deepEqual(w.problems, []);
});
