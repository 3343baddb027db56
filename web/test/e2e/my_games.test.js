// Your turn, everywhere (issue 30) in a real browser: two players with two
// correspondence games between them; one opens "Your games" from the header, finds the
// game awaiting their move first with its time left and the other below, goes to it
// and moves. The page's title counts the games awaiting the player's move; the other
// player's /games follows the move by itself, and a notice (the browser's Notification,
// stood in for) tells of their turn while their page is hidden.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath } from './support/stack.mjs';
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

// Right after a move: all the days, or a minute under them.
const left = (days) => new RegExp(`^(${days} days|${days - 1} days? 23 hours) left$`);

// The browser's Notification, stood in for: headless Chromium has none to show, and a
// test cannot hide a page. `window.hidePage(true)` makes document.hidden true.
const FAKE_NOTIFICATION = () => {
  window.notices = [];
  let hidden = false;
  window.hidePage = (on) => { hidden = on; };
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden, configurable: true });
  window.Notification = class {
    static permission = 'default';
    static requestPermission() {
      this.permission = 'granted';
      return Promise.resolve('granted');
    }
    constructor(title, options) {
      window.notices.push({ title, tag: options?.tag });
    }
  };
};

/** `creator` opens a room of Tablut with `days` per move, as the first side; `joiner` joins it from the lobby. */
async function startGame(creator, joiner, days) {
  await creator.page.locator('nav a[href="/"]').click();
  await creator.page.getByTestId('create-game').selectOption('tablut');
  await creator.page.getByTestId('create-side').selectOption('first');
  await creator.page.getByTestId('create-clock').selectOption('days');
  await creator.page.getByTestId('create-clock-days').selectOption(String(days));
  await creator.page.getByTestId('create-submit').click();
  await creator.page.getByTestId('room-box').filter({ hasText: `${days} days per move` }).waitFor();
  await joiner.page.locator('nav a[href="/"]').click();
  await joiner.page.getByTestId('corr-rooms').getByTestId('room-row').filter({ hasText: `${days} days per move` }).getByTestId('room-join').click();
  await Promise.all([creator.page.waitForURL(/\/game\//), joiner.page.waitForURL(/\/game\//)]);
  return new URL(creator.page.url()).pathname.split('/')[2];
}

test('"Your games": the game awaiting your move first, with its time left; the title counts them; a notice while hidden', async () => {
  const erin = await visitor(browser, stack);
  const felix = await visitor(browser, stack);
  await felix.page.addInitScript(FAKE_NOTIFICATION);
  await erin.go('/');
  await becomeGuest(erin.page, 'erin');
  await felix.go('/');
  await becomeGuest(felix.page, 'felix');

  // Game A: erin moves first, then it is felix's move. Game B: felix moves first, then erin's.
  const a = await startGame(erin, felix, 3);
  await erin.page.locator('[data-square]').first().waitFor();
  await clickMove(erin.page, 'i4-i3');
  await felix.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  const b = await startGame(felix, erin, 7);
  await felix.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await clickMove(felix.page, 'i4-i3');
  await erin.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();

  // Each has one game awaiting their move: the title says so, on the game page too.
  await felix.page.waitForFunction(() => document.title.startsWith('(1) Tablut'));
  await erin.page.waitForFunction(() => document.title.startsWith('(1) Tablut'));

  // The lobby says it too, and links to the page.
  await felix.page.locator('nav a[href="/"]').click();
  const line = felix.page.getByTestId('lobby-turns');
  await line.getByTestId('lobby-turns-link').filter({ hasText: 'Your move (1) →' }).waitFor();
  assert.match(await line.getByTestId('lobby-turn').textContent(), /^Tablut against erin$/);
  assert.match(await line.textContent(), /\((3 days|2 days 23 hours) left\)/);
  assert.match(await felix.page.title(), /^\(1\) Lobby · Boardhall$/);
  await felix.page.screenshot({ path: screenshotPath('lobby-turns.png') });

  // felix opens "Your games" from the header: game A first, awaiting him, with its days.
  await felix.page.getByTestId('nav-games').click();
  await felix.page.waitForURL(/\/games$/);
  const rows = felix.page.getByTestId('my-game');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  assert.equal(await rows.nth(0).getAttribute('data-game'), a);
  assert.equal(await rows.nth(0).getAttribute('data-turn'), 'true');
  assert.match(await rows.nth(0).getByTestId('my-game-left').textContent(), left(3));
  assert.match(await rows.nth(0).textContent(), /against erin/);
  assert.equal(await rows.nth(1).getAttribute('data-game'), b);
  assert.equal(await rows.nth(1).getAttribute('data-turn'), 'false');
  assert.match(await rows.nth(1).getByTestId('my-game-left').textContent(), left(7));
  assert.equal(await felix.page.getByTestId('games-turn').getByTestId('my-game').count(), 1);
  assert.equal(await felix.page.title(), '(1) Your games · Boardhall');

  // Turn notices are asked for with the button only, never on their own.
  assert.equal(await felix.page.evaluate(() => Notification.permission), 'default');
  await felix.page.getByTestId('notify-turn').click();
  await felix.page.getByTestId('notify-granted').waitFor();
  await felix.page.screenshot({ path: screenshotPath('my-games.png') });

  // erin watches her own list: it follows felix's move by itself.
  await erin.page.getByTestId('nav-games').click();
  await erin.page.getByTestId('games-turn').getByTestId('my-game').filter({ has: erin.page.locator(`[href="/game/${b}"]`) }).waitFor();
  assert.equal(await erin.page.getByTestId('games-waiting').getByTestId('my-game').count(), 1);

  // felix goes to game A from the list and moves: nothing awaits him any more.
  await rows.nth(0).getByTestId('my-game-open').click();
  await felix.page.waitForURL(new RegExp(`/game/${a}$`));
  await felix.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await felix.page.locator('[data-square]').first().waitFor();
  await clickMove(felix.page, 'e6-h6');
  await felix.page.waitForFunction(() => /^Tablut · erin – felix · Boardhall$/.test(document.title));

  // erin's list moves game A up among hers, and her title counts two.
  await erin.page.getByTestId('games-turn').getByTestId('my-game').nth(1).waitFor();
  assert.equal(await erin.page.getByTestId('games-waiting').count(), 0);
  await erin.page.waitForFunction(() => document.title === '(2) Your games · Boardhall');
  await erin.page.screenshot({ path: screenshotPath('my-games-two.png') });

  // felix's page hidden: erin's move in game A is told by a notice; a click opens it.
  await felix.page.evaluate(() => window.hidePage(true));
  await erin.page.locator(`[href="/game/${a}"]`).first().click();
  await erin.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
  await erin.page.locator('[data-square]').first().waitFor();
  await clickMove(erin.page, 'i3-i2');
  await felix.page.waitForFunction(() => window.notices.length === 1);
  assert.deepEqual(await felix.page.evaluate(() => window.notices), [{ title: 'erin moved in Tablut — your move', tag: a }]);
  await felix.page.waitForFunction(() => document.title.startsWith('(1) '));

  for (const v of [erin, felix]) assert.deepEqual(v.problems, []);
  await erin.context.close();
  await felix.context.close();
});

test('"Your games" without a name asks for one', async () => {
  const v = await visitor(browser, stack);
  await v.go('/archive');
  await v.page.getByTestId('nav-games').click();
  await v.page.getByTestId('games-need-name').waitFor();
  await v.page.getByTestId('guest-name').waitFor(); // the identity form is there
  assert.equal(await v.page.getByTestId('notify-turn').count(), 0);
  await becomeGuest(v.page, 'gwen');
  await v.page.getByTestId('games-none').waitFor();
  assert.equal(await v.page.title(), 'Your games · Boardhall');
  assert.deepEqual(v.problems, []);
  await v.context.close();
});
