// Every game played to its end by clicking squares in two browsers, a third watching;
// then the archive lists the games and the replay steps through one of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath } from './support/stack.mjs';
import { GAMES, clickMove } from './support/play.mjs';

let stack;
let browser;
let anna;
let boris;
let watcher;
const played = {};

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  anna = await visitor(browser, stack);
  boris = await visitor(browser, stack, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  watcher = await visitor(browser, stack, { viewport: { width: 1000, height: 800 } });
  await anna.go('/');
  await becomeGuest(anna.page, 'anna');
  await boris.go('/');
  await becomeGuest(boris.page, 'boris');
});
after(async () => {
  await browser?.close();
  await stack?.close();
});

/** Waits until `v` may play ply `ply` + 1: it has seen ply `ply`, and it is its turn. */
async function myTurn(v, ply) {
  if (ply > 0) await v.page.getByTestId('move-list').locator(`[data-ply="${ply}"]`).waitFor();
  await v.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
}

for (const game of GAMES) {
  test(`${game.id}: played to its end by clicking, watched live`, async () => {
    await anna.go('/');
    await anna.page.getByTestId('create-game').selectOption(game.id);
    for (const [name, value] of Object.entries(game.options)) await anna.page.getByTestId(`option-${name}`).selectOption(value);
    await anna.page.getByTestId('create-clock').selectOption('10+5');
    await anna.page.getByTestId('create-side').selectOption('first');
    await anna.page.getByTestId('create-submit').click();
    await anna.page.getByTestId('room-waiting').waitFor();
    const roomId = new URL(anna.page.url()).pathname.split('/')[2];

    // boris finds it in the lobby (live, without a reload) and joins.
    if (!new URL(boris.page.url()).pathname.endsWith('/')) await boris.go('/');
    await boris.page.locator(`[data-testid=room-row][data-room="${roomId}"]`).getByTestId('room-join').click();
    await boris.page.waitForURL(/\/game\//);
    await anna.page.waitForURL(/\/game\//);
    const gameId = new URL(anna.page.url()).pathname.split('/')[2];
    played[game.id] = { gameId, moves: game.moves };

    await watcher.go(`/game/${gameId}`);
    await watcher.page.getByTestId('board').locator('[data-square]').first().waitFor();
    assert.equal(await watcher.page.getByTestId('resign').count(), 0, 'a spectator cannot resign');

    for (const [i, move] of game.moves.entries()) {
      const player = i % 2 === 0 ? anna : boris;
      await myTurn(player, i);
      await clickMove(player.page, move);
    }
    const n = game.moves.length;
    for (const v of [anna, boris, watcher]) {
      await v.page.getByTestId('move-list').locator(`[data-ply="${n}"]`).waitFor();
      const status = await v.page.getByTestId('status').textContent();
      assert.match(status, game.winner === 'first' ? /anna .* won/ : /boris .* won/, `${game.id} status: ${status}`);
    }
    assert.deepEqual(await watcher.page.getByTestId('move-list').locator('[data-ply]').allTextContents(), game.moves, 'the watcher saw every move');
    await anna.page.getByTestId('game-over').waitFor();
    await anna.page.getByTestId('over-close').click();
    await anna.page.screenshot({ path: screenshotPath(`board-${game.id}.png`) });
    await boris.page.getByTestId('over-close').click();
    await watcher.page.getByTestId('over-close').click();
    for (const v of [anna, boris, watcher]) assert.deepEqual(v.problems, [], `${game.id}: no console or network error`);
  });
}

test('the archive lists the games, filters them, and the replay steps to the final position', async () => {
  const page = watcher.page;
  await watcher.go('/archive');
  await page.getByTestId('archive-row').first().waitFor();
  assert.equal(await page.getByTestId('archive-row').count(), Object.keys(played).length);
  await page.getByTestId('archive-game').selectOption('alquerque');
  await page.getByTestId('archive-player').fill('anna');
  await page.getByTestId('archive-submit').click();
  await page.waitForURL(/game=alquerque/);
  await page.getByTestId('archive-row').first().waitFor();
  assert.equal(await page.getByTestId('archive-row').count(), 1);
  await page.getByTestId('archive-row').locator('a').first().click();

  const { gameId, moves } = played.alquerque;
  const n = moves.length;
  await page.waitForURL(new RegExp(`/game/${gameId}$`));
  const ply = page.getByTestId('replay-ply');
  await ply.filter({ hasText: `move ${n} of ${n}` }).waitFor();
  const final = await page.getByTestId('board').innerHTML();
  await page.keyboard.press('Home');
  await ply.filter({ hasText: `move 0 of ${n}` }).waitFor();
  assert.match(page.url(), /\?ply=0$/);
  await page.keyboard.press('ArrowRight');
  await ply.filter({ hasText: `move 1 of ${n}` }).waitFor();
  await page.getByTestId('replay-next').click();
  await ply.filter({ hasText: `move 2 of ${n}` }).waitFor();
  await page.getByTestId('move-list').locator('[data-ply="5"]').click();
  await ply.filter({ hasText: `move 5 of ${n}` }).waitFor();
  await page.getByTestId('replay-slider').fill('3');
  await ply.filter({ hasText: `move 3 of ${n}` }).waitFor();
  // A link to a ply opens there.
  await watcher.go(`/game/${gameId}?ply=4`);
  await ply.filter({ hasText: `move 4 of ${n}` }).waitFor();
  await page.keyboard.press('End');
  await ply.filter({ hasText: `move ${n} of ${n}` }).waitFor();
  assert.equal(await page.getByTestId('board').innerHTML(), final, 'the end of the replay is the final position');
  await page.screenshot({ path: screenshotPath('replay-alquerque.png') });
  assert.deepEqual(watcher.problems, []);
});
