// Tournaments (issue 31) in a real browser. A round robin: two registered players in
// their browsers and a third driven over a WebSocket from the test (it plays its first
// legal moves, then resigns); one creates a single round robin of Brandubh from
// /tournaments, the others join (from the list, and over the WebSocket), the lobby lists
// it, its creator starts it; each round the paired browsers are taken to their game by
// themselves (from the tournament's page, or from their game just over) and play it to
// its end (the two browsers' game by the rules: the king captured), while a registered
// visitor who does not play sees the crosstable change live. The finished tournament
// shows its winner, on its page (in Russian on a phone too) and in the list. A visitor
// without a name follows a tournament's page across a server restart (followed again on
// the new connection), then over HTTP once the server closed its idle connection. A
// Swiss and an arena of WebSocket players, followed from a browser: Buchholz and the
// rounds' pairings; the arena's sheets growing live and its fire marks. On a server
// whose tournaments take bots (--tournament-bots), with a stand-in bot connected
// (support/fake_bot.mjs), a creator adds the computer at a level and takes it out again.
// Screenshots of each page go to build/web-screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startStack, launchBrowser, visitor, screenshotPath, until, registerInPage } from './support/stack.mjs';
import { createBot, startFakeBot } from './support/fake_bot.mjs';
import { clickMove } from './support/play.mjs';
import { pointsText, tieText } from '../../public/js/app/tournament.js';

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

// Brandubh: the attackers (first) capture the king in seven moves (support/play.mjs).
const BRANDUBH = ['d2-e2', 'c4-c2', 'd6-c6', 'd3-a3', 'b4-b5', 'd4-b4', 'c6-c4'];

const account = (v, name) => registerInPage(v, name);

/**
 * A player outside the browsers: a WebSocket of its own, opened from a page of the
 * server's (a plain file, no app). It registers, answers `join(id)`, and plays each of
 * its games: its first legal move while fewer than two moves were made, then resigns.
 */
async function wsPlayer(name) {
  const v = await visitor(browser, stack);
  await v.go('/favicon.svg');
  await v.page.evaluate(async (name) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
    let next = 0;
    const pending = new Map();
    const send = (msg) => ws.send(JSON.stringify(msg));
    const request = (msg) => new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      send({ ...msg, id });
    });
    window.player = { request, seen: [] };
    const play = (gameId, you, toMove, ply, legal) => {
      if (toMove !== you || !legal?.length) return;
      if (ply >= 2) send({ type: 'resign', game_id: gameId });
      else send({ type: 'move', game_id: gameId, move: legal[0], ply });
    };
    const sides = new Map();
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(e.data);
      window.player.seen.push(m.type);
      const p = m.id && pending.get(m.id);
      if (p) {
        pending.delete(m.id);
        return m.type === 'error' ? p.reject(new Error(`${m.code}: ${m.message}`)) : p.resolve(m);
      }
      if (m.type === 'game_started' || m.type === 'game_state') {
        sides.set(m.state.game_id, m.state.you);
        play(m.state.game_id, m.state.you, m.state.to_move, m.state.ply, m.state.legal);
      } else if (m.type === 'move' && m.status?.state === 'ongoing') {
        play(m.game_id, sides.get(m.game_id), m.to_move, m.ply, m.legal);
      }
    });
    await new Promise((resolve) => ws.addEventListener('open', resolve));
    await request({ type: 'register', name, password: 'correct horse battery' });
  }, name);
  return {
    request: (msg) => v.page.evaluate((msg) => window.player.request(msg), msg),
    join: (id) => v.page.evaluate((id) => window.player.request({ type: 'join_tournament', tournament_id: id }).then(() => true), id),
    close: () => v.context.close(),
  };
}

/** The tournament as GET /api/tournaments/{id} has it. */
async function api(id) {
  const res = await fetch(`${stack.url}/api/tournaments/${id}`);
  assert.equal(res.status, 200);
  return res.json();
}


