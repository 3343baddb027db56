// What an end-to-end test runs against: the real boardhall-server on a fresh database
// and a free port, serving web/public itself (--web-root) when it can, else behind the
// small dev server (test/support/dev_server.mjs); and headless Chromium (Debian's
// package) driven by playwright-core.
//
// Environment: BOARDHALL_SERVER (the server binary; default build/server/boardhall-server
// of this repository), CHROMIUM (default /usr/bin/chromium), BOARDHALL_BOARD_DIR (serve
// the board module from another folder: development before it is merged),
// BOARDHALL_SCREENSHOTS (where screenshots go; default build/web-screenshots).
import { spawn, execFileSync } from 'node:child_process';
import { before, after } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDevServer } from '../../support/dev_server.mjs';

export const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const REPO = path.resolve(WEB, '..');
export const SERVER = process.env.BOARDHALL_SERVER || path.join(REPO, 'build/server/boardhall-server');
export const SHOTS = process.env.BOARDHALL_SCREENSHOTS || path.join(REPO, 'build/web-screenshots');

/** The server's `--help` text ('' when it cannot be run): which flags it knows. */
export const serverHelp = () => {
  try {
    const help = spawn(SERVER, ['--help']);
    return new Promise((resolve) => {
      let out = '';
      help.stdout.on('data', (d) => (out += d));
      help.stderr.on('data', (d) => (out += d));
      help.on('close', () => resolve(out));
      help.on('error', () => resolve(''));
    });
  } catch {
    return Promise.resolve('');
  }
};
const hasWebRoot = async () => (await serverHelp()).includes('--web-root');

/** Gives the account NAME the role ROLE (moderator, admin, none) in the database `db`: the operator's one-shot `--grant-role`. */
export function grantRole(db, name, role) {
  execFileSync(SERVER, ['--db', db, '--grant-role', name, role], { stdio: 'pipe' });
}

/**
 * Starts the server; `restart()` stops it (SIGTERM, as a deploy would) and starts it again
 * on the same port and database. `prepare(db, dir)` runs first, on the fresh database's
 * path (e.g. the server's one-shot --create-bot).
 */
export async function startStack({ grace = 60, args: extra = [], prepare = null } = {}) {
  if (!fs.existsSync(SERVER)) throw new Error(`no server binary at ${SERVER}: build it (scripts/build boardhall-server) or set BOARDHALL_SERVER`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-web-e2e-'));
  const db = path.join(dir, 'boardhall.db');
  const boardDir = process.env.BOARDHALL_BOARD_DIR;
  const selfServe = !boardDir && (await hasWebRoot());
  let port = 0;
  let proc = null;
  let log = '';

  async function launch() {
    const args = ['--listen', `127.0.0.1:${port}`, '--db', db, '--grace', String(grace), '--threads', '2', ...extra];
    if (selfServe) args.push('--web-root', path.join(WEB, 'public'));
    proc = spawn(SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const listening = new Promise((resolve, reject) => {
      const scan = (d) => {
        log += d;
        const m = /listening on [^\s]*?:(\d+)/.exec(log);
        if (m) resolve(Number(m[1]));
      };
      proc.stdout.on('data', scan);
      proc.stderr.on('data', scan);
      proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
    });
    port = await Promise.race([listening, new Promise((_, rej) => setTimeout(() => rej(new Error(`server did not start:\n${log}`)), 10000))]);
  }

  async function stop(signal = 'SIGTERM') {
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10000);
    await exited;
    clearTimeout(timer);
  }

  if (prepare) await prepare(db, dir);
  await launch();
  const dev = selfServe
    ? null
    : await startDevServer({ root: path.join(WEB, 'public'), backend: `127.0.0.1:${port}`, mounts: boardDir ? { '/js/board': boardDir } : {} });
  const url = dev ? dev.url : `http://127.0.0.1:${port}`;

  return {
    url,
    selfServe,
    db,
    get log() { return log; },
    /**
     * Stops the server (SIGTERM, or SIGKILL with `kill`: a crash) and starts it again;
     * `between(db, dir)` runs while it is stopped (a one-shot such as --grant-role).
     */
    async restart({ kill = false, between = null } = {}) {
      await stop(kill ? 'SIGKILL' : 'SIGTERM');
      log = '';
      if (between) await between(db, dir);
      await launch();
    },
    async close() {
      await stop();
      await dev?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
}

/**
 * A visitor: a browser context of its own (its own localStorage) and a page that records
 * every console error, page error, failed request and HTTP error answer.
 */
export async function visitor(browser, stack, { viewport = { width: 1200, height: 900 }, locale = 'en-US', ...more } = {}) {
  const context = await browser.newContext({ viewport, locale, ...more });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // ERR_ABORTED is the browser cancelling a request itself (a reload while the favicon
  // loads), not an answer that failed.
  page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  const go = (p = '/') => page.goto(stack.url + p);
  return { context, page, problems, go };
}

/**
 * The usual set-up of a test file: a server (startStack's `options`) and a browser,
 * started before its tests and closed after them; their handles in the object returned.
 */
export function stackForFile(options = {}) {
  const held = { stack: null, browser: null };
  before(async () => {
    held.stack = await startStack(options);
    held.browser = await launchBrowser();
  });
  after(async () => {
    await held.browser?.close();
    await held.stack?.close();
  });
  return held;
}

/** Chooses a guest name on the current page. */
export async function becomeGuest(page, name) {
  await page.getByTestId('guest-name').fill(name);
  await page.getByTestId('guest-submit').click();
  await page.getByTestId('whoami').filter({ hasText: name }).waitFor();
}

export function screenshotPath(name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  return path.join(SHOTS, name);
}

/** Polls `check` every 200 ms until it gives a truthy value (returned), or throws after `ms`. */
export async function until(what, check, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let serial = 0;
/** `name` made unique to this run and this test file: a name no earlier test has taken. */
export const unique = (name) => `${name}${Date.now() % 100000}${++serial}`;

/** Registers `name` from the home page's account form (a visitor of `visitor()`). */
export async function registerInPage(v, name, password = 'correct horse battery') {
  await v.go('/');
  await v.page.getByTestId('guest-name').fill(name);
  await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill(password);
  await v.page.getByTestId('register-submit').click();
  await v.page.getByTestId('whoami').filter({ hasText: name }).waitFor();
}
