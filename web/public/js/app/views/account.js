// /account/tokens: a registered player's personal API tokens (docs/api.md, "Tokens"):
// the form that creates one (a label, its scopes), the new token's secret shown once
// with a Copy button, and the tokens with their scopes, dates and Revoke (asked first).
// A guest or a visitor without a name is told to register or log in. Loaded only on
// this page; the secret lives in this view only (never stored, gone with the page).

import { h, replace } from '../dom.js';
import { SCOPES, MAX_TOKENS, createRequest, listTokens, addToken, removeToken, whenText, tokenError } from '../account_tokens.js';
import { confirmDialog } from './dialogs.js';
import { accountWords } from './account_words.js';
import './page_style.js';
import './account_style.js';

const slug = (scope) => scope.replace(':', '-'); // bot:play → bot-play
const key = (scope) => scope.replace(':', '_'); // its words: tok.scope_bot_play

/** @param {import('../app.js').App} app */
export function accountView(app, route, main) {
  const t = app.t;
  const w = accountWords(t);
  app.setTitle(w('tok.title'));
  const body = h('div', { class: 'tokens' });
  main.append(h('div', { class: 'tokens' }, h('section', { class: 'panel', testid: 'account-tokens' }, h('h1', null, w('tok.title')), h('p', { class: 'muted' }, w('tok.intro'))), body));
  let tokens = null; // the list, newest first, once asked
  let loadError = null;
  let loads = 0; // the answer of the latest list_tokens only
  let pending = false;
  let creating = false; // a create_token unanswered: Create stays disabled
  let secret = null; // {secret, token}: the new token's, shown until "I have copied it"
  let shownFor = null; // the player the form is drawn for
  let gone = false;
  const err = (e) => tokenError(w, t, e);

  // The form, the secret and the list, made once for the registered player.
  const label = h('input', { id: 'tok-label', testid: 'token-label', autocomplete: 'off', spellcheck: 'false', placeholder: w('tok.label_example'), 'aria-describedby': 'tok-error' });
  const boxes = SCOPES.map((s) => h('input', { type: 'checkbox', id: `tok-scope-${slug(s)}`, testid: `token-scope-${slug(s)}`, value: s }));
  const formError = h('p', { class: 'form-error', role: 'alert', id: 'tok-error', testid: 'token-error' });
  const full = h('p', { class: 'note', testid: 'token-full', hidden: true }, w('tok.bad_full'));
  const create = h('button', { type: 'submit', class: 'primary', testid: 'token-create' }, w('tok.create'));
  const form = h('form', { testid: 'token-form', onsubmit: submit },
    h('div', { class: 'field token-label' }, h('label', { for: 'tok-label' }, w('tok.label')), label),
    h('fieldset', { class: 'scopes' }, h('legend', null, w('tok.scopes')),
      SCOPES.map((s, i) => h('div', { class: 'scope' }, boxes[i],
        h('label', { for: `tok-scope-${slug(s)}` }, h('code', null, s), ' — ', w(`tok.scope_${key(s)}`))))),
    full, formError, create);
  const secretBox = h('section', { class: 'panel token-secret', testid: 'token-secret-box', hidden: true, 'aria-labelledby': 'tok-secret-title' });
  const listArea = h('div');
  const status = h('p', { class: 'muted', role: 'status', testid: 'token-status' });
  const listError = h('p', { class: 'form-error', role: 'alert', testid: 'token-list-error' });
  const manager = [
    h('section', { class: 'panel' }, h('h2', null, w('tok.new')), form),
    secretBox,
    h('section', { class: 'panel', testid: 'token-list-panel' }, listArea, status, listError),
  ];

  async function submit(e) {
    e.preventDefault();
    formError.textContent = '';
    const built = createRequest({ label: label.value, scopes: boxes.filter((b) => b.checked).map((b) => b.value) }, tokens?.length ?? 0);
    if (!built.ok) return void (formError.textContent = w(`tok.bad_${built.bad}`));
    create.disabled = creating = true;
    try {
      const reply = await app.conn.request(built.request);
      if (gone) return;
      secret = { secret: reply.secret, token: reply.token };
      tokens = tokens && reply.token ? addToken(tokens, reply.token) : tokens;
      if (pending || !tokens) load(); // a list asked before this token existed is dropped
      label.value = '';
      for (const b of boxes) b.checked = false;
      status.textContent = '';
      drawSecret()?.focus(); // selects it, ready to copy
      drawList();
    } catch (e2) {
      if (!gone) formError.textContent = err(e2);
    } finally {
      creating = false;
      if (!gone) create.disabled = (tokens?.length ?? 0) >= MAX_TOKENS;
    }
  }

  async function copy(field, said) {
    try {
      await app.win.navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      app.doc.execCommand?.('copy'); // older browsers, or a page not served securely
    }
    said.textContent = w('tok.copied');
  }

  /** Shows the new token's secret, or hides the box; the secret's field. */
  function drawSecret() {
    secretBox.hidden = !secret;
    if (!secret) return void replace(secretBox);
    const field = h('input', { id: 'tok-secret', testid: 'token-secret', readonly: true, value: secret.secret, spellcheck: 'false', autocomplete: 'off', onfocus: (e) => e.target.select() });
    const said = h('span', { class: 'muted', role: 'status', testid: 'token-copied' });
    replace(secretBox,
      h('h2', { id: 'tok-secret-title' }, w('tok.secret_title', { label: secret.token?.label ?? '' })),
      h('p', { class: 'note', testid: 'token-warning' }, h('strong', null, w('tok.secret_once')), ' ', w('tok.secret_keep')),
      h('label', { for: 'tok-secret' }, w('tok.secret_field')),
      h('div', { class: 'row' }, field, h('button', { type: 'button', testid: 'token-copy', onclick: () => copy(field, said) }, w('tok.copy')), said),
      h('button', { type: 'button', testid: 'token-done', onclick: () => { secret = null; drawSecret(); label.focus(); } }, w('tok.done')));
    return field;
  }

  function row(k) {
    const when = [w('tok.created', { when: whenText(k.created_ms, t.lang) ?? '?' }),
      Number.isFinite(k.last_used_ms) ? w('tok.used', { when: whenText(k.last_used_ms, t.lang) }) : w('tok.never')];
    return h('li', { class: 'item token-row', testid: 'token-row', dataset: { token: k.token_id } },
      h('span', { class: 'what', dir: 'auto', testid: 'token-row-label' }, k.label),
      h('span', { class: 'token-scopes', testid: 'token-row-scopes' }, (k.scopes ?? []).map((s, i) => [i ? ', ' : '', h('code', null, s)])),
      h('span', { class: 'muted' }, h('span', { testid: 'token-row-created' }, when[0]), ' · ', h('span', { testid: 'token-row-used', dataset: { used: String(Number.isFinite(k.last_used_ms)) } }, when[1])),
      h('button', { type: 'button', class: 'danger', testid: 'token-revoke', onclick: (e) => revoke(k, e.currentTarget ?? e.target) }, w('tok.revoke')));
  }

  function drawList() {
    full.hidden = !tokens || tokens.length < MAX_TOKENS;
    create.disabled = creating || !full.hidden;
    if (!tokens) {
      if (!loadError) return replace(listArea, h('p', { class: 'muted' }, w('tok.loading')));
      return replace(listArea, h('p', { class: 'form-error', testid: 'token-load-error' }, err(loadError)), h('button', { type: 'button', testid: 'token-retry', onclick: load }, w('tok.retry')));
    }
    replace(listArea, h('h2', null, w('tok.list', { n: tokens.length, max: MAX_TOKENS })),
      tokens.length ? h('ul', { class: 'list', testid: 'token-list' }, tokens.map(row)) : h('p', { class: 'muted', testid: 'token-none' }, w('tok.none')));
  }

  async function revoke(k, button) {
    status.textContent = listError.textContent = '';
    if (!(await confirmDialog(app, w('tok.revoke_question', { label: k.label }), w('tok.revoke'), w('tok.revoke_no'))) || gone) return;
    button.disabled = true;
    try {
      await app.conn.request({ type: 'revoke_token', token_id: k.token_id });
      if (gone) return;
      status.textContent = w('tok.revoked', { label: k.label });
    } catch (e) {
      if (gone) return;
      listError.textContent = err(e);
      if (e?.code !== 'not_found') return void (button.disabled = false);
    }
    // Revoked (now or already): off the list, and its secret with it.
    tokens = removeToken(tokens ?? [], k.token_id);
    if (secret?.token?.token_id === k.token_id) {
      secret = null;
      drawSecret();
    }
    drawList();
  }

  function load() {
    if (!app.identity?.registered || !app.conn.ready) return;
    const asked = ++loads;
    pending = true;
    if (loadError) {
      loadError = null;
      drawList();
    }
    app.conn.request({ type: 'list_tokens' }).then((reply) => {
      if (gone || asked !== loads) return;
      pending = false;
      tokens = listTokens(reply.tokens);
      drawList();
    }, (e) => {
      if (gone || asked !== loads) return;
      pending = false;
      if (!tokens) loadError = e;
      else listError.textContent = err(e);
      drawList();
    });
  }

  /** Opens the header's identity form at its password part (log in, register). */
  function signIn() {
    app.panelOpen = true;
    app.renderIdentity();
    app.renderWho();
    const password = app.el?.identity?.querySelector('details.account');
    if (password) password.open = true;
    app.doc.getElementById('id-name')?.focus();
  }

  /** The sentence for a visitor who may not have tokens, or the form and list for the player. */
  function draw() {
    const who = app.identity;
    if (who?.registered) {
      if (shownFor === who.player) return;
      shownFor = who.player;
      replace(body, manager);
      drawSecret();
      return drawList();
    }
    shownFor = null;
    if (!who && !app.conn.ready) return replace(body, h('p', { class: 'muted' }, t('game.loading')));
    const button = who
      ? h('button', { type: 'button', testid: 'token-sign-out', onclick: () => { app.panelOpen = true; app.signOut(); } }, w('tok.sign_out'))
      : h('button', { type: 'button', testid: 'token-sign-in', onclick: signIn }, w('tok.sign_in'));
    replace(body, h('section', { class: 'panel' }, h('p', { testid: who ? 'token-need-account' : 'token-need-name' }, who ? w('tok.need_account', { name: who.player }) : w('tok.need_name')), h('p', null, button)));
  }

  draw();
  const refresh = () => { draw(); load(); };
  return {
    onReady: refresh,
    onIdentity: refresh,
    destroy() {
      gone = true;
      secret = null;
    },
  };
}
