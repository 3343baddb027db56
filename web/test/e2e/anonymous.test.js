// A visitor with no name watches and browses. The server closes a connection that never
// says who it is (--identify-timeout, 1 s here) unless it watches a game or follows the
// lobby: a watcher keeps its one connection, sees every move and the spectator count; a
// reader of the archive is closed once idle and the page connects again, quietly, when
// it next needs the server.
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

/** Counts the page's WebSockets and records every phase of its connection banner. */
async function watchConnection(v) {
  const seen = { sockets: 0, phases: [] };
  v.page.on('websocket', () => seen.sockets++);
  await v.page.exposeFunction('notePhase', (p) => seen.phases.push(p));
  await v.page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const el = document.querySelector('[data-testid=connection]');
      new MutationObserver(() => window.notePhase(el.dataset.phase)).observe(el, { attributes: true });
    });
  });
  return seen;
}

test('an anonymous watcher outlives the identify timeout on its one connection', async () => {
  const w = await visitor(browser, stack);
  const seen = await watchConnection(w);
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
  // The anonymous visitor's lobby stays live past the timeout: it hears of the room and the game.
  await w.page.waitForTimeout(1500);
  await w.page.getByTestId('room-row').waitFor();
  await b.page.getByTestId('room-join').click();
  // The live game's line says its clock (the form's default, 5+3) and its ply.
  await w.page.getByTestId('live-row').filter({ hasText: '5+3 · move 0' }).waitFor();
  await w.page.getByTestId('live-watch').click();
  await w.page.getByTestId('board').locator('[data-square]').first().waitFor();
  // Both players and the watcher see the count.
  for (const p of [a.page, b.page, w.page]) await p.getByTestId('spectators').filter({ hasText: '1 watching' }).waitFor();
  await w.page.waitForTimeout(3500); // several identify timeouts
  await a.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await clickMove(a.page, 'c2-c3');
  await w.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  assert.equal(seen.sockets, 1, `one connection all along: ${seen.phases}`);
  assert.ok(!seen.phases.includes('reconnecting') && !seen.phases.includes('idle'), `never reconnecting or idle: ${seen.phases}`);
  // The watcher leaves: the players' count drops.
  await w.page.close();
  await a.page.getByTestId('spectators').filter({ hasText: 'no one watching' }).waitFor();
  assert.deepEqual(w.problems, []);
  assert.deepEqual(a.problems, []);
});

test('an idle anonymous reader is closed quietly and connects again when the page needs the server', async () => {
  const r = await visitor(browser, stack);
  const seen = await watchConnection(r);
  await r.go('/archive');
  await r.page.locator('[data-testid=archive-empty], [data-testid=archive-row]').first().waitFor();
  await r.page.locator('[data-testid=connection][data-phase=idle]').waitFor({ state: 'attached', timeout: 5000 });
  assert.equal(await r.page.getByTestId('connection').textContent(), '', 'nothing shown while idle');
  await r.page.waitForTimeout(2500); // idle stays idle: no connection comes and goes meanwhile
  assert.equal(seen.sockets, 1);
  await r.page.getByRole('link', { name: 'Lobby' }).click();
  await r.page.locator('[data-testid=no-rooms], [data-testid=room-row]').first().waitFor();
  await r.page.locator('[data-testid=connection][data-phase=online]').waitFor({ state: 'attached' });
  assert.equal(seen.sockets, 2);
  assert.ok(!seen.phases.includes('reconnecting'), `no alarm: ${seen.phases}`);
  assert.equal(await r.page.getByTestId('toast').count(), 0);
  assert.deepEqual(r.problems, []);
});
