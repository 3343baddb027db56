// The tournaments issue's "done when": a round robin between two browsers, a terminal
// player and the computer, on the real server (--tournament-bots) with the real computer
// player (build/bot/boardhall-bot) and the real terminal client (build/client-cli/boardhall,
// driven a command at a time through its script mode). alice creates a single round robin
// of Brandubh from /tournaments, adds the computer at level 1 from its page; bob joins from
// the page, the terminal player with join-tournament; alice starts it. Three rounds of two
// games: the browsers are taken to each game by themselves and play it (their game
// against each other by the rules, the king captured; against the terminal a move or two
// until it resigns; against the computer a move, then resign once it has answered), the
// terminal player makes a legal move in each of its games and resigns at its next turn,
// and the computer plays. The finished tournament: its page's standings with all four
// (the computer with its level), the server's view (six games with results), and the
// computer's moves in the archive.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startStack, launchBrowser, visitor, screenshotPath, REPO, until, registerInPage } from './support/stack.mjs';
import { createBot } from './support/fake_bot.mjs';
import { clickMove } from './support/play.mjs';

const CLIENT = process.env.BOARDHALL_CLIENT || path.join(REPO, 'build/client-cli/boardhall');
const BOT = process.env.BOARDHALL_BOT || path.join(REPO, 'build/bot/boardhall-bot');
const PASSWORD = 'correct horse battery';
const missing = [CLIENT, BOT].filter((f) => !fs.existsSync(f));

// Brandubh: the attackers (first) capture the king in seven moves (support/play.mjs).
const BRANDUBH = ['d2-e2', 'c4-c2', 'd6-c6', 'd3-a3', 'b4-b5', 'd4-b4', 'c6-c4'];

let stack;
let browser;
let dir;
let computer = null; // the boardhall-bot process
let computerLog = '';
before(async () => {
  if (missing.length) return;
  let secret;
  stack = await startStack({ args: ['--tournament-bots'], prepare: (db, d) => {
    dir = d;
    secret = path.join(d, 'bot.secret');
    createBot(db, 'computer', secret);
  } });
  const ws = `${stack.url.replace(/^http/, 'ws')}/ws`;
  computer = spawn(BOT, ['play', '--server', ws, '--name', 'computer', '--secret-file', secret, '--token-file', path.join(dir, 'bot.token')],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  computer.stdout.on('data', (d) => (computerLog += d));
  computer.stderr.on('data', (d) => (computerLog += d));
  await until('the computer logged in', () => /logged in as computer/.test(computerLog) || computer.exitCode !== null, 10000);
  assert.equal(computer.exitCode, null, `the computer player stopped:\n${computerLog}`);
  browser = await launchBrowser();
});
after(async () => {
  if (computer && computer.exitCode === null) {
    const exited = new Promise((resolve) => computer.once('exit', resolve));
    computer.kill('SIGTERM');
    await exited;
  }
  await browser?.close();
  await stack?.close();
});


const account = (v, name) => registerInPage(v, name, PASSWORD);

/** The tournament as GET /api/tournaments/{id} has it. */
async function api(id) {
  const res = await fetch(`${stack.url}/api/tournaments/${id}`);
  assert.equal(res.status, 200);
  return res.json();
}

/** `key=value key="a value"` → { key: 'value', ... } (a reply line of the script mode). */
function fields(line) {
  const out = {};
  const re = /(\w+)=(?:"((?:[^"\\]|\\.)*)"|(\S*))/g;
  for (let m; (m = re.exec(line));) out[m[1]] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3];
  return out;
}

/**
 * The terminal client as a registered player, in its script mode: `send(command)` writes a
 * line and resolves with its reply ({ ok, name, fields, line }); the client runs each
 * command after the previous one's reply, so replies come in order.
 */
