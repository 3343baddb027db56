// Personal API tokens (docs/api.md, "Tokens"; the page /account/tokens): the create
// request checked as the server checks it, the list kept newest first, dates and
// refusals in words, the route, the page's words in both languages; and the page itself
// rendered in a small stand-in DOM with a stand-in connection that answers as the spec
// says: a visitor without a name and a guest told to register, the list, a token created
// (its secret shown once, copied, put away), the limit of 20, revoking (asked first), and
// the refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { SCOPES, MAX_TOKENS, MAX_LABEL, createRequest, listTokens, addToken, removeToken, whenText, tokenError } from '../../public/js/app/account_tokens.js';
import { parseRoute } from '../../public/js/app/router.js';
import { WORDS, accountWords } from '../../public/js/app/views/account_words.js';
import { WORDS as GAMES_WORDS } from '../../public/js/app/views/games_words.js';
import { WORDS as PAGE_WORDS } from '../../public/js/app/views/page_words.js';
import { translator, LANGUAGES } from '../../public/js/app/i18n.js';
import enTable from '../../public/js/app/i18n/en.js';
import ruTable from '../../public/js/app/i18n/ru.js';

const T0 = Date.UTC(2024, 5, 10, 6, 13); // 1718000000000 give or take
const token = (id, more = {}) => ({ token_id: id, label: `label ${id}`, scopes: ['play'], created_ms: T0, last_used_ms: null, ...more });
const SECRET = `bhp_${'5d0c'.repeat(16)}`;

test('the create request: a label (trimmed, up to 64 characters, no control characters) and its scopes in order', () => {
  assert.deepEqual(createRequest({ label: '  my engine ', scopes: ['challenge', 'bot:play', 'challenge', 'root'] }), { ok: true, request: { type: 'create_token', label: 'my engine', scopes: ['bot:play', 'challenge'] } });
  assert.deepEqual(SCOPES, ['read', 'play', 'bot:play', 'challenge']);
  assert.deepEqual(createRequest({ label: 'x', scopes: SCOPES }).request.scopes, SCOPES);
  assert.deepEqual(createRequest({ label: '', scopes: ['read'] }), { ok: false, bad: 'label_empty' });
  assert.deepEqual(createRequest({ label: ' \u00a0 ', scopes: ['read'] }), { ok: false, bad: 'label_empty' });
  assert.equal(MAX_LABEL, 64);
  assert.equal(createRequest({ label: 'a'.repeat(64), scopes: ['read'] }).ok, true);
  assert.deepEqual(createRequest({ label: 'a'.repeat(65), scopes: ['read'] }), { ok: false, bad: 'label_long' });
  // Characters, not UTF-16 units: 64 of these are 128 units.
  assert.equal(createRequest({ label: '♜'.repeat(64), scopes: ['read'] }).ok, true);
  assert.equal(createRequest({ label: '🦊'.repeat(64), scopes: ['read'] }).ok, true);
  assert.deepEqual(createRequest({ label: '🦊'.repeat(65), scopes: ['read'] }), { ok: false, bad: 'label_long' });
  for (const bad of ['a\tb', 'a\nb', 'a\u0000', 'a\u007fb', 'a\u0085b'])
    assert.deepEqual(createRequest({ label: bad, scopes: ['read'] }), { ok: false, bad: 'label_control' }, JSON.stringify(bad));
  assert.equal(createRequest({ label: 'движок №2 — «быстрый»', scopes: ['read'] }).ok, true);
  assert.deepEqual(createRequest({ label: 'x', scopes: [] }), { ok: false, bad: 'scopes' });
  assert.deepEqual(createRequest({ label: 'x', scopes: ['admin'] }), { ok: false, bad: 'scopes' });
  assert.deepEqual(createRequest({ label: 'x' }), { ok: false, bad: 'scopes' });
  // At most 20: the 21st is refused before it is sent.
  assert.equal(MAX_TOKENS, 20);
  assert.equal(createRequest({ label: 'x', scopes: ['read'] }, 19).ok, true);
  assert.deepEqual(createRequest({ label: 'x', scopes: ['read'] }, 20), { ok: false, bad: 'full' });
});

