// The opening explorer in Chromium against the real server's GET /api/explorer: an
// archive of real Brandubh games the test imports itself (finished games of
// tests/data/tafl/brandubh.csv, one of them a draw), its counts checked against the
// archive's own records; a move of the table, the line back and forth (the page's
// buttons and the browser's), a move nobody played made on the board, the filters, the
// example games' links, the links in from the replay and the analysis board, a bad line,
// and the page on a phone's screen in Russian.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stackForFile, visitor, until, screenshotPath, SERVER, REPO } from './support/stack.mjs';
import { clickMove } from './support/play.mjs';
import { shares } from '../../public/js/app/explorer_state.js';
import { loadEngine } from '../../public/js/engine/engine.js';

// Twelve finished games, a draw and a long game (past the plies the explorer indexes):
// enough for a table of several moves, small enough to count by hand.
const lines = fs.readFileSync(path.join(REPO, 'tests/data/tafl/brandubh.csv'), 'utf8').split('\n');
const finished = lines.filter((l) => /,(Black|White)$/.test(l));
const IMPORTED = [...finished.slice(0, 12), lines.find((l) => /,Draw$/.test(l)), finished.find((l) => l.split(' ').length > 50)];

const held = stackForFile({
  prepare: (db, dir) => {
    const file = path.join(dir, 'brandubh.csv');
    fs.writeFileSync(file, IMPORTED.join('\n') + '\n');
    execFileSync(SERVER, ['--db', db, '--import', file], { stdio: 'ignore' });
  },
});

/** The archive's records of the imported games, as the replay reads them. */
async function records() {
  const url = held.stack.url;
  const { games } = await (await fetch(`${url}/api/games?game=brandubh&limit=100`)).json();
  assert.equal(games.length, IMPORTED.length);
  return Promise.all(games.map(async (g) => (await fetch(`${url}/api/games/${g.game_id}`)).json()));
}

/** What the explorer should count after `moves`: {total, played: Map move → counts}, from the records. */
function tally(recs, moves) {
  const through = recs.filter((r) => moves.every((m, i) => r.moves[i]?.move === m));
  const count = (o, r) => {
    o.games += 1;
    o[{ first: 'first', second: 'second', draw: 'draws' }[r.result]] += 1;
  };
  const zero = () => ({ games: 0, first: 0, draws: 0, second: 0 });
  const total = zero();
  const played = new Map();
  for (const r of through) {
    count(total, r);
    const next = r.moves[moves.length]?.move;
    if (next === undefined) continue;
    if (!played.has(next)) played.set(next, zero());
    count(played.get(next), r);
  }
  return { total, played, through };
}

/** The table as the page shows it: [{move, games, bar: {first, draws, second}}] and the total's games. */
async function table(page) {
  await page.getByTestId('explorer-table').waitFor();
  await until('the table is not busy', async () => (await page.getByTestId('explorer-results').getAttribute('aria-busy')) === null);
  const rows = await page.getByTestId('explorer-row').evaluateAll((trs) => trs.map((tr) => {
    const bar = tr.querySelector('[data-testid="explorer-bar"]').dataset;
    return { move: tr.dataset.move, games: Number(tr.dataset.games), bar: { first: Number(bar.first), draws: Number(bar.draws), second: Number(bar.second) } };
  }));
  const total = page.getByTestId('explorer-total');
  return { rows, total: (await total.count()) ? Number(await total.getAttribute('data-games')) : 0 };
}

async function expectTable(page, expected) {
  const shown = await table(page);
  assert.equal(shown.total, expected.total.games);
  assert.deepEqual(shown.rows.map((r) => r.move).sort(), [...expected.played.keys()].sort());
  for (const r of shown.rows) {
    const want = expected.played.get(r.move);
    assert.equal(r.games, want.games, r.move);
    const sh = shares(want);
    assert.deepEqual(r.bar, { first: sh.first, draws: sh.draws, second: sh.second }, r.move);
  }
  // Most played first.
  assert.deepEqual(shown.rows.map((r) => r.games), shown.rows.map((r) => r.games).sort((a, b) => b - a));
  return shown;
}

async function openFilters(page) {
  if (!(await page.locator('details.ex-more').evaluate((d) => d.open))) await page.getByTestId('explorer-filters-toggle').click();
}

/** Up to eight example games, each one of the games through the position. */
async function expectExamples(page, expected) {
  const ids = await page.getByTestId('explorer-example').evaluateAll((lis) => lis.map((li) => li.dataset.game));
  assert.ok(ids.length >= 1 && ids.length <= 8, `${ids.length} examples`);
  for (const id of ids) assert.ok(expected.through.some((r) => r.game_id === id), id);
}

const month = (delta) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
};