/** Some legal move on `page`'s board: a piece of its own with a target, then the target. */
async function anyMove(page) {
  const board = page.getByTestId('board');
  const pieces = board.locator('[data-square]:has([data-piece])');
  const n = await pieces.count();
  for (let i = 0; i < n; i++) {
    await pieces.nth(i).click();
    const targets = board.locator('[data-square].target');
    if (await targets.count()) {
      await targets.first().click();
      return;
    }
  }
  throw new Error('no legal move on the board');
}

/** `v` on the game page of `game` plays it to its end against the WebSocket player (who resigns after its first move). */
async function playAgainstWs(v, game, name) {
  await v.page.waitForURL(`**/game/${game.game_id}`);
  const status = v.page.getByTestId('status');
  const plies = v.page.getByTestId('move-list').locator('[data-ply]');
  for (let moves = 0; ; moves++) {
    await status.filter({ hasText: /Your move|won|Draw/ }).waitFor();
    if (!/Your move/.test(await status.textContent())) break;
    assert.ok(moves < 3, `${name} still to move after ${moves} moves`);
    const before = await plies.count();
    await anyMove(v.page);
    await plies.nth(before).waitFor(); // sent and taken (the answer may follow at once)
  }
  await status.filter({ hasText: `${name} (` }).filter({ hasText: 'won: resignation' }).waitFor();
}

