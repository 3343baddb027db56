// Correspondence games (issue 30) in a real browser: a room with days per move is
// created and listed apart from the live ones, a second player joins, a move is made,
// each side to move sees the time its move has left, and coming back to the lobby does
// not jump to the correspondence game. Left alone, the game goes to sleep (out of the
// server's memory, --correspondence-sleep-ms) and its page wakes it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath } from './support/stack.mjs';
import { clickMove } from './support/play.mjs';

let stack;
let browser;
before(async () => {
  stack = await startStack({ args: ['--correspondence-sleep-ms', '500'] });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.close();
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const metrics = async () => (await fetch(stack.url + '/metrics')).text();

// Right after a move: all three days, or a minute under them.
const THREE_DAYS_LEFT = /^(3 days|2 days 23 hours) left$/;

test('a room with days per move: listed apart, joined, played, the time left shown', async () => {
  const a = await visitor(browser, stack);
  const b = await visitor(browser, stack);
  const watcher = await visitor(browser, stack);
  await a.go('/');
  await becomeGuest(a.page, 'carla');

  // The form asks for a bank's numbers only when a bank is chosen, and checks them (the
  // browser refuses a number out of range itself; a blank one is the form's to refuse).
  const bankDays = a.page.getByTestId('create-clock-bank_days');
  assert.equal(await bankDays.isVisible(), false);
  await a.page.getByTestId('create-clock').selectOption('bank');
  assert.equal(await bankDays.isVisible(), true);
  await a.page.getByTestId('create-clock-minimum_hours').fill('');
  await a.page.getByTestId('create-submit').click();
  await a.page.getByTestId('create-error').filter({ hasText: 'A time bank' }).waitFor();

  await a.page.getByTestId('create-game').selectOption('tablut');
  await a.page.getByTestId('create-side').selectOption('first');
  await a.page.getByTestId('create-clock').selectOption('days');
  await a.page.getByTestId('create-clock-days').selectOption('3');
  await a.page.getByTestId('create-submit').click();
  const link = await a.page.getByTestId('room-link').inputValue();
  await a.page.getByTestId('room-box').filter({ hasText: '3 days per move' }).waitFor();

  // Someone in the lobby finds it under "Correspondence", not among the live rooms.
  await watcher.go('/');
  const listed = watcher.page.getByTestId('corr-rooms').getByTestId('room-row').filter({ hasText: 'carla' });
  await listed.waitFor();
  assert.match(await listed.textContent(), /3 days per move/);
  await watcher.page.screenshot({ path: screenshotPath('lobby-correspondence.png') });

  await b.page.goto(link);
  await becomeGuest(b.page, 'dmitri');
  await Promise.all([a.page.waitForURL(/\/game\//), b.page.waitForURL(/\/game\//)]);
  const game = new URL(a.page.url()).pathname;

  // No ticking clocks: the side to move has its days.
  await a.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  assert.match(await a.page.getByTestId('time-left').textContent(), THREE_DAYS_LEFT);
  assert.equal(await a.page.getByTestId('clock-first').count(), 0);
  assert.match(await a.page.locator('.game-head .sub').textContent(), /3 days per move/);
  await a.page.locator('[data-square]').first().waitFor();
  await clickMove(a.page, 'i4-i3');
  await b.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  await b.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await b.page.getByTestId('time-left').filter({ hasText: THREE_DAYS_LEFT }).waitFor();
  // The time left is beside the side to move: dmitri's bar now.
  await b.page.locator('.player-bar.bottom [data-testid=time-left]').waitFor();
  await a.page.locator('.player-bar.top [data-testid=time-left]').waitFor();
  await b.page.screenshot({ path: screenshotPath('game-correspondence.png') });

  // The game is listed apart too (the lobby lists again now and then; a reload is quicker).
  await watcher.page.reload();
  await watcher.page.getByTestId('corr-games').getByTestId('live-row').filter({ hasText: 'carla' }).waitFor();

  // dmitri leaves: nothing starts to count against him. carla leaves too, and the game
  // goes to sleep. She comes back to the lobby in a new page: the lobby stays.
  await b.page.close();
  await a.page.close();
  // Nobody connected to it (a player online keeps their games awake): asleep soon.
  for (let i = 0; i < 50 && !/\nboardhall_games_asleep 1\n/.test(await metrics()); i++) await sleep(100);
  assert.match(await metrics(), /\nboardhall_games_asleep 1\n/);
  const again = await a.context.newPage();
  await again.goto(stack.url + '/');
  await again.getByTestId('whoami').filter({ hasText: 'carla' }).waitFor();
  await again.getByTestId('catalogue').locator('dt').first().waitFor();
  await again.waitForTimeout(1500);
  assert.equal(new URL(again.url()).pathname, '/');
  // Her game's page wakes it, her seat with it.
  await again.goto(stack.url + game);
  await again.getByTestId('status').filter({ hasText: 'dmitri to move' }).waitFor();
  assert.match(await metrics(), /\nboardhall_games_woken_total 1\n/);
  await again.getByTestId('resign').waitFor(); // her seat, not a spectator's view
  assert.match(await again.getByTestId('time-left').textContent(), THREE_DAYS_LEFT);
  assert.equal(await again.getByText(/away, back within/).count(), 0);

  for (const v of [a, watcher]) assert.deepEqual(v.problems, []);
  await a.context.close();
  await b.context.close();
  await watcher.context.close();
});
