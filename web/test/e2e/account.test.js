// Personal API tokens in Chromium against the real server (docs/api.md, "Tokens"; the
// page /account/tokens): a registered player goes there from /games's settings and
// from their own profile, makes a token (a scope is asked for first), sees its secret
// once with the warning, copies it (the clipboard holds it), finds it listed (its
// scopes, "never used"); a program uses it (GET /api/account with the bearer token) and
// the list says when; revoked (asked first, kept once), the token is refused. A visitor
// without a name and a guest are told to register, and one who registers from the page
// gets the form. On a 390 px phone in Russian: the page fits, and the 20th token is the
// last until one is revoked.
//
// The server must have the tokens (list_tokens and the rest), serve the app at
// /account/tokens and answer GET /api/account: a server without them fails these tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stackForFile, visitor, becomeGuest, registerInPage, screenshotPath, until, unique } from './support/stack.mjs';

const held = stackForFile();

/** Ticks `scopes` (bot:play as bot-play), types `label` and creates the token; its secret. */
async function createToken(page, label, scopes) {
  await page.getByTestId('token-label').fill(label);
  for (const s of scopes) await page.getByTestId(`token-scope-${s.replace(':', '-')}`).check();
  const before = await page.getByTestId('token-row').count();
  await page.getByTestId('token-create').click();
  await page.getByTestId('token-row').nth(before).waitFor();
  await page.getByTestId('token-secret-box').waitFor();
  return page.getByTestId('token-secret').inputValue();
}

