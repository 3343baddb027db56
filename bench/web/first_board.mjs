// The web client's weight and its time to first board, on localhost: a fresh server
// (the one built here), a game of each kind started between two browser contexts, then
// a third, cold context (no cache) opens the game's page N times. Prints, per game, the
// bytes of script and style the page loaded and the time from navigation to the first
// board square, as median and worst of N.
//   node bench/web/first_board.mjs [N]        (after scripts/build and scripts/deps --test)
import { startStack, launchBrowser, visitor, becomeGuest } from '../../web/test/e2e/support/stack.mjs';

const runs = Number(process.argv[2] || 10);
const stack = await startStack();
const browser = await launchBrowser();
try {
  const rows = [];
  for (const game of ['tavlei', 'tablut', 'seatafl', 'draughts', 'alquerque']) {
    const a = await visitor(browser, stack);
    const b = await visitor(browser, stack);
    await a.go('/');
    await becomeGuest(a.page, `a-${game}`);
    await a.page.getByTestId('create-game').selectOption(game);
    await a.page.getByTestId('create-submit').click();
    const link = await a.page.getByTestId('room-link').inputValue();
    await b.page.goto(link);
    await becomeGuest(b.page, `b-${game}`);
    await a.page.waitForURL(/\/game\//);
    const gamePath = new URL(a.page.url()).pathname;

    const times = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();  // cold: no cache, no storage
      const page = await context.newPage();
      const t0 = Date.now();
      await page.goto(stack.url + gamePath);
      await page.locator('[data-square]').first().waitFor();
      times.push(Date.now() - t0);
      await page.waitForLoadState('networkidle');
      bytes = await page.evaluate(() =>
        performance.getEntriesByType('resource').filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname))
          .reduce((sum, e) => sum + e.decodedBodySize, 0));
      await context.close();
    }
    times.sort((x, y) => x - y);
    rows.push({ game, 'script+style KiB': (bytes / 1024).toFixed(1), 'first board ms (median)': times[Math.floor(times.length / 2)], 'worst ms': times.at(-1) });
    await a.context.close();
    await b.context.close();
  }
  console.table(rows);
} finally {
  await browser.close();
  await stack.close();
}
