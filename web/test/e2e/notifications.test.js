// Notifications in a real browser (issue 30, docs/notifications.md): a registered player
// gives an address on /games, reads the verification mail in an SMTP sink the test
// starts (the tests' bh_smtp_sink), opens its link, and is told of the opponent's move
// by mail; a guest is asked to register; bad reminders are refused before anything is sent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath, REPO } from './support/stack.mjs';

const SINK = process.env.BOARDHALL_SMTP_SINK || path.join(REPO, 'build/tests/server/bh_smtp_sink');

/** The sink on a free port: its URL, its certificate, the mails printed so far, and stop(). */
async function startSink() {
  const proc = spawn(SINK, ['--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const deadline = Date.now() + 10000;
  let m;
  while (!(m = /listening on (smtp:\/\/\S+) \(STARTTLS offered; trust (\S+);/.exec(out))) {
    if (Date.now() > deadline) throw new Error(`the sink did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: m[1], ca: m[2], text: () => out,
    async mail(n) { // the n-th mail's decoded body, once it came
      for (const end = Date.now() + 15000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
        const bodies = [...out.matchAll(/=== decoded body\n([\s\S]*?)=== end/g)].map((x) => x[1]);
        if (bodies.length >= n) return bodies[n - 1];
      }
      throw new Error(`no mail ${n}:\n${out}`);
    },
    stop: () => proc.kill('SIGTERM'),
  };
}

let sink;
let stack;
let browser;
before(async () => {
  sink = await startSink();
  stack = await startStack({ args: ['--smtp-url', sink.url, '--smtp-ca-file', sink.ca, '--public-url', 'http://127.0.0.1:1'] });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.close();
  sink?.stop();
});

async function account(v, name) {
  await v.page.getByTestId('guest-name').fill(name);
  await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill('correct horse battery');
  await v.page.getByTestId('register-submit').click();
  await v.page.getByTestId('whoami').filter({ hasText: name }).waitFor();
}

test('an address given on /games is verified by the mailed link, then told of the opponent’s move', async () => {
  const gail = await visitor(browser, stack);
  await gail.go('/');
  await account(gail, 'gail');
  await gail.go('/games');
  const panel = gail.page.getByTestId('notify-settings');
  await panel.getByTestId('notify-form').waitFor();
  await panel.locator('#ns-reminders').fill('24, 0');
  await panel.getByTestId('notify-save').click();
  await panel.getByTestId('notify-error').filter({ hasText: 'Reminders' }).waitFor();

  await panel.locator('#ns-reminders').fill('12');
  await panel.locator('#ns-email').fill('gail@example.org');
  await panel.getByTestId('notify-save').click();
  await panel.getByTestId('notify-mail-note').filter({ hasText: 'Open the link' }).waitFor();
  const verification = await sink.mail(1);
  const link = /http:\/\/127\.0\.0\.1:1(\/notifications\/verify\?token=[0-9a-f]+)/.exec(verification);
  assert.ok(link, verification);
  await gail.go(link[1]);
  await gail.page.getByText('Address verified').waitFor();
  await gail.go('/games');
  await panel.getByTestId('notify-mail-note').filter({ hasText: 'Verified' }).waitFor();
  assert.equal(await panel.locator('#ns-reminders').inputValue(), '12');
  await gail.page.screenshot({ path: screenshotPath('notifications-settings.png'), fullPage: true });

  // Hugo plays the first move of a correspondence game against her while she is away.
  const hugo = await visitor(browser, stack);
  await hugo.go('/');
  await account(hugo, 'hugo');
  await hugo.page.getByTestId('create-game').selectOption('brandubh');
  await hugo.page.getByTestId('create-side').selectOption('first');
  await hugo.page.getByTestId('create-clock').selectOption('days');
  await hugo.page.getByTestId('create-clock-days').selectOption('3');
  await hugo.page.getByTestId('create-submit').click();
  await hugo.page.getByTestId('room-box').waitFor();
  await gail.go('/');
  await gail.page.getByTestId('corr-rooms').getByTestId('room-join').click();
  await hugo.page.waitForURL(/\/game\//);
  await gail.context.close();
  const { clickMove } = await import('./support/play.mjs');
  await clickMove(hugo.page, 'd2-f2');
  const told = await sink.mail(2);
  assert.match(told, /hugo played d2-f2 in your Brandubh game\. It is your move; you have 3 days\./);
  assert.match(told, /\/game\/g/);
  assert.deepEqual(hugo.problems, []);
});

test('a guest is asked to register for mail', async () => {
  const ida = await visitor(browser, stack);
  await ida.go('/');
  await becomeGuest(ida.page, 'ida');
  await ida.go('/games');
  await ida.page.getByTestId('notify-need-account').waitFor();
  assert.deepEqual(ida.problems, []);
});