/** GET /api/account as a program would, with `secret`: {status, body}. */
async function asProgram(secret) {
  const res = await fetch(`${held.stack.url}/api/account`, { headers: { authorization: `Bearer ${secret}` } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

test('a registered player makes a token, copies its secret shown once, sees it used, and revokes it', async () => {
  const { stack, browser } = held;
  const name = unique('tok');
  const v = await visitor(browser, stack, { permissions: ['clipboard-read', 'clipboard-write'] });
  const page = v.page;
  await registerInPage(v, name);

  // The server serves the app at the page's route.
  assert.equal((await fetch(`${stack.url}/account/tokens`)).status, 200,
    'the server does not serve the app at /account/tokens: "account" missing from kAppRoutes (server/web/site_path.hpp)');

  // The ways in: /games's settings, and one's own profile.
  await page.getByTestId('nav-games').click();
  await page.getByTestId('account-tokens-link').click();
  await page.waitForURL(/\/account\/tokens$/);
  await page.getByTestId('token-none').waitFor();
  assert.match(await page.title(), /^API tokens · Boardhall$/);
  await v.go(`/player/${encodeURIComponent(name)}`);
  await page.getByTestId('profile-tokens').click();
  await page.waitForURL(/\/account\/tokens$/);
  await page.getByTestId('token-form').waitFor();

  // A token needs a scope; then it is made, its secret shown with the warning.
  await page.getByTestId('token-label').fill('my engine');
  await page.getByTestId('token-create').click();
  await page.getByTestId('token-error').filter({ hasText: 'Choose at least one scope.' }).waitFor();
  const secret = await createToken(page, 'my engine', ['play', 'challenge']);
  assert.match(secret, /^bhp_[0-9a-f]{64}$/);
  assert.equal(await page.getByTestId('token-secret').getAttribute('readonly'), '');
  assert.match(await page.getByTestId('token-warning').innerText(), /Copy it now: it will not be shown again\./);
  await page.getByTestId('token-copy').click();
  await page.getByTestId('token-copied').filter({ hasText: 'Copied.' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
  const row = page.getByTestId('token-row').first();
  assert.equal(await row.getByTestId('token-row-label').innerText(), 'my engine');
  assert.equal(await row.getByTestId('token-row-scopes').innerText(), 'play, challenge');
  assert.match(await row.getByTestId('token-row-created').innerText(), new RegExp(`^created .*${new Date().getFullYear()}`));
  assert.equal(await row.getByTestId('token-row-used').innerText(), 'never used');
  const id = await row.getAttribute('data-token');
  assert.match(id, /^t[0-9a-f]{12}$/);
  assert.equal(await page.getByTestId('token-label').inputValue(), ''); // ready for another
  await page.screenshot({ path: screenshotPath('account-tokens.png'), fullPage: true });

  // A program uses it: the list says when, after a reload, and the secret is shown no more.
  const used = await asProgram(secret);
  assert.equal(used.status, 200, JSON.stringify(used.body));
  assert.equal(used.body.name, name);
  assert.deepEqual(used.body.scopes, ['play', 'challenge']);
  assert.equal(used.body.token_id, id);
  // (The server may write the time of use a moment later: reloaded until it shows.)
  const usedText = async () => {
    await v.go('/account/tokens');
    await page.getByTestId('token-row').first().waitFor();
    return page.getByTestId('token-row-used').first().innerText();
  };
  await until('the use listed', async () => /^last used .*\d/.test(await usedText()), 10000);
  assert.equal(await page.getByTestId('token-secret').count(), 0);
  assert.ok(!(await page.content()).includes(secret), 'the secret is not on the page after a reload');

  // Revoke asks first: kept, then revoked.
  await page.getByTestId('token-revoke').click();
  await page.getByTestId('confirm').filter({ hasText: 'Revoke the token “my engine”?' }).waitFor();
  await page.getByTestId('confirm-no').click();
  await page.getByTestId('confirm').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('token-row').count(), 1);
  await page.getByTestId('token-revoke').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('token-none').waitFor();
  await page.getByTestId('token-status').filter({ hasText: 'The token “my engine” is revoked.' }).waitFor();
  assert.equal((await asProgram(secret)).status, 401);
  await v.go('/account/tokens');
  await page.getByTestId('token-none').waitFor(); // revoked for good
  assert.deepEqual(v.problems, []);
});

test('a visitor without a name and a guest are told to register; registering from the page brings the form', async () => {
  const { stack, browser } = held;
  const anon = await visitor(browser, stack);
  await anon.go('/account/tokens');
  await anon.page.getByTestId('token-need-name').filter({ hasText: 'API tokens are for registered players' }).waitFor();
  assert.equal(await anon.page.getByTestId('token-form').count(), 0);
  await anon.page.getByTestId('token-sign-in').click();
  const name = unique('reg');
  await anon.page.getByTestId('login-password').waitFor(); // the form open at its password part
  await anon.page.getByTestId('guest-name').fill(name);
  await anon.page.getByTestId('login-password').fill('correct horse battery');
  await anon.page.getByTestId('register-submit').click();
  await anon.page.getByTestId('whoami').filter({ hasText: name }).waitFor();
  await anon.page.getByTestId('token-none').waitFor();
  assert.equal(new URL(anon.page.url()).pathname, '/account/tokens');
  assert.deepEqual(anon.problems, []);

  const guest = await visitor(browser, stack);
  await guest.go('/');
  const gname = unique('gst');
  await becomeGuest(guest.page, gname);
  await guest.go('/account/tokens');
  await guest.page.getByTestId('token-need-account').filter({ hasText: `You play as the guest ${gname}.` }).waitFor();
  assert.equal(await guest.page.getByTestId('token-form').count(), 0);
  await guest.page.getByTestId('token-sign-out').click(); // signs out, the identity form open
  await guest.page.getByTestId('guest-name').waitFor();
  await guest.page.getByTestId('token-need-name').waitFor();
  assert.equal(await guest.page.getByTestId('whoami').count(), 0);
  assert.deepEqual(guest.problems, []);
});

test('on a 390 px phone in Russian: the page fits; the 20th token is the last until one is revoked', async () => {
  const { stack, browser } = held;
  const v = await visitor(browser, stack, { viewport: { width: 390, height: 844 }, locale: 'ru-RU', isMobile: true, hasTouch: true });
  const page = v.page;
  await registerInPage(v, unique('тел'));
  await v.go('/account/tokens');
  await page.getByRole('heading', { name: 'Токены API', level: 1 }).waitFor();
  await page.getByTestId('token-none').filter({ hasText: 'Токенов пока нет.' }).waitFor();
  await createToken(page, 'мой движок', ['bot:play']);
  assert.match(await page.getByTestId('token-warning').innerText(), /больше он показан не будет/);
  assert.equal(await page.getByTestId('token-row-used').first().innerText(), 'ещё не использовался');
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(await fits(), 'no sideways scrolling');
  await page.screenshot({ path: screenshotPath('account-tokens-phone.png'), fullPage: true });

  for (let i = 2; i <= 20; i++) await createToken(page, `движок ${i}`, ['read']);
  await page.getByRole('heading', { name: 'Ваши токены (20 из 20)' }).waitFor();
  await page.getByTestId('token-full').waitFor();
  assert.ok(await page.getByTestId('token-create').isDisabled());
  assert.ok(await fits());
  await page.getByTestId('token-revoke').first().click();
  await page.getByTestId('confirm').filter({ hasText: 'Отозвать токен «движок 20»?' }).waitFor();
  await page.getByTestId('confirm-yes').click();
  await page.getByRole('heading', { name: 'Ваши токены (19 из 20)' }).waitFor();
  assert.ok(await page.getByTestId('token-create').isEnabled());
  await page.getByTestId('token-full').waitFor({ state: 'hidden' });
  assert.deepEqual(v.problems, []);
});