test('the list: newest first, a token created put in (or in place of its old self), a revoked one taken out', () => {
  const a = token('ta', { created_ms: T0 });
  const b = token('tb', { created_ms: T0 + 1000 });
  const c = token('tc', { created_ms: T0 + 500 });
  assert.deepEqual(listTokens([a, b, c]).map((k) => k.token_id), ['tb', 'tc', 'ta']);
  assert.deepEqual(listTokens([a, null, { label: 'no id' }, 'x']).map((k) => k.token_id), ['ta']);
  assert.deepEqual(listTokens(undefined), []);
  const d = token('td', { created_ms: T0 + 2000 });
  assert.deepEqual(addToken(listTokens([a, b]), d).map((k) => k.token_id), ['td', 'tb', 'ta']);
  assert.equal(addToken([a, b], { ...a, label: 'renamed' }).filter((k) => k.token_id === 'ta').map((k) => k.label).join(), 'renamed');
  assert.deepEqual(removeToken([b, a], 'tb').map((k) => k.token_id), ['ta']);
  assert.deepEqual(removeToken([b, a], 'nope').map((k) => k.token_id), ['tb', 'ta']);
});

test('dates in the page’s language; none for a token never used', () => {
  const en = whenText(1718000000000, 'en');
  const ru = whenText(1718000000000, 'ru');
  assert.match(en, /2024/);
  assert.match(en, /Jun/);
  assert.match(ru, /2024/);
  assert.match(ru, /июн/);
  assert.equal(whenText(null, 'en'), null);
  assert.equal(whenText(undefined, 'ru'), null);
});

test('refusals in words: the page’s own by code; a bad request in the server’s English words, or Russian ones', () => {
  const en = translator('en', enTable);
  const ru = translator('ru', ruTable);
  const wEn = accountWords(en);
  const wRu = accountWords(ru);
  const bad = { code: 'bad_request', message: 'label longer than 64 characters' };
  assert.equal(tokenError(wEn, en, bad), 'label longer than 64 characters');
  assert.equal(tokenError(wRu, ru, bad), WORDS.ru['tok.error_bad_request']);
  // The server's account_required words are about rated games: the page has its own.
  assert.equal(tokenError(wEn, en, { code: 'account_required', message: 'rated games need an account' }), WORDS.en['tok.error_account_required']);
  for (const code of ['not_found', 'storage_unavailable', 'unknown_type', 'offline'])
    for (const [w, t, lang] of [[wEn, en, 'en'], [wRu, ru, 'ru']]) assert.equal(tokenError(w, t, { code, message: 'x' }), WORDS[lang][`tok.error_${code}`], `${lang} ${code}`);
  // Anything else as every page says it.
  assert.equal(tokenError(wRu, ru, { code: 'rate_limited', message: 'slow down' }), ruTable['error.rate_limited']);
  assert.equal(tokenError(wEn, en, { code: 'rate_limited', message: 'slow down' }), 'slow down');
});

test('the route /account/tokens (the server serves the page at /account/...)', () => {
  assert.deepEqual(parseRoute('/account/tokens'), { name: 'account' });
  assert.deepEqual(parseRoute('/account/tokens/', '?x=1'), { name: 'account' });
  assert.equal(parseRoute('/account').name, 'notfound');
  assert.equal(parseRoute('/account/other').name, 'notfound');
  const site = fs.readFileSync(new URL('../../../server/web/site_path.hpp', import.meta.url), 'utf8');
  assert.match(/kAppRoutes\[\] = \{([^}]*)\}/.exec(site)[1], /"account"/);
});

