// Play the computer in a real browser, against the real server with a stand-in bot
// (support/fake_bot.mjs: logs in with the bot account's password, joins when challenged,
// plays its first legal move): the dialog says so when no bot is connected, and when the
// bot never comes; a guest picks a game, level, clock and side, waits, plays, and sees
// the bot's badge and level at the board, on its profile, in the replay and the archive.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath } from './support/stack.mjs';
import { createBot, startFakeBot } from './support/fake_bot.mjs';
import { clickMove } from './support/play.mjs';

const BOT = 'computer';
let stack;
let browser;
let secret;
let bot = null;
before(async () => {
  stack = await startStack({
    prepare: (db, dir) => {
      secret = path.join(dir, 'bot.secret');
      createBot(db, BOT, secret);
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  bot?.stop();
  await browser?.close();
  await stack?.close();
});

async function guest(name) {
  const v = await visitor(browser, stack);
  await v.go('/');
  await becomeGuest(v.page, name);
  return v;
}

async function openDialog(page) {
  await page.getByTestId('play-computer').click();
  await page.getByTestId('computer-dialog').waitFor();
}

test('with no bot connected the dialog says so, and how the operator starts one', async () => {
  const v = await guest('nina');
  await openDialog(v.page);
  await v.page.getByTestId('computer-game').selectOption('draughts');
  await v.page.getByTestId('computer-level').selectOption('6');
  assert.match(await v.page.getByTestId('computer-level-about').textContent(), /expert/i);
  await v.page.screenshot({ path: screenshotPath('computer-dialog.png') });
  await v.page.getByTestId('computer-submit').click();
  const error = v.page.getByTestId('computer-error');
  await error.filter({ hasText: 'No computer player is connected' }).waitFor();
  assert.match(await error.textContent(), /scripts\/serve --bot/);
  await v.page.screenshot({ path: screenshotPath('computer-no-bot.png') });
  // Still in the lobby, the dialog still open for another try.
  assert.ok(await v.page.getByTestId('computer-form').isVisible());
  await v.page.getByTestId('computer-close').click();
  await v.page.getByTestId('computer-dialog').waitFor({ state: 'detached' });
  assert.deepEqual(v.problems, []);
  await v.context.close();
});

test('a bot that does not come: the room is cancelled and the dialog says so', { timeout: 40000 }, async () => {
  const silent = await startFakeBot(stack.url, BOT, secret, { silent: true });
  try {
    const v = await guest('olga');
    await openDialog(v.page);
    await v.page.getByTestId('computer-game').selectOption('tablut');
    await v.page.getByTestId('computer-submit').click();
    await v.page.getByTestId('computer-waiting').filter({ hasText: 'Waiting for the computer (level 4)' }).waitFor();
    // The lobby shows the waiting room as the visitor's own, without a link to send.
    await v.page.getByTestId('room-waiting').filter({ hasText: 'Waiting for the computer' }).waitFor();
    assert.equal(await v.page.getByTestId('room-link').count(), 0);
    await v.page.screenshot({ path: screenshotPath('computer-waiting.png') });
    // The server gives the bot 15 s.
    await v.page.getByTestId('computer-error').filter({ hasText: 'The computer did not come' }).waitFor({ timeout: 25000 });
    assert.ok(silent.events.some((e) => e.event === 'challenge' && e.opponent === 'olga'));
    assert.equal(await v.page.getByTestId('room-box').count(), 0, 'the room is gone from the lobby');
    assert.deepEqual(v.problems, []);
    await v.context.close();
  } finally {
    silent.stop();
  }
});

test('waiting can be cancelled', async () => {
  const silent = await startFakeBot(stack.url, BOT, secret, { silent: true });
  try {
    const v = await guest('pavel');
    await openDialog(v.page);
    await v.page.getByTestId('computer-submit').click();
    await v.page.getByTestId('computer-waiting').waitFor();
    await v.page.getByTestId('computer-cancel').click();
    await v.page.getByTestId('computer-form').waitFor();
    await v.page.getByTestId('room-box').waitFor({ state: 'detached' });
    assert.deepEqual(v.problems, []);
    await v.context.close();
  } finally {
    silent.stop();
  }
});

test('a guest plays the computer by clicking: level, clock and side chosen, the bot marked everywhere', async () => {
  bot = await startFakeBot(stack.url, BOT, secret);
  assert.equal(bot.events.find((e) => e.event === 'ready').bot, true, 'the bot account logs in as a bot');
  const v = await guest('rita');
  const { page } = v;
  await openDialog(page);
  await page.getByTestId('computer-game').selectOption('tablut');
  await page.getByTestId('computer-level').selectOption('6');
  await page.getByTestId('computer-clock').selectOption('10+5');
  await page.getByTestId('computer-side').selectOption('first');
  await page.getByTestId('computer-submit').click();

  // game_started takes the page to the game.
  await page.waitForURL(/\/game\//);
  const gameId = page.url().split('/game/')[1].split('?')[0];
  const badge = page.getByTestId('bot-badge');
  await badge.waitFor();
  assert.equal(await badge.count(), 1, 'only the bot has the badge');
  assert.equal((await badge.textContent()).trim(), 'bot · level 6');
  assert.match(await page.title(), /rita – computer \(bot, level 6\)/);

  await clickMove(page, 'i4-i3');
  // The bot answers at once with a legal move.
  await page.getByTestId('move-list').locator('[data-ply="2"]').waitFor();
  await page.screenshot({ path: screenshotPath('computer-game.png') });

  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('status').filter({ hasText: 'computer (defenders) won: resignation' }).waitFor();
  assert.ok(bot.events.some((e) => e.event === 'moved' && e.game_id === gameId));

  // The replay marks the bot. The server's record (/api/games/{id}) has no bots field
  // (yet): the page takes the marks from the live game it saw, hence no reload here.
  await page.getByTestId('over-replay').click();
  await page.getByTestId('replay-slider').waitFor();
  assert.equal((await page.getByTestId('bot-badge').textContent()).trim(), 'bot · level 6');
  // The bot's profile says what it is (a private game is not among its public recent games).
  await v.go(`/player/${BOT}`);
  await page.getByTestId('profile-bot').filter({ hasText: 'A bot account' }).waitFor();
  await page.screenshot({ path: screenshotPath('computer-profile.png') });
  // The archive lists the game with the bot's badge and level (after a reload too).
  await v.go('/archive');
  const row = page.locator(`[data-testid="archive-row"][data-game="${gameId}"]`);
  await row.waitFor();
  assert.equal((await row.getByTestId('bot-badge').textContent()).trim(), 'bot · level 6');
  assert.deepEqual(v.problems, []);
  await v.context.close();
});

test('the dialog in Russian', async () => {
  const v = await visitor(browser, stack, { locale: 'ru-RU' });
  await v.go('/');
  await becomeGuest(v.page, 'sasha');
  await v.page.getByTestId('play-computer').filter({ hasText: 'Играть с компьютером' }).click();
  await v.page.getByTestId('computer-dialog').filter({ hasText: 'Игра с компьютером' }).waitFor();
  await v.page.screenshot({ path: screenshotPath('computer-dialog-ru.png') });
  assert.deepEqual(v.problems, []);
  await v.context.close();
});