test('a round robin: created, joined, started, each game played from the tournament’s page, the crosstable live, the winner', async () => {
  const anna = await visitor(browser, stack);
  const boris = await visitor(browser, stack, { viewport: { width: 390, height: 844 } }); // a phone
  await account(anna, 'anna');
  await account(boris, 'boris');
  const carl = await wsPlayer('carl');

  // The list, with the create form for a registered player (linked from the header).
  await anna.page.getByTestId('nav-tournaments').click();
  await anna.page.waitForURL('**/tournaments');
  await anna.page.getByTestId('tournaments-upcoming-none').waitFor();
  await anna.page.getByTestId('tournament-name').fill('Spring brandubh');
  await anna.page.getByTestId('tournament-game').selectOption('brandubh');
  assert.equal(await anna.page.getByTestId('tournament-cycles').inputValue(), '2', 'a tafl game: two cycles by default');
  assert.equal(await anna.page.getByTestId('tournament-rounds').isVisible(), false, 'a Swiss’s rounds hidden for a round robin');
  await anna.page.getByTestId('tournament-cycles').selectOption('1');
  await anna.page.getByTestId('tournament-clock').selectOption('3+2');
  // The form checks before the server: a name of spaces only.
  await anna.page.getByTestId('tournament-name').fill('   ');
  await anna.page.getByTestId('tournament-submit').click();
  await anna.page.getByTestId('tournament-create-error').filter({ hasText: 'A name has 1 to 80 characters.' }).waitFor();
  await anna.page.getByTestId('tournament-name').fill('Spring brandubh');
  await anna.page.screenshot({ path: screenshotPath('tournaments-create.png'), fullPage: true });
  await anna.page.getByTestId('tournament-submit').click();
  await anna.page.waitForURL(/\/tournament\/t[^/]+$/);
  const id = new URL(anna.page.url()).pathname.split('/')[2];
  const status = (v) => v.page.getByTestId('tournament-status');
  await status(anna).filter({ hasText: 'starts when its creator starts it' }).waitFor();
  assert.match(await anna.page.getByTestId('tournament-settings').textContent(), /^Round robin · Brandubh · 3\+2 · rated · one cycle · players: 0 of 10 · created by anna$/);
  // Starting alone is refused, and said so.
  await anna.page.getByTestId('tournament-start').click();
  await anna.page.getByTestId('tournament-error').filter({ hasText: 'at least two players' }).waitFor();
  await anna.page.getByTestId('tournament-join').click();
  await anna.page.getByTestId('tournament-in').waitFor();
  assert.equal(await anna.page.getByTestId('tournament-error').textContent(), '');

  // The lobby lists it (asked at each visit); boris joins from /tournaments; carl over his WebSocket.
  await boris.page.locator('nav a[href="/"]').click();
  await boris.page.getByTestId('lobby-tournament').filter({ hasText: 'Spring brandubh' }).filter({ hasText: 'starts when its creator starts it' }).waitFor();
  await boris.page.screenshot({ path: screenshotPath('tournaments-lobby.png'), fullPage: true });
  await boris.page.getByTestId('lobby-tournaments-all').click();
  const row = boris.page.getByTestId('tournament-row').filter({ hasText: 'Spring brandubh' });
  await row.filter({ hasText: 'players: 1 / 10' }).waitFor();
  await row.getByTestId('tournament-row-join').click();
  await boris.page.waitForURL(`**/tournament/${id}`);
  await boris.page.getByTestId('tournament-in').waitFor();
  assert.equal(await carl.join(id), true);
  // anna's page follows: three players now, without a reload.
  await anna.page.getByTestId('entrant').nth(2).waitFor();
  assert.deepEqual(await anna.page.getByTestId('entrant').evaluateAll((els) => els.map((e) => e.dataset.player)), ['anna', 'boris', 'carl']);
  await anna.page.screenshot({ path: screenshotPath('tournament-upcoming.png'), fullPage: true });
  assert.equal(await boris.page.getByTestId('tournament-start').count(), 0, 'only its creator starts it');

  // dora, registered but not playing, follows the tournament's page: the standings live.
  const dora = await visitor(browser, stack);
  await account(dora, 'dora');
  await dora.go(`/tournament/${id}`);
  await dora.page.getByTestId('entrant').nth(2).waitFor();

  await anna.page.getByTestId('tournament-start').click();
  const pages = { anna, boris };
  // To the tournament's page as a visitor would: from the end of a game by its button,
  // else by the header and its row in the list.
  const toTournament = async (v) => {
    if (new URL(v.page.url()).pathname === `/tournament/${id}`) return;
    if (await v.page.getByTestId('over-tournament').isVisible()) {
      await v.page.getByTestId('over-tournament').click();
      return v.page.waitForURL(`**/tournament/${id}`);
    }
    await v.page.getByTestId('nav-tournaments').click();
    await v.page.getByTestId('tournament-row').filter({ hasText: 'Spring brandubh' }).locator('a.what').click();
    await v.page.waitForURL(`**/tournament/${id}`);
  };
  let fromGame = 0; // games reached from the page of the game just over
  // Three rounds: each pair once, one player resting each round.
  for (let round = 1; round <= 3; round++) {
    const game = await until(`round ${round} paired`, async () => (await api(id)).games.find((g) => g.round === round && g.game_id));
    const seated = [game.first, game.second];
    await status(dora).filter({ hasText: `round ${round} of 3` }).waitFor();
    // The players are taken to their game by themselves: from the tournament's page at
    // once, or (as lichess's arena does) from the page of their game just over.
    for (const name of seated.filter((n) => n !== 'carl')) {
      const before = new URL(pages[name].page.url()).pathname;
      await pages[name].page.waitForURL(`**/game/${game.game_id}`);
      if (before.startsWith('/game/')) fromGame++;
    }
    if (!seated.includes('carl')) {
      // The two browsers, by the rules: the first side captures the king.
      const first = pages[game.first];
      const second = pages[game.second];
      for (let i = 0; i < BRANDUBH.length; i++) {
        const mover = i % 2 === 0 ? first : second;
        const other = i % 2 === 0 ? second : first;
        await mover.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor();
        await clickMove(mover.page, BRANDUBH[i]);
        await other.page.getByTestId('move-list').locator(`[data-ply="${i + 1}"]`).waitFor();
      }
      await first.page.getByTestId('status').filter({ hasText: 'the king was captured' }).waitFor();
      // The end: no rematch in a tournament, and the way back to it.
      await first.page.getByTestId('game-over').waitFor();
      assert.equal(await first.page.getByTestId('rematch').count(), 0);
      assert.equal(await first.page.getByTestId('over-tournament').textContent(), '← Spring brandubh');
      await first.page.screenshot({ path: screenshotPath('tournament-game-over.png') });
    } else {
      const human = seated.find((n) => n !== 'carl');
      await playAgainstWs(pages[human], game, human);
    }
    // dora saw it live: the game's result in its round, the winner's points in the crosstable.
    await dora.page.locator(`[data-testid="tournament-game"][data-game="${game.game_id}"]:not([data-result=""])`).waitFor({ state: 'attached' });
    const result = (await api(id)).games.find((g) => g.game_id === game.game_id).result;
    assert.equal(result === 'first' || result === 'second', true, `round ${round}: ${result}`);
    const winner = result === 'first' ? game.first : game.second;
    await dora.page.getByTestId('crosstable').getByTestId('standing-row').filter({ has: dora.page.locator(`a[href="/player/${winner}"]`) })
      .getByTestId('standing-points').filter({ hasText: /^[12]$/ }).waitFor();
    if (round === 2) await dora.page.screenshot({ path: screenshotPath('tournament-running.png'), fullPage: true });
  }

  assert.ok(fromGame >= 1, 'a player went from a game just over to the next');
  // Finished: the winner is the first side of the browsers' game, who beat carl too.
  const final = await until('finished', async () => { const v = await api(id); return v.status === 'finished' && v.winner && v; });
  for (const v of [anna, boris]) await toTournament(v);
  const duel = final.games.find((g) => !g.first.includes('carl') && !g.second.includes('carl'));
  assert.equal(final.winner, duel.first);
  for (const v of [anna, boris]) await status(v).filter({ hasText: `Winner: ${final.winner}` }).waitFor();
  const rows = anna.page.getByTestId('crosstable').getByTestId('standing-row');
  assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.dataset.player)), [final.winner, duel.second, 'carl']);
  assert.deepEqual(await rows.first().getByTestId('cell').allTextContents(), ['', '1', '1']);
  assert.deepEqual(await rows.last().getByTestId('cell').allTextContents(), ['0', '0', '']);
  assert.deepEqual(await rows.getByTestId('standing-points').allTextContents(), ['2', '1', '0']);
  assert.equal(await anna.page.getByTestId('tournament-round').count(), 3);
  // Each game links to its page.
  const links = await anna.page.locator('[data-testid="tournament-game"] a.result').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(links.sort(), final.games.map((g) => `/game/${g.game_id}`).sort());
  await anna.page.screenshot({ path: screenshotPath('tournament-finished.png'), fullPage: true });
  // In Russian, on the phone.
  await boris.page.getByTestId('lang').selectOption('ru');
  await status(boris).filter({ hasText: `Победитель: ${final.winner}` }).waitFor();
  await boris.page.getByRole('heading', { name: 'Турнирная таблица' }).waitFor();
  await boris.page.screenshot({ path: screenshotPath('tournament-finished-phone-ru.png'), fullPage: true });
  // The list has it among the finished, with its winner.
  await anna.page.getByTestId('nav-tournaments').click();
  await anna.page.getByTestId('tournaments-finished').getByTestId('tournament-row').filter({ hasText: `won by ${final.winner}` }).waitFor();
  await anna.page.screenshot({ path: screenshotPath('tournaments-list.png'), fullPage: true });
  assert.deepEqual([...anna.problems, ...boris.problems, ...dora.problems], []);
  await carl.close();
  await dora.context.close();
  await anna.context.close();
  await boris.context.close();
});

