// A browser and the terminal client in one game: the terminal player creates a room, the
// browser player joins it by its link and plays by clicking, and each sees the other's
// moves until the king escapes. The server cannot tell its clients apart, and neither
// may the players.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath, REPO } from './support/stack.mjs';
import { clickMove, splitMoves } from './support/play.mjs';

const CLIENT = process.env.BOARDHALL_CLIENT || path.join(REPO, 'build/client-cli/boardhall');

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

test('a terminal player and a browser player play tablut to a king escape', { skip: !fs.existsSync(CLIENT) && `no terminal client at ${CLIENT}` }, async () => {
  // The terminal (attackers) shuffles a rook's pawn; the browser (defenders) walks the king out.
  const terminalMoves = ['a4-a3', 'a3-a4', 'a4-a3', 'a3-a4'];
  const browserMoves = splitMoves('f5-f8 e5-f5 f5-f7 f7-i7');
  const script = ['create tablut --side first --clock 5+3', 'wait turn 60',
    ...terminalMoves.flatMap((m, i) => (i === 0 ? [m] : ['wait turn 30', m])), 'wait end 30', 'quit'];
  const ws = stack.url.replace(/^http/, 'ws');
  const terminal = spawn(CLIENT, ['connect', ws, '--name', 'tess'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  terminal.stdout.on('data', (d) => (out += d));
  terminal.stderr.on('data', (d) => (out += d));
  terminal.stdin.end(script.join('\n') + '\n');
  const ended = new Promise((resolve) => terminal.on('exit', resolve));

  let room = null;
  for (let i = 0; i < 100 && !room; i++) {
    room = /^ok create room=(\S+)/m.exec(out)?.[1] ?? null;
    if (!room) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(room, `the terminal created no room:\n${out}`);

  const v = await visitor(browser, stack);
  await v.go(`/room/${room}`);
  await becomeGuest(v.page, 'bruno');
  for (const move of browserMoves) {
    await v.page.getByTestId('status').filter({ hasText: 'Your move' }).waitFor({ timeout: 30000 });
    await clickMove(v.page, move);
  }
  await v.page.getByTestId('status').filter({ hasText: /bruno .* won/ }).waitFor({ timeout: 30000 });
  // The browser's move list holds the terminal's moves too, in order.
  const list = await v.page.getByTestId('move-list').textContent();
  for (const m of [...terminalMoves, ...browserMoves]) assert.ok(list.includes(m), `move list lacks ${m}: ${list}`);
  await v.page.screenshot({ path: screenshotPath('terminal-vs-browser.png') });

  assert.equal(await ended, 0, `the terminal client failed:\n${out}`);
  assert.match(out, /reason=king_escaped/, out);
  assert.match(out, /f7-i7/, 'the terminal saw the browser\'s last move');
  assert.deepEqual(v.problems, []);
  await v.context.close();
});
