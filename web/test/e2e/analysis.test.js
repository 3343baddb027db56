// The analysis board in Chromium (docs/wasm.md): a real Copenhagen game of the archive
// (imported from tests/data/tafl/copenhagen.csv), opened from its replay; the engine's
// evaluation, depth and best line of the position shown; a variation tried on the board;
// "Analyse the whole game" draws the evaluation over the game and marks the mistakes;
// and the page on a phone's screen.
import { test, before, after } from 'node:test';
import { routeEnds } from '../../public/js/app/analysis_state.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, launchBrowser, visitor, until, screenshotPath, SERVER } from './support/stack.mjs';
import { clickMove } from './support/play.mjs';
import { loadEngine } from '../../public/js/engine/engine.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let stack;
let browser;
let engine;
before(async () => {
  stack = await startStack({
    prepare: (db) => execFileSync(SERVER, ['--db', db, '--import', path.join(repo, 'tests/data/tafl/copenhagen.csv')], { stdio: 'ignore' }),
  });
  browser = await launchBrowser();
  engine = await loadEngine({ wasmBinary: fs.readFileSync(path.join(repo, 'web/public/wasm/boardhall-engine.wasm')) });
});
after(async () => {
  await browser?.close();
  await stack?.close();
});

/** An archived Copenhagen game of about sixty plies. */
async function gameOfSixtyPlies() {
  const res = await fetch(`${stack.url}/api/games?game=copenhagen&limit=100`);
  const { games } = await res.json();
  const game = games.filter((g) => g.moves >= 55 && g.moves <= 65).sort((a, b) => Math.abs(a.moves - 60) - Math.abs(b.moves - 60))[0];
  assert.ok(game, 'a game of about sixty plies in the archive');
  return (await (await fetch(`${stack.url}/api/games/${game.game_id}`)).json());
}

test('a finished game analysed: the position shown, a variation, and the whole game with its mistakes', async () => {
  const record = await gameOfSixtyPlies();
  const v = await visitor(browser, stack);
  await v.go(`/game/${record.game_id}?ply=10`);
  await v.page.getByTestId('analyse-link').click();
  await v.page.waitForURL(`**/analysis/${record.game_id}?ply=10`);
  const eval_ = v.page.getByTestId('engine-eval');
  await v.page.getByTestId('engine-depth').filter({ hasText: /^depth \d+$/ }).waitFor({ timeout: 20000 });
  assert.match(await eval_.textContent(), /^([+-]\d+\.\d\d|0\.00|.* in \d+)$/);
  const line = await v.page.getByTestId('engine-line').textContent();
  assert.match(line, /^Best line: \S+/);
  // A tafl game: the king's open routes said (as the rules find them for this position).
  const routes = engine.open('copenhagen', { position: record.moves[9].position });
  const open = routes.kingRoutes();
  routes.close();
  assert.equal(await v.page.getByTestId('king-routes').textContent(),
    open.length ? `The king’s open routes: ${open.join(', ')}` : 'The king has no open route to an escape square.');
  // And drawn: the squares those routes end on are marked on the board.
  const marked = await v.page.locator('[data-square].king-route').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-square')));
  assert.deepEqual(marked.sort(), routeEnds(open).sort());

  // A variation: a legal move of the position after ten plies, played on the board.
  const at = engine.open('copenhagen', { position: record.start_position });
  for (const m of record.moves.slice(0, 10)) at.play(m.move);
  const tried = at.legal().find((m) => m !== record.moves[10].move);
  at.close();
  await clickMove(v.page, tried);
  await v.page.getByTestId('variation-move').filter({ hasText: tried }).waitFor();
  await v.page.getByTestId('engine-depth').filter({ hasText: /^depth \d+$/ }).waitFor({ timeout: 20000 });
  await v.page.getByTestId('variation-exit').click();
  await v.page.getByTestId('variation-move').waitFor({ state: 'detached' });

  // The whole game, every position searched for 250 ms.
  const started = Date.now();
  await v.page.getByTestId('analyse-game').click();
  await v.page.getByTestId('analysis-progress').filter({ hasText: /^Analysed \d+ positions in [\d.]+ s\.$/ }).waitFor({ timeout: 120000 });
  const seconds = (Date.now() - started) / 1000;
  const points = await v.page.getByTestId('eval-graph').locator('polyline').getAttribute('points');
  assert.equal(points.split(' ').length, record.moves.length + 1, 'a point per position');
  const marks = await v.page.getByTestId('mark').count();
  const none = await v.page.getByTestId('no-marks').count();
  assert.ok(marks > 0 || none === 1);
  if (marks > 0) {
    // A mark goes to the position before its move.
    const first = v.page.getByTestId('mark').first();
    const ply = Number(await first.getAttribute('data-ply'));
    await first.locator('button').click();
    await v.page.waitForURL(new RegExp(`ply=${ply - 1}$`));
  }
  console.log(`whole-game analysis of ${record.moves.length} plies: ${seconds.toFixed(1)} s, ${marks} marks`);
  await v.page.screenshot({ path: screenshotPath('analysis.png'), fullPage: true });
  assert.deepEqual(v.problems, []);

  // On a phone's screen: the board, the engine's panel and the graph button are there.
  const phone = await visitor(browser, stack, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.go(`/analysis/${record.game_id}?ply=20`);
  await phone.page.getByTestId('engine-depth').filter({ hasText: /^depth \d+$/ }).waitFor({ timeout: 20000 });
  await phone.page.getByTestId('analyse-game').waitFor();
  const board = await phone.page.getByTestId('board').boundingBox();
  assert.ok(board.width <= 390 && board.width > 250, JSON.stringify(board));
  await phone.page.screenshot({ path: screenshotPath('analysis-phone.png'), fullPage: true });
  assert.deepEqual(phone.problems, []);
});