test('a visitor without a name follows a tournament’s page across a server restart, and past the identify timeout', async () => {
  const lena = await wsPlayer('lena');
  const created = await lena.request({ type: 'create_tournament', name: 'Night arena', format: 'arena', game: 'tablut',
    clock: { initial_s: 60, increment_s: 0 }, duration_min: 30 });
  const id = created.tournament_id;
  const v = await visitor(browser, stack);
  await v.go(`/tournament/${id}`);
  await v.page.getByTestId('tournament-no-entrants').waitFor();
  assert.match(await v.page.getByTestId('tournament-settings').textContent(), /^Arena · Tablut · 1\+0 · rated · 30 min · players: 0 of 64 · created by lena$/);
  await v.page.getByTestId('tournament-log-in').waitFor(); // a visitor without a name is asked to log in to join
  await lena.close();

  await stack.restart();
  const phase = v.page.getByTestId('connection');
  const inPhase = (p, timeout) => v.page.locator(`[data-testid="connection"][data-phase="${p}"]`).waitFor({ state: 'attached', timeout });
  await inPhase('reconnecting');
  await inPhase('online', 20000);
  // Followed again on the new connection: a player who joins shows at once.
  const erin = await wsPlayer('erin');
  const joined = Date.now();
  await erin.join(id);
  await v.page.getByTestId('entrant').filter({ hasText: 'erin' }).waitFor({ timeout: 5000 });
  assert.ok(Date.now() - joined < 5000);
  assert.equal(await phase.getAttribute('data-phase'), 'online');

  // Following a tournament keeps a connection without a name, as watching a game does:
  // past the server's 30-s identify timeout it is still online and hears of a new player.
  await v.page.waitForTimeout(33000);
  assert.equal(await phase.getAttribute('data-phase'), 'online');
  const fay = await wsPlayer('fay');
  await fay.join(id);
  await v.page.getByTestId('entrant').filter({ hasText: 'fay' }).waitFor({ timeout: 5000 });
  assert.equal(await phase.getAttribute('data-phase'), 'online');
  await v.page.screenshot({ path: screenshotPath('tournament-arena-upcoming.png'), fullPage: true });
  const ignorable = (p) => /WebSocket connection to|ERR_CONNECTION_REFUSED|net::ERR/.test(p);
  assert.deepEqual(v.problems.filter((p) => !ignorable(p)), []);
  await erin.close();
  await fay.close();
  await v.context.close();
});

