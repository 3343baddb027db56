// The lobby in a real browser: it loads with no error, a guest name is kept, a room is
// created and joined by its link, the game page opens for both with the board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath } from './support/stack.mjs';

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

test('the lobby loads with its seven games, the favicon and no error', async () => {
  const v = await visitor(browser, stack);
  await v.go('/');
  await v.page.getByTestId('connection').and(v.page.locator('[data-phase="online"]')).waitFor({ state: 'attached' });
  // The lobby's module may still be loading when the welcome has come (a busy machine):
  // its catalogue is drawn from the welcome once the view exists.
  await v.page.getByTestId('catalogue').locator('dt').nth(6).waitFor();
  const games = await v.page.getByTestId('catalogue').locator('dt').allTextContents();
  assert.equal(games.length, 7);
  assert.match(games.join(' '), /Tavlei.*Tablut.*Sea tafl.*Copenhagen hnefatafl.*Brandubh.*Russian draughts.*Alquerque/);
  const icon = await v.page.request.get(stack.url + '/favicon.svg');
  assert.equal(icon.status(), 200);
  assert.deepEqual(v.problems, []);
  await v.context.close();
});

test('Russian from the browser language, switchable, and remembered', async () => {
  const v = await visitor(browser, stack, { locale: 'ru-RU' });
  await v.go('/');
  await v.page.getByTestId('catalogue').getByText('Русские шашки').waitFor();
  assert.equal(await v.page.getAttribute('html', 'lang'), 'ru');
  await v.page.getByTestId('lang').selectOption('en');
  await v.page.getByTestId('catalogue').getByText('Russian draughts').waitFor();
  await v.page.reload();
  await v.page.getByTestId('catalogue').getByText('Russian draughts').waitFor();
  assert.deepEqual(v.problems, []);
  await v.context.close();
});

test('a guest creates a private room, a second visitor joins by its link, both see the game', async () => {
  const a = await visitor(browser, stack);
  const b = await visitor(browser, stack, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await a.go('/');
  await becomeGuest(a.page, 'anna');
  await a.page.getByTestId('create-game').selectOption('tablut');
  await a.page.getByTestId('create-clock').selectOption('3+2');
  await a.page.getByTestId('create-side').selectOption('first');
  await a.page.getByTestId('create-private').check();
  await a.page.getByTestId('create-submit').click();
  const link = await a.page.getByTestId('room-link').inputValue();
  assert.match(link, /\/room\/r[^?]+\?invite=[0-9a-f]+$/);
  assert.match(a.page.url(), /\/room\//);

  // The name survives a reload (resume with the stored token), the room too.
  await a.page.reload();
  await a.page.getByTestId('whoami').filter({ hasText: 'anna' }).waitFor();
  await a.page.getByTestId('room-link').waitFor();

  await b.page.goto(link);
  await b.page.getByTestId('guest-name').waitFor();
  await becomeGuest(b.page, 'boris');
  await b.page.waitForURL(/\/game\//);
  await a.page.waitForURL(/\/game\//);
  assert.equal(new URL(a.page.url()).pathname, new URL(b.page.url()).pathname);
  await a.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await b.page.getByTestId('status').filter({ hasText: 'anna to move' }).waitFor();
  for (const v of [a, b]) {
    await v.page.getByTestId('clock-first').waitFor();
    await v.page.getByTestId('clock-second').waitFor();
    await v.page.getByTestId('resign').waitFor();
  }
  assert.match(await a.page.getByTestId('clock-second').textContent(), /^3:00$/);
  await a.page.screenshot({ path: screenshotPath('game-desktop.png') });
  await b.page.screenshot({ path: screenshotPath('game-phone.png'), fullPage: true });

  // Resign, with its confirmation: both see the result.
  await b.page.getByTestId('resign').click();
  await b.page.getByTestId('confirm-yes').click();
  await a.page.getByTestId('status').filter({ hasText: 'anna (attackers) won: resignation' }).waitFor();
  await b.page.getByTestId('game-over').waitFor();
  assert.deepEqual(a.problems, []);
  assert.deepEqual(b.problems, []);
  await a.context.close();
  await b.context.close();
});

test('a room listed when the page loaded goes from the lobby when it is cancelled', async () => {
  // Another player opens a room from a page of its own, on a WebSocket outside the app.
  const host = await visitor(browser, stack);
  await host.go('/');
  await host.page.evaluate(async (url) => {
    const ws = new WebSocket(url);
    window.other = ws;
    await new Promise((resolve) => { ws.onopen = resolve; });
    await new Promise((resolve, reject) => {
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'identity') ws.send(JSON.stringify({ type: 'create_room', game: 'brandubh' }));
        if (m.type === 'room_created') { window.otherRoom = m.room.room_id; resolve(); }
        if (m.type === 'error') reject(new Error(e.data));
      };
      ws.send(JSON.stringify({ type: 'guest', name: 'knight' }));
    });
  }, stack.url.replace(/^http/, 'ws') + '/ws');
  // A visitor who comes now finds it in the lobby's first listing, then sees it go.
  const v = await visitor(browser, stack);
  await v.go('/');
  const row = v.page.getByTestId('room-row').filter({ hasText: 'knight' });
  await row.waitFor();
  await v.page.screenshot({ path: screenshotPath('lobby-room-listed.png') });
  await host.page.evaluate(() => window.other.send(JSON.stringify({ type: 'cancel_room', room_id: window.otherRoom })));
  await row.waitFor({ state: 'detached', timeout: 5000 });
  await v.page.screenshot({ path: screenshotPath('lobby-room-cancelled.png') });
  assert.deepEqual(v.problems, []);
  await v.context.close();
  await host.context.close();
});

test('past the lobby limit the page lists the first rooms and says how many more', async () => {
  const small = await startStack({ args: ['--lobby-limit', '1'] });
  try {
    const host = await visitor(browser, small);
    await host.go('/');
    // Two rooms opened from the page's own WebSockets (two guests), kept open.
    await host.page.evaluate(async (url) => {
      window.keep = [];
      for (const name of ['rook', 'pawn']) {
        const ws = new WebSocket(url);
        await new Promise((resolve) => { ws.onopen = resolve; });
        const created = new Promise((resolve, reject) => {
          ws.onmessage = (e) => {
            const m = JSON.parse(e.data);
            if (m.type === 'identity') ws.send(JSON.stringify({ type: 'create_room', game: 'tablut' }));
            if (m.type === 'room_created') resolve();
            if (m.type === 'error') reject(new Error(e.data));
          };
        });
        ws.send(JSON.stringify({ type: 'guest', name }));
        await created;
        window.keep.push(ws);
      }
    }, small.url.replace(/^http/, 'ws') + '/ws');
    const v = await visitor(browser, small);
    await v.go('/');
    await v.page.getByTestId('more-rooms').filter({ hasText: 'and 1 more' }).waitFor();
    assert.equal(await v.page.getByTestId('room-row').count(), 1);
    await v.page.screenshot({ path: screenshotPath('lobby-more-rooms.png') });
    assert.deepEqual(v.problems, []);
    await v.context.close();
    await host.context.close();
  } finally {
    await small.close();
  }
});
