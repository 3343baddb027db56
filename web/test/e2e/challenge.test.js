// Challenge a player by name in Chromium against the real server (docs/protocol.md,
// "Challenge a player"; docs/web.md, "Challenges"): two registered players in two
// browsers. Alice opens bob's profile and challenges him (the create form's fields in a
// dialog); bob, on a 390 px phone in Russian, gets the bar at once on the page he is on,
// and declines with a reason; alice reads "declined" and the reason in words. Alice
// challenges again; bob, elsewhere, reloads (the list comes back) and accepts: both
// browsers on the game's page. A challenge withdrawn (from the lobby's "Your room" too)
// leaves bob's bar. And the profile's dialog: none on one's own profile, and a
// refusal (nobody by that name) said in the dialog.
//
// The server must take challenges (list_challenges and the rest): a server without them
// fails these tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stackForFile, visitor, registerInPage, screenshotPath, unique } from './support/stack.mjs';

const held = stackForFile();
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'ru-RU', isMobile: true, hasTouch: true };

/** From the profile of `to`: opens the dialog, chooses Tablut 5+3 (rated as the form has it), sends. */
async function challenge(v, to) {
  if (new URL(v.page.url()).pathname !== `/player/${encodeURIComponent(to)}`) await v.go(`/player/${encodeURIComponent(to)}`);
  await v.page.getByTestId('profile-challenge').click();
  const dialog = v.page.getByTestId('challenge-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('challenge-game').selectOption('tablut');
  await dialog.getByTestId('challenge-clock').selectOption('5+3');
  await dialog.getByTestId('challenge-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await v.page.getByTestId('challenge-outgoing').waitFor();
}

test('a challenge declined with a reason, then accepted after a reload: both on the game page; bob on a phone in Russian', async () => {
  const { stack, browser } = held;
  const alice = await visitor(browser, stack);
  const bob = await visitor(browser, stack, PHONE);
  const a = unique('alice');
  const b = unique('bob');
  await registerInPage(alice, a);
  await registerInPage(bob, b);
  await bob.go('/archive'); // whatever page he is on

  await alice.go(`/player/${encodeURIComponent(b)}`);
  await alice.page.getByTestId('profile-challenge').click();
  const dialog = alice.page.getByTestId('challenge-dialog');
  await dialog.getByRole('heading', { name: `Challenge ${b}` }).waitFor();
  assert.equal(await dialog.getByTestId('challenge-private').count(), 0);
  assert.ok(await dialog.getByTestId('challenge-rated').isChecked());
  await alice.page.screenshot({ path: screenshotPath('challenge-dialog.png') });
  await dialog.getByTestId('challenge-close').click();
  await dialog.waitFor({ state: 'detached' });
  await challenge(alice, b);
  assert.match(await alice.page.getByTestId('challenge-outgoing').innerText(), new RegExp(`Waiting for ${b}…`));

  // Bob's bar, at once, in Russian.
  const incoming = bob.page.getByTestId('challenge-incoming');
  await incoming.waitFor();
  assert.match(await incoming.getByTestId('challenge-text').innerText(), new RegExp(`^${a}( \\(\\d+\\??\\))? вызывает вас: Таблут 5\\+3, на рейтинг$`));
  assert.equal(new URL(bob.page.url()).pathname, '/archive');
  assert.ok(await bob.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling on the phone');
  await bob.page.screenshot({ path: screenshotPath('challenge-phone.png') });
  await incoming.getByTestId('challenge-reason').selectOption('later');
  await incoming.getByTestId('challenge-decline').click();
  await incoming.waitFor({ state: 'detached' });

  // Alice reads it, with the reason in words.
  const outcome = alice.page.getByTestId('challenge-outcome');
  await outcome.waitFor();
  assert.equal(await outcome.getAttribute('data-reason'), 'declined');
  assert.equal(await outcome.getAttribute('data-decline'), 'later');
  assert.equal(await outcome.getByTestId('challenge-text').innerText(), `${b} declined your challenge. Not now: ask again later.`);
  assert.equal(await alice.page.getByTestId('challenge-outgoing').count(), 0);
  await alice.page.screenshot({ path: screenshotPath('challenge-declined.png') });

  // Again, bob elsewhere; he reloads, and the challenge is there still; he accepts.
  await bob.go('/leaderboard');
  await challenge(alice, b);
  assert.equal(await outcome.count(), 0); // the old end put away
  await incoming.waitFor();
  await bob.page.reload();
  await incoming.waitFor();
  await incoming.getByTestId('challenge-accept').click();
  await bob.page.waitForURL(/\/game\/[^/]+$/);
  await alice.page.waitForURL(/\/game\/[^/]+$/);
  assert.equal(new URL(bob.page.url()).pathname, new URL(alice.page.url()).pathname);
  for (const v of [alice, bob]) {
    await v.page.locator('[data-square]').first().waitFor();
    assert.equal(await v.page.getByTestId('challenge-incoming').count() + await v.page.getByTestId('challenge-outgoing').count(), 0);
  }
  assert.deepEqual(alice.problems, []);
  assert.deepEqual(bob.problems, []);
  await alice.context.close();
  await bob.context.close();
});

test('a challenge withdrawn leaves the challenged player’s bar; the lobby shows it as the challenger’s room', async () => {
  const { stack, browser } = held;
  const alice = await visitor(browser, stack);
  const bob = await visitor(browser, stack);
  const a = unique('ann');
  const b = unique('ben');
  await registerInPage(alice, a);
  await registerInPage(bob, b);
  await challenge(alice, b);
  await bob.page.getByTestId('challenge-incoming').waitFor(); // on the lobby, where he registered
  await alice.page.locator('#nav a[href="/"]').click(); // (a page loaded anew knows no room of its own)
  const box = alice.page.getByTestId('room-box');
  await box.getByRole('link', { name: b }).waitFor();
  assert.equal(await box.getByTestId('room-link').count(), 0);
  await alice.page.getByTestId('challenge-cancel').click();
  await bob.page.getByTestId('challenge-incoming').waitFor({ state: 'detached' });
  await bob.page.getByTestId('toast').filter({ hasText: `${a} withdrew the challenge.` }).waitFor();
  await alice.page.getByTestId('create-form').waitFor(); // the lobby's form is back
  assert.equal(await alice.page.getByTestId('challenge-outcome').count(), 0);
  assert.deepEqual(alice.problems, []);
  assert.deepEqual(bob.problems, []);
  await alice.context.close();
  await bob.context.close();
});

test('the profile’s dialog: none on one’s own profile; a refusal said in the dialog', async () => {
  const { stack, browser } = held;
  const v = await visitor(browser, stack);
  const me = unique('solo');
  await registerInPage(v, me);
  await v.go(`/player/${encodeURIComponent(me)}`);
  await v.page.getByTestId('profile-name').waitFor();
  await v.page.getByTestId('profile-tokens').waitFor();
  assert.equal(await v.page.getByTestId('profile-challenge').count(), 0);
  // Nobody by that name: not_found.
  await v.go(`/player/${unique('nobody')}`);
  await v.page.getByTestId('profile-challenge').click();
  await v.page.getByTestId('challenge-submit').click();
  const error = v.page.getByTestId('challenge-dialog').getByTestId('challenge-error');
  await error.filter({ hasText: 'No player of that name is connected or registered.' }).waitFor();
  await v.page.keyboard.press('Escape');
  await v.page.getByTestId('challenge-dialog').waitFor({ state: 'detached' });
  assert.equal(await v.page.getByTestId('challenges').isVisible(), false);
  assert.deepEqual(v.problems.filter((p) => !/404/.test(p)), []); // the unknown name's profile is a 404
  await v.context.close();
});