test('a Swiss and an arena, as a registered visitor follows them: Buchholz and pairings; the arena\'s sheets and fire', async () => {
  const gail = await visitor(browser, stack);
  await account(gail, 'gail');
  const bots = [];
  for (const name of ['hana', 'ivan', 'jack', 'kira']) bots.push(await wsPlayer(name));

  // A private one: listed nowhere; joined by its link with the invitation, refused without.
  const hidden = await bots[0].request({ type: 'create_tournament', name: 'Club night', format: 'swiss', game: 'tablut',
    clock: { days_per_move: 3 }, private: true });
  assert.ok(hidden.invite_code, 'its creator sees the invitation');
  assert.equal((await (await fetch(`${stack.url}/api/tournaments`)).json()).upcoming.some((x) => x.tournament_id === hidden.tournament_id), false);
  await gail.go(`/tournament/${hidden.tournament_id}`);
  assert.match(await gail.page.getByTestId('tournament-settings').textContent(), /^Swiss · Tablut · 3 days per move · rated · rounds: 5 · a game on each side each round · players: 0 of 64 · private · created by hana$/);
  await gail.page.getByTestId('tournament-join').click();
  await gail.page.getByTestId('tournament-error').filter({ hasText: /invit/ }).waitFor();
  await gail.go(`/tournament/${hidden.tournament_id}?invite=${hidden.invite_code}`);
  await gail.page.getByTestId('tournament-in').waitFor();
  await gail.page.getByTestId('entrant').filter({ hasText: 'gail' }).waitFor();
  assert.equal(await gail.page.getByTestId('tournament-invite').count(), 0, 'the invitation is its creator’s to give');

  // A Swiss of two rounds in Russian draughts, every player over its WebSocket.
  const swiss = await bots[0].request({ type: 'create_tournament', name: 'Swiss draughts', format: 'swiss', game: 'draughts',
    clock: { initial_s: 120, increment_s: 0 }, rounds: 2 });
  for (const b of bots) await b.join(swiss.tournament_id);
  await gail.go(`/tournament/${swiss.tournament_id}`);
  await gail.page.getByTestId('entrant').nth(3).waitFor();
  await bots[0].request({ type: 'start_tournament', tournament_id: swiss.tournament_id });
  const status = gail.page.getByTestId('tournament-status');
  await status.filter({ hasText: /^Winner: / }).waitFor({ timeout: 30000 });
  const final = await api(swiss.tournament_id);
  const rows = gail.page.getByTestId('swiss-standings').getByTestId('standing-row');
  assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.dataset.player)), final.standings.map((s) => s.player));
  const cells = await rows.first().locator('td').allTextContents();
  const top = final.standings[0];
  assert.deepEqual(cells.slice(2), [pointsText(top.points), tieText(top.buchholz), tieText(top.median_buchholz), String(top.performance), `${top.wins} / ${top.draws} / ${top.losses}`]);
  assert.equal(await gail.page.getByTestId('tournament-round').count(), 2);
  assert.equal(await gail.page.getByTestId('tournament-game').count(), 4);
  await gail.page.locator('[data-testid="tournament-round"][data-round="1"] summary').click(); // the earlier round unfolded
  await gail.page.screenshot({ path: screenshotPath('tournament-swiss.png'), fullPage: true });

  // An arena of a minute: the players paired again as soon as they are free.
  const arena = await bots[0].request({ type: 'create_tournament', name: 'Minute arena', format: 'arena', game: 'brandubh',
    clock: { initial_s: 60, increment_s: 0 }, duration_min: 1 });
  for (const b of bots) await b.join(arena.tournament_id);
  await gail.page.getByTestId('nav-tournaments').click();
  await gail.page.getByTestId('tournament-row').filter({ hasText: 'Minute arena' }).locator('a.what').click();
  await bots[0].request({ type: 'start_tournament', tournament_id: arena.tournament_id });
  await status.filter({ hasText: /^ends in/ }).waitFor();
  // Live: the sheets grow while it runs.
  await until('three games each', async () => (await gail.page.getByTestId('standing-sheet').allTextContents()).every((s) => s.split(' ').length >= 3));
  await gail.page.screenshot({ path: screenshotPath('tournament-arena.png'), fullPage: true });
  await status.filter({ hasText: /^Winner: / }).waitFor({ timeout: 90000 });
  const done = await api(arena.tournament_id);
  const sheets = await gail.page.getByTestId('standing-sheet').allTextContents();
  assert.deepEqual(sheets, done.standings.map((s) => s.sheet.join(' ')));
  assert.equal(await gail.page.getByTestId('on-fire').count(), done.standings.filter((s) => s.on_fire).length);
  assert.equal(await gail.page.getByTestId('arena-standings').getByTestId('standing-row').first().getAttribute('data-player'), done.winner);
  assert.deepEqual(gail.problems, []);
  for (const b of bots) await b.close();
  await gail.context.close();
});