test('the explorer counts the archive’s games, goes along a line and back, and plays a move nobody played', async () => {
  const recs = await records();
  const v = await visitor(held.browser, held.stack);
  const { page } = v;
  await v.go('/explorer?game=brandubh');
  const start = tally(recs, []);
  const shown = await expectTable(page, start);
  assert.ok(shown.rows.length >= 3, 'several first moves');
  await page.locator('[data-testid="board"] [data-square]').first().waitFor();
  assert.equal(await page.getByTestId('explorer-status').textContent(), 'Attackers to move');
  // Imported games have no rating: no average.
  assert.equal(await page.getByTestId('explorer-row').first().locator('td').last().textContent(), '–');
  await expectExamples(page, start);

  // The most played first move, one ply deeper.
  const first = shown.rows[0].move;
  await page.getByTestId('explorer-row').first().locator('a').click();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}`);
  await until('after the first move', async () => (await page.getByTestId('explorer-ply').textContent()) === `After 1. ${first}`);
  const deeper = tally(recs, [first]);
  const second = await expectTable(page, deeper);
  await expectExamples(page, deeper);
  assert.equal(await page.getByTestId('explorer-status').textContent(), 'Defenders to move');
  assert.equal(await page.getByTestId('board').getAttribute('data-ply'), '1');
  assert.ok(await page.locator(`[data-testid="board"] [data-square="${first.split('-')[1]}"].last-move`).count(), 'the last move is marked');

  // A second ply, then back along the line with the page's buttons and forward again.
  const reply = second.rows[0].move;
  await page.getByTestId('explorer-row').first().click();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first},${reply}`);
  await expectTable(page, tally(recs, [first, reply]));
  await page.getByTestId('explorer-start').click();
  await page.waitForURL('**/explorer?game=brandubh');
  await expectTable(page, start);
  assert.equal(await page.getByTestId('explorer-line-move').count(), 2, 'the line is kept to go forward');
  await page.getByTestId('explorer-next').click();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}`);
  await expectTable(page, deeper);
  await page.keyboard.press('End');
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first},${reply}`);
  // The browser's back button: each step was an entry.
  await page.goBack();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}`);
  await expectTable(page, deeper);
  await page.goBack();
  await page.waitForURL('**/explorer?game=brandubh');
  await expectTable(page, start);
  await page.goForward();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}`);
  await expectTable(page, deeper);
  assert.equal(await page.getByTestId('explorer-line-move').count(), 2, 'the history entry kept the line');

  // A legal move that none of these games played, made on the board: an empty table.
  const engine = await loadEngine({ wasmBinary: fs.readFileSync(path.join(REPO, 'web/public/wasm/boardhall-engine.wasm')) });
  const g = engine.open('brandubh');
  g.play(first);
  const unplayed = g.legal().find((m) => !deeper.played.has(m));
  g.close();
  await clickMove(page, unplayed);
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first},${unplayed}`);
  const none = await table(page);
  assert.deepEqual(none, { rows: [], total: 0 });
  assert.equal(await page.getByTestId('explorer-note').textContent(), 'No game of the archive reached this position.');
  assert.equal(await page.getByTestId('explorer-example').count(), 0);
  assert.equal(await page.getByTestId('board').getAttribute('data-ply'), '2');
  await page.screenshot({ path: screenshotPath('explorer.png'), fullPage: true });
  assert.deepEqual(v.problems, []);
  await v.context.close();
});

test('the filters narrow the games, in the address; an example game opens at this ply', async () => {
  const recs = await records();
  const v = await visitor(held.browser, held.stack);
  const { page } = v;
  const first = tally(recs, []).played.keys().next().value;
  const deeper = tally(recs, [first]);
  await v.go(`/explorer?game=brandubh&moves=${first}`);
  await expectTable(page, deeper);

  // Played here: none (every game was imported).
  await openFilters(page);
  await page.getByTestId('explorer-source').selectOption('here');
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}&source=here`);
  assert.deepEqual(await table(page), { rows: [], total: 0 });
  assert.equal(await page.getByTestId('explorer-note').textContent(), 'No game that the filters let through reached this position.');
  await page.getByTestId('explorer-source').selectOption('imported');
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}&source=imported`);
  await expectTable(page, deeper);
  // A rating band: imported games have no rating, so none is left.
  await page.getByTestId('explorer-min').selectOption('1600');
  await page.waitForURL(`**&source=imported&rating=1600-`);
  assert.equal((await table(page)).total, 0);
  await page.getByTestId('explorer-clear').click();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}`);
  await expectTable(page, deeper);
  // Months: the games were imported now, so since last month keeps them, and until last month none
  // (since two months ago, then: a since after the until is swapped).
  await openFilters(page);
  await page.getByTestId('explorer-since').fill(month(-1));
  await page.waitForURL(`**&since=${month(-1)}`);
  await expectTable(page, deeper);
  await page.getByTestId('explorer-until').fill(month(-2));
  await page.waitForURL(`**&since=${month(-2)}&until=${month(-1)}`);
  assert.equal((await table(page)).total, 0);
  assert.equal(await page.getByTestId('explorer-since').inputValue(), month(-2));
  await page.getByTestId('explorer-clear').click();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}`);

  // An example game: its replay at this ply, and the analysis board's link.
  const example = page.getByTestId('explorer-example').first();
  const id = await example.getAttribute('data-game');
  assert.ok(deeper.through.some((r) => r.game_id === id));
  assert.equal(await example.getByTestId('explorer-example-analyse').getAttribute('href'), `/analysis/${id}?ply=1`);
  await example.getByTestId('explorer-example-replay').click();
  await page.waitForURL(`**/game/${id}?ply=1`);
  await page.getByTestId('replay-ply').filter({ hasText: /^move 1 of \d+$/ }).waitFor();

  // From the replay back into the explorer, at that game's moves up to the ply shown.
  const rec = recs.find((r) => r.game_id === id);
  await page.getByTestId('replay-next').click();
  await page.getByTestId('explorer-link').click();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${rec.moves.slice(0, 2).map((m) => m.move).join(',')}`);
  await expectTable(page, tally(recs, rec.moves.slice(0, 2).map((m) => m.move)));
  // And from the analysis board.
  await v.go(`/analysis/${id}?ply=3`);
  await until('the analysis board’s link', async () => (await page.getByTestId('explorer-link').getAttribute('href'))?.includes('moves='));
  await page.getByTestId('explorer-link').click();
  const three = rec.moves.slice(0, 3).map((m) => m.move);
  await page.waitForURL(`**/explorer?game=brandubh&moves=${three.join(',')}`);
  await expectTable(page, tally(recs, three));
  assert.deepEqual(v.problems, []);
  await v.context.close();
});

