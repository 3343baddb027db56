// Moderation in Chromium against the real server (docs/protocol.md, "Moderation";
// docs/web.md, "Moderation"): olga registers and is made an admin by the operator's
// one-shot `--grant-role NAME admin` (run on the database while the server is stopped,
// then the server starts again on it), and the header links her to /admin. Ann and
// mallory, two registered players, play; mallory insults ann in the chat, ann reports
// her from the game ("Report opponent": the game, its ply and the chat go with it), then
// from mallory's profile, where she also blocks her (still blocked after a reload: the
// server's list). A player who is not a moderator is told /admin is not for her. Olga
// sees both reports on /admin (newest first; the game's links and the chat kept), bans
// mallory from the report: mallory's page is signed out and told, her login refused, and
// ann's game ends; the sanction is listed and the audit log shows the ban by olga. Olga
// closes the reports with a reason, blocks and unblocks an address range, refuses and
// allows a name, makes ann a moderator (whose header then links to /admin, without the
// role form) and takes it back. And the page in Russian on a 390 px phone.
// Screenshots: report-dialog.png, admin.png, admin-phone.png.
//
// The server must have moderation (--grant-role and the messages): the tests are skipped,
// saying so, on a server without it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, registerInPage, screenshotPath, until, unique, grantRole, serverHelp } from './support/stack.mjs';
import { clickMove } from './support/play.mjs';

const PASSWORD = 'correct horse battery';
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'ru-RU', isMobile: true, hasTouch: true };
const INSULT = 'you play like a potato, loser';
let stack;
let browser;
let missing = null; // why the tests cannot run here
before(async () => {
  if (!(await serverHelp()).includes('--grant-role')) {
    missing = 'the server under test has no moderation (no --grant-role in its --help)';
    return;
  }
  stack = await startStack();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await stack?.close();
});

/** Logs `name` in from the identity form of the page shown (opened at its password part). */
async function logIn(v, name) {
  await v.page.getByTestId('guest-name').fill(name);
  if ((await v.page.locator('details.account[open]').count()) === 0) await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill(PASSWORD);
  await v.page.getByTestId('login-submit').click();
}

/** After a restart: `name` resumed, or (a token without a seat may not outlive one) logged in again. */
async function signedIn(v, name) {
  await v.go('/');
  const me = v.page.getByTestId('whoami').filter({ hasText: name });
  await me.or(v.page.getByTestId('identity-note')).first().waitFor({ timeout: 20000 });
  if (await me.count()) return;
  await logIn(v, name);
  await me.waitFor();
}

/** Answers the open reason dialog of /admin with `reason`. */
async function giveReason(page, reason) {
  const prompt = page.getByTestId('admin-prompt');
  await prompt.getByTestId('admin-prompt-reason').fill(reason);
  await prompt.getByTestId('admin-prompt-yes').click();
  await prompt.waitFor({ state: 'detached' });
}

const noSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('reported from a game and a profile, blocked, then banned by an admin made with --grant-role; the audit log shows it', { timeout: 180000 }, async (t) => {
  if (missing) return t.skip(missing);
  const o = unique('olga');
  const a = unique('ann');
  const m = unique('mallory');

  // Olga registers; the operator makes her an admin (the one-shot on the stopped server's database).
  const olga = await visitor(browser, stack);
  await registerInPage(olga, o);
  assert.equal(await olga.page.getByTestId('nav-admin').count(), 0);
  assert.equal((await fetch(`${stack.url}/admin`)).status, 200,
    'the server does not serve the app at /admin: "admin" missing from kAppRoutes (server/web/site_path.hpp)');
  await stack.restart({ between: (db) => grantRole(db, o, 'admin') });
  await signedIn(olga, o);
  await olga.page.getByTestId('nav-admin').filter({ hasText: 'Moderation' }).waitFor();

  const ann = await visitor(browser, stack);
  const mal = await visitor(browser, stack);
  await registerInPage(ann, a);
  await registerInPage(mal, m);
  // Not a moderator: no link, and the page says so.
  assert.equal(await ann.page.getByTestId('nav-admin').count(), 0);
  await ann.go('/admin');
  await ann.page.getByTestId('admin-forbidden').filter({ hasText: 'This page is for the server’s moderators.' }).waitFor();

  // A game between them: mallory insults ann in the chat; ann reports her from the game.
  await ann.go('/');
  await ann.page.getByTestId('create-game').selectOption('tablut');
  await ann.page.getByTestId('create-side').selectOption('first');
  await ann.page.getByTestId('create-clock').selectOption('none');
  await ann.page.getByTestId('create-submit').click();
  const link = await ann.page.getByTestId('room-link').inputValue();
  await mal.page.goto(link);
  await Promise.all([ann.page.waitForURL(/\/game\//), mal.page.waitForURL(/\/game\//)]);
  const gameId = new URL(ann.page.url()).pathname.split('/').pop();
  await ann.page.locator('[data-square]').first().waitFor();
  await clickMove(ann.page, 'i4-i3');
  await mal.page.getByTestId('move-list').locator('[data-ply="1"]').waitFor();
  await clickMove(mal.page, 'e6-h6'); // both have moved: leaving now is a forfeit, not an abort
  await ann.page.getByTestId('move-list').locator('[data-ply="2"]').waitFor();
  await mal.page.getByTestId('chat-input').fill(INSULT);
  await mal.page.getByTestId('chat-send').click();
  await ann.page.getByTestId('chat-line').filter({ hasText: INSULT }).waitFor();

  await ann.page.getByTestId('game-report').filter({ hasText: 'Report opponent' }).click();
  let dialog = ann.page.getByTestId('report-dialog');
  await dialog.getByRole('heading', { name: `Report ${m}` }).waitFor();
  assert.match(await dialog.getByTestId('report-game').innerText(), /^About this game, at ply 2:/);
  await dialog.getByTestId('report-submit').click();
  await dialog.getByTestId('report-error').filter({ hasText: 'Choose a reason.' }).waitFor();
  await dialog.getByTestId('report-reason').selectOption('abuse');
  await dialog.getByTestId('report-about').filter({ hasText: 'Insults, threats or harassment' }).waitFor();
  await dialog.getByTestId('report-text').fill('insults in the chat');
  await dialog.getByTestId('report-count').filter({ hasText: '19 of 500 bytes' }).waitFor();
  await ann.page.screenshot({ path: screenshotPath('report-dialog.png') });
  await dialog.getByTestId('report-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await ann.page.getByTestId('toast').filter({ hasText: `Your report about ${m} went to the moderators.` }).waitFor();

  // From her profile: blocked (still so after a reload), and reported again.
  await ann.go(`/player/${encodeURIComponent(m)}`);
  const block = ann.page.getByTestId('profile-block');
  await block.filter({ hasText: /^Block$/ }).waitFor();
  assert.equal(await block.getAttribute('aria-pressed'), 'false');
  await block.click();
  await block.filter({ hasText: /^Unblock$/ }).waitFor();
  assert.equal(await block.getAttribute('aria-pressed'), 'true');
  assert.match(await ann.page.getByTestId('profile-block-status').innerText(), new RegExp(`^You blocked ${m}: they can no longer challenge you`));
  await ann.page.reload();
  await ann.page.getByTestId('profile-block').filter({ hasText: /^Unblock$/ }).waitFor();
  await ann.page.getByTestId('profile-report').click();
  dialog = ann.page.getByTestId('report-dialog');
  await dialog.getByTestId('report-reason').selectOption('cheating');
  await dialog.getByTestId('report-text').fill('moves like an engine');
  assert.equal(await dialog.getByTestId('report-game').count(), 0);
  await dialog.getByTestId('report-submit').click();
  await dialog.waitFor({ state: 'detached' });
  // Back to the game, which goes on.
  await ann.go(`/game/${gameId}`);
  await ann.page.getByTestId('move-list').locator('[data-ply="2"]').waitFor();

  // Olga's page: both reports, newest first, the game's with its links and the chat.
  await olga.page.getByTestId('nav-admin').click();
  await olga.page.waitForURL(/\/admin$/);
  await until('the page titled', async () => /^Moderation · Boardhall$/.test(await olga.page.title()), 10000);
  const reports = olga.page.locator(`[data-testid="admin-report"][data-target="${m}"]`);
  await until('both reports listed', async () => (await reports.count()) === 2, 10000);
  assert.deepEqual(await reports.evaluateAll((els) => els.map((e) => e.dataset.reason)), ['cheating', 'abuse']);
  const fromGame = reports.nth(1);
  assert.equal(await fromGame.getByTestId('admin-report-reporter').innerText(), a);
  assert.equal(await fromGame.getByTestId('admin-report-reason').innerText(), 'Abuse');
  assert.equal(await fromGame.getByTestId('admin-report-text').innerText(), 'insults in the chat');
  assert.equal(await fromGame.getByTestId('admin-report-game').getAttribute('href'), `/game/${gameId}`);
  assert.equal(await fromGame.getByTestId('admin-report-replay').getAttribute('href'), `/game/${gameId}?ply=2`);
  const line = fromGame.getByTestId('admin-chat-line').filter({ hasText: INSULT });
  await line.waitFor();
  assert.equal(await line.locator('.from').innerText(), m);
  assert.equal(await reports.nth(0).getByTestId('admin-report-game').count(), 0);
  assert.equal(await reports.nth(0).getByTestId('admin-report-text').innerText(), 'moves like an engine');
  assert.ok(await olga.page.getByTestId('admin-grant').isVisible(), 'an admin gives roles');
  await olga.page.screenshot({ path: screenshotPath('admin.png'), fullPage: true });

  // The ban, from the report: the form filled with her name and the report's number.
  const reportId = await fromGame.getAttribute('data-report');
  await fromGame.getByTestId('admin-report-sanction').click();
  assert.equal(await olga.page.getByTestId('admin-sanction-name').inputValue(), m);
  const reason = olga.page.getByTestId('admin-sanction-reason');
  assert.equal(await reason.inputValue(), `report ${reportId}: `);
  await reason.fill(`report ${reportId}: insults in the chat`);
  await olga.page.getByTestId('admin-sanction-action').selectOption('ban');
  assert.ok(!(await olga.page.getByTestId('admin-sanction-hours').isVisible()), 'a ban has no hours');
  await olga.page.getByTestId('admin-sanction-submit').click();
  await olga.page.getByTestId('admin-status').filter({ hasText: `Done — Ban: ${m}.` }).waitFor();
  const sanction = olga.page.locator(`[data-testid="admin-sanction"][data-player="${m}"]`);
  await sanction.waitFor();
  assert.equal(await sanction.getAttribute('data-kind'), 'ban');
  assert.equal(await sanction.getByTestId('admin-sanction-kind').innerText(), 'banned');
  const top = olga.page.getByTestId('admin-audit-row').first();
  await until('the ban on top of the audit log', async () => (await top.getAttribute('data-action')) === 'ban', 10000);
  assert.equal(await top.getByTestId('admin-audit-target').innerText(), m);
  assert.equal(await top.getByTestId('admin-audit-action').innerText(), 'Ban');
  assert.match(await top.innerText(), new RegExp(`${o}[\\s\\S]*report ${reportId}: insults in the chat`));

  // Mallory: disconnected, signed out and told; her login refused. Ann's game is over.
  await mal.page.getByTestId('whoami').waitFor({ state: 'detached', timeout: 20000 });
  await mal.page.getByTestId('toast').filter({ hasText: /ban/i }).waitFor();
  await mal.page.locator('#nav a[href="/"]').click(); // the lobby, in the page: the identity form with the note
  await mal.page.getByTestId('identity-note').filter({ hasText: /ban/i }).waitFor();
  await logIn(mal, m);
  await mal.page.getByTestId('identity-error').filter({ hasText: /ban/i }).waitFor();
  assert.equal(await mal.page.getByTestId('whoami').count(), 0);
  await ann.page.getByTestId('game-over').filter({ hasText: new RegExp(`^${a} .*won`) }).waitFor({ timeout: 20000 });

  // The reports closed, each with a reason.
  for (let left = 2; left > 0; left--) {
    await reports.first().getByTestId('admin-report-close').click();
    await olga.page.getByTestId('admin-prompt').filter({ hasText: /Close report #\d+: how was it handled\?/ }).waitFor();
    await giveReason(olga.page, `${m} banned`);
    await until('a report closed', async () => (await reports.count()) === left - 1, 10000);
  }
  assert.equal(await olga.page.getByTestId('admin-audit-row').first().getAttribute('data-action'), 'close_report');

  // An address range blocked for two hours, then unblocked; a name refused, then allowed.
  await olga.page.getByTestId('admin-address').fill('203.0.113.0/33');
  await olga.page.getByTestId('admin-address-reason').fill('spam bots');
  await olga.page.getByTestId('admin-address-submit').click();
  await olga.page.getByTestId('admin-address-error').filter({ hasText: 'Give an IPv4 or IPv6 address' }).waitFor();
  await olga.page.getByTestId('admin-address').fill('203.0.113.0/24');
  await olga.page.getByTestId('admin-address-hours').fill('2');
  await olga.page.getByTestId('admin-address-submit').click();
  const range = olga.page.locator('[data-testid="admin-address-row"][data-address="203.0.113.0/24"]');
  await range.waitFor();
  await range.getByTestId('admin-address-unblock').click();
  await giveReason(olga.page, 'the bots went away');
  await range.waitFor({ state: 'detached' });
  const refused = `${m}x`;
  await olga.page.getByTestId('admin-name').fill(refused);
  await olga.page.getByTestId('admin-name-reason').fill('like a banned name');
  await olga.page.getByTestId('admin-name-submit').click();
  const nameRow = olga.page.locator(`[data-testid="admin-name-row"][data-name="${refused}"]`);
  await nameRow.waitFor();
  await nameRow.getByTestId('admin-name-allow').click();
  await giveReason(olga.page, 'too strict');
  await nameRow.waitFor({ state: 'detached' });

  // Ann made a moderator: her header links to the page, without the role form; then no longer.
  await olga.page.getByTestId('admin-role-name').fill(a);
  await olga.page.getByTestId('admin-role').selectOption('moderator');
  await olga.page.getByTestId('admin-role-reason').fill('a helping hand');
  await olga.page.getByTestId('admin-role-submit').click();
  await olga.page.locator(`[data-testid="admin-staff-row"][data-player="${a}"][data-role="moderator"]`).waitFor();
  await ann.go('/');
  await ann.page.getByTestId('nav-admin').click();
  await ann.page.getByTestId('admin-reports').waitFor();
  assert.ok(!(await ann.page.getByTestId('admin-grant').isVisible()), 'a moderator gives no roles');
  await olga.page.getByTestId('admin-role-name').fill(a);
  await olga.page.getByTestId('admin-role').selectOption('none');
  await olga.page.getByTestId('admin-role-reason').fill('thanks');
  await olga.page.getByTestId('admin-role-submit').click();
  await olga.page.locator(`[data-testid="admin-staff-row"][data-player="${a}"]`).waitFor({ state: 'detached' });

  const actions = await olga.page.getByTestId('admin-audit-row').evaluateAll((rows) => rows.map((r) => r.dataset.action));
  assert.deepEqual(actions.slice(0, 9), ['grant_role', 'grant_role', 'allow_name', 'refuse_name', 'unblock_address', 'block_address', 'close_report', 'close_report', 'ban']);
  // (Olga's page lost its connection during the restart.)
  const ignorable = (p) => /WebSocket connection to|ERR_CONNECTION_REFUSED|net::ERR/.test(p);
  assert.deepEqual(olga.problems.filter((p) => !ignorable(p)), []);
  assert.deepEqual(ann.problems, []);
  for (const v of [olga, ann, mal]) await v.context.close();
});

test('the moderators’ page on a 390 px phone in Russian: it fits', async (t) => {
  if (missing) return t.skip(missing);
  const name = unique('модер');
  const v = await visitor(browser, stack, PHONE);
  await registerInPage(v, name);
  await stack.restart({ between: (db) => grantRole(db, name, 'moderator') });
  await signedIn(v, name);
  await v.page.getByTestId('nav-admin').filter({ hasText: 'Модерация' }).click();
  await v.page.getByRole('heading', { name: 'Модерация', level: 1 }).waitFor();
  await v.page.getByTestId('admin-audit-row').first().or(v.page.getByTestId('admin-audit-none')).waitFor();
  assert.ok(!(await v.page.getByTestId('admin-grant').isVisible()));
  assert.ok(await noSideways(v.page), 'no sideways scrolling on the phone');
  await v.page.screenshot({ path: screenshotPath('admin-phone.png'), fullPage: true });
  await v.context.close();
});