test('its words in every language, with the same keys and placeholders; every word the page asks for', () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  assert.deepEqual(Object.keys(WORDS).sort(), [...LANGUAGES].sort());
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(WORDS[lang]).sort(), Object.keys(WORDS.en).sort(), lang);
    for (const [key, text] of Object.entries(WORDS[lang])) {
      assert.ok(text.trim(), `${lang} ${key}`);
      assert.deepEqual(placeholders(text), placeholders(WORDS.en[key]), `${lang} ${key}`);
    }
  }
  const view = fs.readFileSync(new URL('../../public/js/app/views/account.js', import.meta.url), 'utf8');
  const asked = [...view.matchAll(/\bw\('([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]);
  asked.push(...SCOPES.map((s) => `tok.scope_${s.replace(':', '_')}`));
  asked.push(...['label_empty', 'label_long', 'label_control', 'scopes', 'full'].map((b) => `tok.bad_${b}`));
  asked.push(...['account_required', 'not_found', 'storage_unavailable', 'unknown_type', 'offline', 'bad_request'].map((c) => `tok.error_${c}`));
  assert.ok(asked.length > 30);
  assert.deepEqual(asked.filter((k) => !(k in WORDS.en)), []);
  for (const t of [...view.matchAll(/\bt\('([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1])) assert.ok(t in enTable, t);
  // The ways in: /games's settings and one's own profile.
  for (const lang of LANGUAGES) assert.ok(GAMES_WORDS[lang]['notify.tokens'] && PAGE_WORDS[lang]['profile.tokens'], lang);
  assert.equal(accountWords(translator('xx', {}))('tok.title'), 'API tokens');
});

// ---- the page, rendered ----

// A small DOM for the view (dom.js's h and replace, inputs, checkboxes, clicks, submits);
// the stylesheets its modules link load at once. One class for all the renders, so a
// page made earlier still takes its nodes as nodes.
class El {
  constructor(tag) { this.tag = tag; this.children = []; this.attrs = {}; this.dataset = {}; this.listeners = {}; this.className = ''; }
  setAttribute(k, v) { this.attrs[k] = v; }
  getAttribute(k) { return this.attrs[k] ?? null; }
  addEventListener(type, f) { (this.listeners[type] ??= []).push(f); }
  append(...c) { this.children.push(...c); }
  replaceChildren(...c) { this.children = c; }
  remove() { this.removed = true; }
  focus() { this.focused = true; this.fire('focus'); }
  select() { this.selected = true; }
  showModal() { this.open = true; }
  get textContent() { return this.tag === '#text' ? this.data : this.children.map((c) => c.textContent).join(''); }
  set textContent(text) { this.children = [Object.assign(new El('#text'), { data: String(text) })]; }
  fire(type) { for (const f of this.listeners[type] ?? []) f({ target: this, currentTarget: this, preventDefault() {} }); }
  click() { if (!this.disabled) this.fire('click'); }
}
function pageDom() {
  globalThis.Node = El;
  globalThis.document = {
    createElement: (tag) => new El(tag),
    createTextNode: (data) => Object.assign(new El('#text'), { data }),
    head: { append: (link) => link.onload?.() },
  };
  return El;
}

/** The nodes under `node` with data-testid `testid`, in document order. */
function byTestid(node, testid, found = []) {
  if (node.dataset?.testid === testid) found.push(node);
  for (const c of node.children ?? []) byTestid(c, testid, found);
  return found;
}
const one = (node, testid) => byTestid(node, testid)[0] ?? null;
const text = (node, testid) => one(node, testid)?.textContent ?? null;
const settle = () => new Promise((resolve) => setImmediate(resolve));
const visible = (node) => node && !node.hidden;

/**
 * The page as `identity` sees it (null: no name yet) in `lang`. The server's list is
 * `tokens`; each request goes through `answer(msg, server)` (an answer, or a thrown
 * error), by default as the spec answers. {main, sent, page, app, server, dialogs, copied}.
 */
async function render({ identity = { player: 'anna', registered: true }, lang = 'en', tokens = [], answer = null, ready = true } = {}) {
  const El = pageDom();
  const { accountView } = await import('../../public/js/app/views/account.js');
  const server = { tokens: [...tokens], made: 0 };
  const spec = (msg) => {
    if (msg.type === 'list_tokens') return { type: 'tokens', id: 1, tokens: server.tokens };
    if (msg.type === 'create_token') {
      const made = { token_id: `t${String(++server.made).padStart(12, '0')}`, label: msg.label, scopes: msg.scopes, created_ms: T0 + server.made * 1000, last_used_ms: null };
      server.tokens.push(made);
      return { type: 'token_created', id: 2, token: made, secret: SECRET };
    }
    if (msg.type === 'revoke_token') {
      if (!server.tokens.some((k) => k.token_id === msg.token_id)) throw { type: 'error', code: 'not_found', message: 'no such token' };
      server.tokens = server.tokens.filter((k) => k.token_id !== msg.token_id);
      return { type: 'ok', id: 3 };
    }
    throw { type: 'error', code: 'unknown_type', message: `unknown message type '${msg.type}'` };
  };
  const sent = [];
  const dialogs = [];
  const copied = [];
  const app = {
    t: translator(lang, lang === 'ru' ? ruTable : enTable),
    identity,
    panelOpen: false,
    calls: [],
    conn: { ready, request: async (msg) => { sent.push(msg); return (answer ?? spec)(msg, server, spec); } },
    win: { navigator: { clipboard: { writeText: async (s) => { copied.push(s); } } } },
    doc: { body: { append: (d) => dialogs.push(d) }, getElementById: (id) => (id === 'id-name' ? nameField : null) },
    setTitle(title) { this.title = title; },
    renderIdentity() { this.calls.push('renderIdentity'); },
    renderWho() { this.calls.push('renderWho'); },
    signOut() { this.calls.push('signOut'); },
  };
  const main = new El('main');
  const nameField = new El('input'); // the header's identity form's name field
  app.nameField = nameField;
  const page = accountView(app, { name: 'account' }, main);
  if (ready) page.onReady();
  await settle();
  return { main, sent, page, app, server, dialogs, copied };
}

/** Ticks the scopes `scopes`, types `label` and submits the form. */
async function createToken(main, label, scopes) {
  one(main, 'token-label').value = label;
  for (const s of SCOPES) one(main, `token-scope-${s.replace(':', '-')}`).checked = scopes.includes(s);
  one(main, 'token-form').fire('submit');
  await settle();
}

/** Answers the open confirm dialog: `yes` or not. */
async function answerDialog(dialogs, yes) {
  const d = dialogs.at(-1);
  assert.ok(d?.open, 'a question is asked');
  d.returnValue = yes ? 'yes' : 'no';
  d.fire('close');
  await settle();
}

test('the page: a visitor without a name, and a guest, are told to register or log in', async () => {
  const loading = await render({ identity: null, ready: false });
  assert.equal(loading.app.title, 'API tokens');
  assert.equal(one(loading.main, 'token-form'), null);
  assert.equal(one(loading.main, 'token-need-name'), null); // not before the server said who it is
  assert.deepEqual(loading.sent, []);

  const nobody = await render({ identity: null });
  assert.equal(text(nobody.main, 'token-need-name'), WORDS.en['tok.need_name']);
  assert.equal(one(nobody.main, 'token-form'), null);
  assert.deepEqual(nobody.sent, []); // nothing asked of the server
  one(nobody.main, 'token-sign-in').click(); // opens the header's identity form
  assert.equal(nobody.app.panelOpen, true);
  assert.deepEqual(nobody.app.calls, ['renderIdentity', 'renderWho']);
  assert.equal(nobody.app.nameField.focused, true);

  const guest = await render({ identity: { player: 'gil', registered: false }, lang: 'ru' });
  assert.equal(text(guest.main, 'token-need-account'), 'Вы играете как гость gil. Токены API — только для зарегистрированных игроков: выйдите, затем зарегистрируйте имя с паролем или войдите.');
  assert.deepEqual(guest.sent, []);
  one(guest.main, 'token-sign-out').click();
  assert.deepEqual([guest.app.panelOpen, guest.app.calls], [true, ['signOut']]);

  // Logged in from the header's form: the page draws the form and asks for the list.
  nobody.app.identity = { player: 'anna', registered: true };
  nobody.page.onIdentity();
  await settle();
  assert.ok(one(nobody.main, 'token-form'));
  assert.equal(one(nobody.main, 'token-need-name'), null);
  assert.deepEqual(nobody.sent, [{ type: 'list_tokens' }]);
});

test('the page: the list with each token’s label, scopes, dates and "never used", newest first', async () => {
  const used = T0 + 450000;
  const { main, sent } = await render({ tokens: [token('t1', { label: 'old engine', scopes: ['bot:play', 'challenge'] }), token('t2', { label: 'watcher', scopes: ['read'], created_ms: T0 + 5000, last_used_ms: used })] });
  assert.deepEqual(sent, [{ type: 'list_tokens' }]);
  const rows = byTestid(main, 'token-row');
  assert.deepEqual(rows.map((r) => r.dataset.token), ['t2', 't1']);
  assert.deepEqual(rows.map((r) => text(r, 'token-row-label')), ['watcher', 'old engine']);
  assert.deepEqual(rows.map((r) => text(r, 'token-row-scopes')), ['read', 'bot:play, challenge']);
  assert.equal(text(rows[1], 'token-row-created'), `created ${whenText(T0, 'en')}`);
  assert.equal(text(rows[1], 'token-row-used'), 'never used');
  assert.equal(one(rows[1], 'token-row-used').dataset.used, 'false');
  assert.equal(text(rows[0], 'token-row-used'), `last used ${whenText(used, 'en')}`);
  assert.match(main.textContent, /Your tokens \(2 of 20\)/);
  assert.equal(one(main, 'token-row-label').getAttribute('dir'), 'auto');
  // Each scope offered with its line.
  assert.match(main.textContent, /bot:play — play as a bot account/);
  assert.equal(visible(one(main, 'token-secret-box')), false);
  const empty = await render();
  assert.equal(text(empty.main, 'token-none'), 'No tokens yet.');
});

test('the page: a token created shows its secret once, with Copy and the warning; the form is cleared; "I have copied it" puts it away', async () => {
  const { main, sent, copied } = await render({ tokens: [token('t9', { created_ms: T0 - 1000 })] });
  sent.length = 0;
  await createToken(main, 'nope', []);
  assert.equal(text(main, 'token-error'), 'Choose at least one scope.');
  await createToken(main, '   ', ['play']);
  assert.equal(text(main, 'token-error'), WORDS.en['tok.bad_label_empty']);
  await createToken(main, 'x'.repeat(65), ['play']);
  assert.equal(text(main, 'token-error'), WORDS.en['tok.bad_label_long']);
  assert.deepEqual(sent, []); // refused before sending

  await createToken(main, ' my engine ', ['challenge', 'play']);
  assert.deepEqual(sent, [{ type: 'create_token', label: 'my engine', scopes: ['play', 'challenge'] }]);
  assert.equal(text(main, 'token-error'), '');
  const box = one(main, 'token-secret-box');
  assert.ok(visible(box));
  const field = one(box, 'token-secret');
  assert.equal(field.value, SECRET);
  assert.equal(field.getAttribute('readonly'), '');
  assert.ok(field.focused && field.selected, 'the secret is focused and selected, ready to copy');
  assert.equal(text(box, 'token-warning'), `${WORDS.en['tok.secret_once']} ${WORDS.en['tok.secret_keep']}`);
  assert.match(box.textContent, /Your new token “my engine”/);
  // The new token heads the list, never used.
  const rows = byTestid(main, 'token-row');
  assert.deepEqual(rows.map((r) => text(r, 'token-row-label')), ['my engine', 'label t9']);
  assert.equal(text(rows[0], 'token-row-used'), 'never used');
  assert.equal(text(rows[0], 'token-row-scopes'), 'play, challenge');
  // The form is ready for another.
  assert.equal(one(main, 'token-label').value, '');
  assert.ok(SCOPES.every((s) => !one(main, `token-scope-${s.replace(':', '-')}`).checked));
  assert.equal(one(main, 'token-create').disabled, false);

  one(box, 'token-copy').click();
  await settle();
  assert.deepEqual(copied, [SECRET]);
  assert.equal(text(box, 'token-copied'), 'Copied.');

  one(box, 'token-done').click();
  assert.equal(visible(one(main, 'token-secret-box')), false);
  assert.ok(!main.textContent.includes(SECRET), 'the secret is nowhere on the page any more');
  assert.ok(!JSON.stringify(byTestid(main, 'token-row').map((r) => r.textContent)).includes('bhp_'));
});

test('the page: the 20th token is the last; revoking one makes room again', async () => {
  const twenty = Array.from({ length: MAX_TOKENS }, (_, i) => token(`t${i}`, { created_ms: T0 + i }));
  const { main, sent, dialogs } = await render({ tokens: twenty });
  assert.ok(visible(one(main, 'token-full')));
  assert.equal(one(main, 'token-create').disabled, true);
  await createToken(main, 'one more', ['read']); // even so (a form submitted by Enter)
  assert.equal(text(main, 'token-error'), WORDS.en['tok.bad_full']);
  assert.equal(sent.filter((m) => m.type === 'create_token').length, 0);
  byTestid(main, 'token-revoke')[0].click();
  await answerDialog(dialogs, true);
  assert.equal(byTestid(main, 'token-row').length, 19);
  assert.equal(visible(one(main, 'token-full')), false);
  assert.equal(one(main, 'token-create').disabled, false);
});

test('the page: Revoke asks first; kept, nothing is sent; revoked, it leaves the list (and its secret the page)', async () => {
  const { main, sent, dialogs, server } = await render({ tokens: [token('t1', { label: 'old' })] });
  await createToken(main, 'new', ['play']);
  const made = server.tokens.at(-1).token_id;
  sent.length = 0;
  const revokeOf = (id) => one(byTestid(main, 'token-row').find((r) => r.dataset.token === id), 'token-revoke');

  revokeOf('t1').click();
  await settle();
  assert.match(dialogs.at(-1).getAttribute('aria-label'), /Revoke the token “old”\? Programs using it stop at once/);
  assert.deepEqual(byTestid(dialogs.at(-1), 'confirm-yes').map((b) => b.textContent), ['Revoke']);
  assert.deepEqual(byTestid(dialogs.at(-1), 'confirm-no').map((b) => b.textContent), ['Keep it']);
  await answerDialog(dialogs, false);
  assert.deepEqual(sent, []);
  assert.equal(byTestid(main, 'token-row').length, 2);

  revokeOf('t1').click();
  await answerDialog(dialogs, true);
  assert.deepEqual(sent, [{ type: 'revoke_token', token_id: 't1' }]);
  assert.deepEqual(byTestid(main, 'token-row').map((r) => r.dataset.token), [made]);
  assert.equal(text(main, 'token-status'), 'The token “old” is revoked.');
  assert.ok(visible(one(main, 'token-secret-box'))); // another token's secret stays

  revokeOf(made).click();
  await answerDialog(dialogs, true);
  assert.equal(visible(one(main, 'token-secret-box')), false); // the revoked token's secret goes with it
  assert.equal(text(main, 'token-none'), 'No tokens yet.');
});

test('the page: refusals said in place; one revoked elsewhere leaves the list; a list that failed can be asked again', async () => {
  // Revoked meanwhile from another place (the terminal): not_found, and it leaves the list.
  const gone = await render({ tokens: [token('t1')], answer: (msg, server, spec) => {
    if (msg.type === 'revoke_token') server.tokens = [];
    return spec(msg);
  } });
  one(gone.main, 'token-revoke').click();
  await answerDialog(gone.dialogs, true);
  assert.equal(text(gone.main, 'token-list-error'), 'That token was revoked already.');
  assert.equal(text(gone.main, 'token-none'), 'No tokens yet.');

  // The database away: the create form says so, in Russian, and stays filled.
  let down = true;
  const ru = await render({ lang: 'ru', answer: (msg, server, spec) => {
    if (down) throw { type: 'error', code: 'storage_unavailable', message: 'the database is unavailable' };
    return spec(msg);
  } });
  assert.equal(text(ru.main, 'token-load-error'), WORDS.ru['tok.error_storage_unavailable']);
  await createToken(ru.main, 'движок', ['bot:play']);
  assert.equal(text(ru.main, 'token-error'), WORDS.ru['tok.error_storage_unavailable']);
  assert.equal(one(ru.main, 'token-label').value, 'движок');
  assert.equal(one(ru.main, 'token-create').disabled, false);
  down = false;
  ru.sent.length = 0;
  one(ru.main, 'token-retry').click();
  await settle();
  assert.deepEqual(ru.sent, [{ type: 'list_tokens' }]);
  assert.equal(text(ru.main, 'token-none'), 'Токенов пока нет.');
  await createToken(ru.main, 'движок', ['bot:play']);
  assert.match(one(ru.main, 'token-secret-box').textContent, /Ваш новый токен «движок»/);
  assert.equal(text(ru.main, 'token-row-used'), 'ещё не использовался');

  // A bad label the server refuses: its words in English.
  const en = await render({ answer: (msg, server, spec) => {
    if (msg.type === 'create_token') throw { type: 'error', code: 'bad_request', message: 'the label is over 64 characters' };
    return spec(msg);
  } });
  await createToken(en.main, 'ok', ['read']);
  assert.equal(text(en.main, 'token-error'), 'the label is over 64 characters');

  // A server without tokens (an older build).
  const old = await render({ answer: () => { throw { type: 'error', code: 'unknown_type', message: "unknown message type 'list_tokens'" }; } });
  assert.equal(text(old.main, 'token-load-error'), 'This server does not offer API tokens yet.');
});

test('the page: a list asked before a token was made does not hide it', async () => {
  let hold = null;
  const { main, page, server } = await render({ answer: (msg, srv, spec) => {
    if (msg.type === 'list_tokens' && !hold) {
      const before = spec(msg);
      return new Promise((resolve) => { hold = () => resolve(before); });
    }
    return spec(msg);
  } });
  assert.ok(hold); // the first list_tokens is still unanswered
  one(main, 'token-label').value = 'quick';
  one(main, 'token-scope-read').checked = true;
  one(main, 'token-form').fire('submit');
  assert.equal(one(main, 'token-create').disabled, true); // while it is asked
  await settle();
  hold(); // its (older) answer arrives: dropped, the newer list holds the token
  await settle();
  assert.deepEqual(byTestid(main, 'token-row').map((r) => text(r, 'token-row-label')), ['quick']);
  assert.equal(server.tokens.length, 1);
  page.destroy();
});