test('past the plies the explorer indexes, the page says so', async () => {
  const recs = await records();
  const long = recs.find((r) => r.moves.length > 45);
  const v = await visitor(held.browser, held.stack);
  const at = (n) => `/explorer?game=brandubh&moves=${long.moves.slice(0, n).map((m) => m.move).join(',')}`;
  await v.go(at(39));
  const before = await table(v.page);
  assert.ok(before.rows.some((r) => r.move === long.moves[39].move), 'the 40th ply is counted');
  await v.go(at(40));
  await v.page.getByTestId('explorer-note').filter({ hasText: 'The explorer covers the first 40 plies: no move is counted past them.' }).waitFor();
  assert.deepEqual((await table(v.page)).rows, []);
  assert.deepEqual(v.problems, []);
  await v.context.close();
});

test('a line the rules refuse is said, with the way back to the start', async () => {
  const v = await visitor(held.browser, held.stack);
  await v.go('/explorer?game=brandubh&moves=d2-e2,a1-a7');
  const error = v.page.getByTestId('explorer-error');
  await error.waitFor();
  assert.match(await error.textContent(), /^The explorer could not follow this: .*2/);
  await v.page.getByTestId('explorer-back-start').click();
  await v.page.waitForURL('**/explorer?game=brandubh');
  await v.page.getByTestId('explorer-total').waitFor();
  // The 400 itself is the answer expected (and Chromium logs it).
  assert.deepEqual(v.problems.filter((p) => !/^HTTP 400: .*\/api\/explorer\?game=brandubh&moves=d2-e2,a1-a7$|^console: Failed to load resource: .* 400/.test(p)), []);
  await v.context.close();
});

test('on a phone’s screen, in Russian: the table under the board, a tap goes deeper', async () => {
  const recs = await records();
  const phone = await visitor(held.browser, held.stack, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'ru-RU' });
  const { page } = phone;
  await phone.go('/explorer?game=brandubh');
  const start = tally(recs, []);
  await expectTable(page, start);
  await page.locator('[data-testid="board"] [data-square]').first().waitFor();
  assert.match(await page.locator('h1').textContent(), /^Дебютный справочник · Брандубх/);
  const board = await page.getByTestId('board').boundingBox();
  const tableBox = await page.getByTestId('explorer-table').boundingBox();
  assert.ok(board.width <= 390 && board.width > 300, JSON.stringify(board));
  assert.ok(tableBox.y >= board.y + board.height, 'the table is under the board');
  assert.ok(tableBox.x >= 0 && tableBox.x + tableBox.width <= 390, JSON.stringify(tableBox));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await page.screenshot({ path: screenshotPath('explorer-phone.png'), fullPage: true });
  const first = (await table(page)).rows[0].move;
  await page.getByTestId('explorer-row').first().locator('a').tap();
  await page.waitForURL(`**/explorer?game=brandubh&moves=${first}`);
  await expectTable(page, tally(recs, [first]));
  assert.deepEqual(phone.problems, []);
  await phone.context.close();
});
