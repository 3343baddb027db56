// Names of every script (issue 26, point 10): a Cyrillic name is taken and shown on the
// page (the header, the lobby, the player page behind a %-encoded link), and a name that
// looks like a taken one, or mixes scripts, is refused with the server's reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startStack, launchBrowser, visitor, becomeGuest, screenshotPath } from './support/stack.mjs';

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

/** `v` takes the account `name` (`kind`: register or login), the password always the same. */
async function account(v, name, kind = 'register') {
  await v.page.getByTestId('guest-name').fill(name);
  await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill('correct horse battery');
  await v.page.getByTestId(`${kind}-submit`).click();
  await v.page.getByTestId('whoami').filter({ hasText: name }).waitFor();
}

test('a Cyrillic name is taken and shown; its look-alikes are refused', async () => {
  const ivan = await visitor(browser, stack);
  await ivan.go('/');
  // Registered, so the player page has a profile to show.
  await account(ivan, 'Иван Петров');
  await ivan.page.getByTestId('create-game').selectOption('tablut');
  await ivan.page.getByTestId('create-submit').click();
  await ivan.page.getByTestId('room-link').waitFor();

  const other = await visitor(browser, stack);
  await other.go('/');
  // The room's creator in the lobby, in Cyrillic, linked to the player page.
  const row = other.page.getByTestId('room-row').filter({ hasText: 'Иван Петров' });
  await row.waitFor();
  // Upper case is the same name; Latin with a Cyrillic letter is no name at all.
  for (const [name, says] of [['ИВАН ПЕТРОВ', /taken/], ['Ivan Пetrov', /scripts/]]) {
    await other.page.getByTestId('guest-name').fill(name);
    await other.page.getByTestId('guest-submit').click();
    await other.page.getByTestId('identity-error').filter({ hasText: says }).waitFor();
  }
  await other.page.screenshot({ path: screenshotPath('names-lobby.png') });
  await becomeGuest(other.page, 'Ёжик');
  assert.equal(await other.page.getByTestId('whoami').textContent(), 'Ёжик');

  await row.getByRole('link', { name: 'Иван Петров' }).click();
  await other.page.waitForURL(/\/player\/%D0%98/);
  await other.page.getByTestId('profile-name').filter({ hasText: 'Иван Петров' }).waitFor();
  await other.page.getByTestId('profile-no-ratings').waitFor();
  await other.page.screenshot({ path: screenshotPath('names-profile.png') });
  assert.deepEqual(ivan.problems, []);
  assert.deepEqual(other.problems, []);
});

test('the account part opened and the password typed before the server answers are kept', async () => {
  const v = await visitor(browser, stack);
  // The server's first frames (the welcome) wait until the visitor has opened the account
  // part and typed: the form is drawn again when the connection becomes ready.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await v.page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage(async (m) => { await held; ws.send(m); });
    ws.onMessage((m) => server.send(m));
  });
  await v.go('/');
  await v.page.getByTestId('guest-name').fill('Мария');
  await v.page.locator('details.account summary').click();
  await v.page.getByTestId('login-password').fill('correct horse battery');
  release();
  await v.page.getByTestId('register-submit').click();
  await v.page.getByTestId('whoami').filter({ hasText: 'Мария' }).waitFor();
  assert.deepEqual(v.problems, []);
});

test('a room listed before its creator logs in here too becomes theirs, with no Join', async () => {
  const first = await visitor(browser, stack);
  await first.go('/');
  await account(first, 'Wren');
  await first.page.getByTestId('create-game').selectOption('tablut');
  await first.page.getByTestId('create-submit').click();
  await first.page.getByTestId('room-link').waitFor();

  const second = await visitor(browser, stack);
  await second.go('/');
  const row = second.page.getByTestId('room-row').filter({ hasText: 'Wren' });
  await row.getByTestId('room-join').waitFor();  // not theirs yet
  await account(second, 'Wren', 'login');
  await row.getByTestId('room-join').waitFor({ state: 'detached' });
  assert.equal(await row.getByTestId('room-join').count(), 0, 'their own room: nothing to join');
  assert.deepEqual(second.problems, []);
});