function terminal(name) {
  const config = fs.mkdtempSync(path.join(dir, 'terminal-'));
  const ws = stack.url.replace(/^http/, 'ws');
  const proc = spawn(CLIENT, ['connect', ws, '--register', name], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, BOARDHALL_PASSWORD: PASSWORD, XDG_CONFIG_HOME: config },
  });
  let out = '';
  let buffered = '';
  const waiting = [];
  const replies = [];
  const settle = (reply) => (waiting.length ? waiting.shift()(reply) : replies.push(reply));
  proc.stdout.on('data', (d) => {
    out += d;
    buffered += d;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const m = /^(ok|error) (\S+)/.exec(line);
      if (m) settle({ ok: m[1] === 'ok', name: m[2], fields: fields(line.slice(m[0].length)), line });
    }
  });
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const next = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise((resolve) => waiting.push(resolve)));
  const gone = exited.then((code) => ({ ok: false, name: 'exit', fields: {}, line: `the terminal client exited (${code})` }));
  return {
    get out() { return out; },
    /** The reply to connecting (the first line). */
    connected: () => Promise.race([next(), gone]),
    send(command) {
      proc.stdin.write(`${command}\n`);
      return Promise.race([next(), gone]);
    },
    /** Ends it at once (a test that failed). */
    kill() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
    },
    async quit() {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.stdin.end('quit\n');
      const timer = setTimeout(() => proc.kill('SIGTERM'), 5000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * The terminal player's part: in each of its three games a legal move when its turn comes
 * (the first the client lists), then resign at its next turn; connected until the end.
 */
async function terminalPlays(term) {
  const games = [];
  const must = (reply, what) => {
    assert.ok(reply.ok, `terminal, ${what}: ${reply.line}\n${term.out}`);
    return reply;
  };
  for (let i = 0; i < 3; i++) {
    // Each game by its pairing (the previous game's end comes before it): `wait end`
    // would bind to whichever game is current when it is read, the next one perhaps.
    must(await term.send('wait event tournament_paired 120'), `paired for game ${i + 1}`);
    const game = must(await term.send('wait game 30'), `game ${i + 1}`).fields.game;
    assert.ok(!games.includes(game), `terminal: game ${game} again`);
    games.push(game);
    let turn = await term.send('wait turn 60');
    if (turn.ok) {
      const moves = must(await term.send('moves'), 'moves').fields.moves.split(' ');
      must(await term.send(moves[0]), `move ${moves[0]}`);
      turn = await term.send('wait turn 60');
      if (turn.ok) must(await term.send('resign'), 'resign');
    }
    if (!turn.ok) assert.equal(turn.fields.code, 'game_over', `terminal, game ${i + 1}: ${turn.line}`);
  }
  must(await term.send('wait event tournament_finished 120'), 'the tournament finished');
  return games;
}

/**
 * Some legal move on `page`'s board: the first piece the board marks as movable (it marks
 * them once it has the legal moves), then its first target.
 */
async function anyMove(page) {
  const board = page.getByTestId('board');
  const movable = board.locator('[data-square].movable');
  const targets = board.locator('[data-square].target');
  await movable.first().waitFor({ timeout: 10000 });
  await movable.first().click();
  await targets.first().waitFor({ timeout: 5000 });
  await targets.first().click();
}

/** A browser against the terminal: a legal move at each turn until the terminal resigns. */
async function againstTerminal(v, me) {
  const status = v.page.getByTestId('status');
  const plies = v.page.getByTestId('move-list').locator('[data-ply]');
  for (let moves = 0; ; moves++) {
    await status.filter({ hasText: /Your move|won|Draw|Aborted/ }).waitFor({ timeout: 60000 });
    if (!/Your move/.test(await status.textContent())) break;
    assert.ok(moves < 3, `${me} still to move after ${moves} moves`);
    const before = await plies.count();
    await anyMove(v.page);
    await plies.nth(before).waitFor();
  }
  await status.filter({ hasText: `${me} (` }).filter({ hasText: 'won: resignation' }).waitFor();
}

/** A browser against the computer: a move when it moves first, then resign once the computer has moved. */
async function againstComputer(v) {
  const status = v.page.getByTestId('status');
  const plies = v.page.getByTestId('move-list').locator('[data-ply]');
  await status.filter({ hasText: 'Your move' }).waitFor({ timeout: 60000 });
  if ((await plies.count()) === 0) {
    await anyMove(v.page);
    await plies.nth(1).waitFor({ timeout: 30000 }); // the computer's answer
    await status.filter({ hasText: 'Your move' }).waitFor();
  }
  await v.page.getByTestId('resign').click();
  await v.page.getByTestId('confirm-yes').click();
  await status.filter({ hasText: 'computer (' }).filter({ hasText: 'won: resignation' }).waitFor();
}

/** The two browsers against each other: the attackers capture the king. */
async function againstEachOther(first, second) {
  for (let i = 0; i < BRANDUBH.length; i++) {
    const mover = i % 2 === 0 ? first : second;
    const other = i % 2 === 0 ? second : first;
    await mover.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor({ timeout: 30000 });
    await clickMove(mover.page, BRANDUBH[i]);
    await other.page.getByTestId('move-list').locator(`[data-ply="${i + 1}"]`).waitFor();
  }
  await first.page.getByTestId('status').filter({ hasText: 'the king was captured' }).waitFor();
  await second.page.getByTestId('status').filter({ hasText: 'the king was captured' }).waitFor();
}

test('a round robin between two browsers, a terminal player and the computer', { skip: missing.length > 0 && `missing ${missing.join(', ')}`, timeout: 240000 }, async (t) => {
  const alice = await visitor(browser, stack);
  const bob = await visitor(browser, stack);
  await account(alice, 'alice');
  await account(bob, 'bob');

  // alice creates it from /tournaments: a single round robin of Brandubh, 5+3.
  await alice.page.getByTestId('nav-tournaments').click();
  await alice.page.waitForURL('**/tournaments');
  await alice.page.getByTestId('tournament-name').fill('Everyone’s brandubh');
  await alice.page.getByTestId('tournament-game').selectOption('brandubh');
  await alice.page.getByTestId('tournament-cycles').selectOption('1');
  await alice.page.getByTestId('tournament-clock').selectOption('5+3');
  await alice.page.getByTestId('tournament-submit').click();
  await alice.page.waitForURL(/\/tournament\/t[^/]+$/);
  const id = new URL(alice.page.url()).pathname.split('/')[2];
  const status = (v) => v.page.getByTestId('tournament-status');
  await status(alice).filter({ hasText: 'starts when its creator starts it' }).waitFor();
  await alice.page.getByTestId('tournament-join').click();
  await alice.page.getByTestId('tournament-in').waitFor();

  // The computer, at level 1, from the page.
  await alice.page.getByTestId('tournament-computer-level').selectOption('1');
  await alice.page.getByTestId('tournament-add-computer-submit').click();
  await alice.page.getByTestId('entrant-computer').filter({ hasText: 'bot · level 1' }).waitFor();
  assert.equal(await alice.page.getByTestId('tournament-error').textContent(), '');

  // bob from the page; the terminal player with join-tournament.
  await bob.go(`/tournament/${id}`);
  await bob.page.getByTestId('tournament-join').click();
  await bob.page.getByTestId('tournament-in').waitFor();
  const term = terminal('tess');
  const hello = await term.connected();
  assert.ok(hello.ok && hello.fields.registered === 'yes', `the terminal could not register: ${hello.line}\n${term.out}`);
  const joined = await term.send(`join-tournament ${id}`);
  assert.ok(joined.ok, `join-tournament: ${joined.line}\n${term.out}`);
  await alice.page.getByTestId('entrant').nth(3).waitFor();
  assert.deepEqual((await alice.page.getByTestId('entrant').evaluateAll((els) => els.map((e) => e.dataset.player))).sort(),
    ['alice', 'bob', 'computer', 'tess']);
  assert.equal(await alice.page.locator('[data-testid="entrant"][data-player="computer"]').getAttribute('data-level'), '1');
  await alice.page.screenshot({ path: screenshotPath('tournament-everyone-entrants.png'), fullPage: true });

  // The terminal plays its games from now on, by itself.
  const terminalDone = terminalPlays(term);
  terminalDone.catch(() => {}); // awaited below; a failure there is reported there

  try {
    await play(t, id, alice, bob, term, terminalDone);
  } catch (err) {
    // What each side saw, for the report.
    const seen = [];
    for (const [name, v] of Object.entries({ alice, bob })) {
      const text = await v.page.getByTestId('status').textContent({ timeout: 1000 }).catch(() => '(no status)');
      seen.push(`${name} at ${v.page.url()}: ${text}; problems: ${JSON.stringify(v.problems)}`);
    }
    seen.push(`tournament: ${JSON.stringify(await api(id).catch((e) => e.message))}`);
    seen.push(`terminal:\n${term.out}`, `computer:\n${computerLog}`, `server:\n${stack.log}`);
    err.message += `\n${seen.join('\n')}`;
    throw err;
  } finally {
    term.kill();
  }
  await alice.context.close();
  await bob.context.close();
});

async function play(t, id, alice, bob, term, terminalDone) {
  const started = Date.now();
  const status = (v) => v.page.getByTestId('tournament-status');
  await alice.page.getByTestId('tournament-start').click();
  // (Her page may leave for her first game at once: the server's view says it runs.)
  await until('started', async () => (await api(id)).status === 'running');
  const pages = { alice, bob };
  const browsers = Object.keys(pages);
  // A failure of the terminal's script ends the waits below at once.
  const terminalFailed = terminalDone.then(() => new Promise(() => {}));
  // Three rounds of two games: each pair once.
  for (let round = 1; round <= 3; round++) {
    const games = await until(`round ${round} paired`, async () => {
      const list = (await api(id)).games.filter((g) => g.round === round && g.game_id);
      return list.length === 2 && list;
    });
    await Promise.race([terminalFailed, Promise.all(games.map(async (game) => {
      const seated = [game.first, game.second];
      const here = seated.filter((n) => browsers.includes(n));
      // Each browser is taken to its game by itself (from the tournament's page, or from its game just over).
      await Promise.all(here.map((n) => pages[n].page.waitForURL(`**/game/${game.game_id}`, { timeout: 30000 })));
      if (here.length === 2) {
        await againstEachOther(pages[game.first], pages[game.second]);
        await pages[game.first].page.screenshot({ path: screenshotPath('tournament-everyone-browsers.png') });
      } else if (here.length === 1) {
        const me = here[0];
        if (seated.includes('computer')) {
          await againstComputer(pages[me]);
          await pages[me].page.screenshot({ path: screenshotPath('tournament-everyone-computer.png') });
        } else {
          await againstTerminal(pages[me], me);
          await pages[me].page.screenshot({ path: screenshotPath('tournament-everyone-terminal.png') });
        }
      }
      // The terminal against the computer: theirs to play.
      await until(`round ${round}: ${game.first} – ${game.second} over`, async () => (await api(id)).games.find((g) => g.game_id === game.game_id).result, 60000);
    }))]);
  }

  const final = await until('finished', async () => { const v = await api(id); return v.status === 'finished' && v; });
  const terminalGames = await terminalDone;
  assert.equal(terminalGames.length, 3);

  // The server's view: six games, each with a result; all four in the standings.
  const played = final.games.filter((g) => g.game_id);
  assert.equal(played.length, 6, JSON.stringify(final.games));
  for (const g of played) assert.ok(['first', 'second', 'draw'].includes(g.result), `${g.first} – ${g.second}: ${g.result}`);
  assert.deepEqual(final.standings.map((s) => s.player).sort(), ['alice', 'bob', 'computer', 'tess']);
  assert.ok(final.winner, 'a winner');

  // The computer played: its games in the archive, moves made in them.
  const archive = await (await fetch(`${stack.url}/api/games?tournament=${id}&limit=100`)).json();
  assert.equal(archive.games.length, 6, JSON.stringify(archive));
  const its = archive.games.filter((g) => g.first_player === 'computer' || g.second_player === 'computer');
  assert.equal(its.length, 3);
  assert.ok(its.every((g) => g.moves > 0), `the computer's games: ${JSON.stringify(its)}`);
  for (const g of its) {
    const record = await (await fetch(`${stack.url}/api/games/${g.game_id}`)).json();
    const side = record.first_player === 'computer' ? 0 : 1; // the first side makes the even plies
    assert.ok(record.moves.some((_, ply) => ply % 2 === side), `the computer made no move in ${g.game_id}`);
  }

  // The page: the finished standings with all four, the computer with its level.
  await alice.go(`/tournament/${id}`);
  await status(alice).filter({ hasText: `Winner: ${final.winner}` }).waitFor();
  const rows = alice.page.getByTestId('crosstable').getByTestId('standing-row');
  assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.dataset.player)), final.standings.map((s) => s.player));
  const computerRow = alice.page.locator('[data-testid="standing-row"][data-player="computer"]');
  assert.match(await computerRow.getByTestId('bot-badge').textContent(), /level 1/);
  assert.equal(await alice.page.locator('[data-testid="tournament-game"][data-result=""]').count(), 0, 'every game has its result');
  assert.equal(await alice.page.getByTestId('tournament-game').count(), 6);
  await alice.page.screenshot({ path: screenshotPath('tournament-everyone-finished.png'), fullPage: true });

  // The terminal saw the end too, and leaves cleanly.
  assert.match(term.out, /event tournament_finished/);
  assert.equal(await term.quit(), 0, term.out);
  for (const v of [alice, bob]) assert.deepEqual(v.problems, []);
  t.diagnostic(`the round robin of four took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