test('its creator adds the computer at a level and takes it out again (a server whose tournaments take bots)', async () => {
  let secret;
  const own = await startStack({ args: ['--tournament-bots'], prepare: (db, dir) => {
    secret = path.join(dir, 'bot.secret');
    createBot(db, 'computer', secret);
  } });
  let bot = null;
  const v = await visitor(browser, own);
  try {
    await account(v, 'vera');
    await v.go('/tournaments');
    await v.page.getByTestId('tournament-name').fill('Bots welcome');
    await v.page.getByTestId('tournament-game').selectOption('brandubh');
    await v.page.getByTestId('tournament-submit').click();
    await v.page.waitForURL(/\/tournament\/t[^/]+$/);
    const error = v.page.getByTestId('tournament-error');
    // No bot connected yet: the server's refusal, as join's are shown.
    await v.page.getByTestId('tournament-add-computer-submit').click();
    await error.filter({ hasText: 'no computer player is connected' }).waitFor();

    bot = await startFakeBot(own.url, 'computer', secret);
    await v.page.getByTestId('tournament-computer-level').selectOption('6');
    await v.page.getByTestId('tournament-add-computer-submit').click();
    await v.page.getByTestId('entrant-computer').filter({ hasText: 'bot · level 6' }).waitFor();
    assert.equal(await error.textContent(), '');
    assert.equal(await v.page.getByTestId('entrant').getAttribute('data-player'), 'computer');
    // The one bot connected is in already.
    await v.page.getByTestId('tournament-add-computer-submit').click();
    await error.filter({ hasText: 'every computer player connected is in it already' }).waitFor();
    await v.page.screenshot({ path: screenshotPath('tournament-computer.png'), fullPage: true });

    await v.page.getByTestId('entrant-remove').click();
    await v.page.getByTestId('tournament-no-entrants').waitFor();
    assert.equal(await v.page.getByTestId('entrant-computer').count(), 0);
    assert.deepEqual(v.problems, []);
  } finally {
    bot?.stop();
    await v.context.close();
    await own.close();
  }
});
