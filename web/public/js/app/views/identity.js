// The "who are you" form: a name to play as a guest, or a name and password to log in
// or register. The password goes to the server once and is never kept.

import { h } from '../dom.js';
import { errorText } from '../describe.js';

/**
 * @param {import('../app.js').App} app
 * @param {object} [kept] name, password, open: as in the panel this replaces
 */
export function identityPanel(app, kept = {}) {
  const t = app.t;
  const stored = app.ids.load();
  const name = h('input', {
    id: 'id-name', testid: 'guest-name', name: 'name', autocomplete: 'username', maxlength: 32, required: true,
    value: kept.name || stored?.player || '', spellcheck: 'false',
  });
  const password = h('input', { id: 'id-password', testid: 'login-password', type: 'password', autocomplete: 'current-password', maxlength: 256 });
  password.value = kept.password || '';
  const message = h('p', { class: 'form-error', role: 'alert', testid: 'identity-error' });
  const busy = (on) => form.querySelectorAll('button').forEach((b) => (b.disabled = on));

  const submit = async (kind) => {
    message.textContent = '';
    const n = name.value.trim();
    if (!n) return name.focus();
    if (kind !== 'guest' && password.value.length < 8) {
      message.textContent = t('identity.password_short');
      return password.focus();
    }
    const request = kind === 'guest' ? { type: 'guest', name: n } : { type: kind, name: n, password: password.value };
    busy(true);
    try {
      await app.identifyAs(request);
    } catch (err) {
      message.textContent = err.code === 'offline' ? t('conn.offline') : errorText(t, err);
      busy(false);
    } finally {
      password.value = '';
    }
  };

  const form = h(
    'form',
    { class: 'identity-form', onsubmit: (e) => { e.preventDefault(); submit(password.value ? 'login' : 'guest'); } },
    h('h2', null, app.route?.name === 'room' ? t('identity.title_join') : t('identity.title')),
    app.identityNote ? h('p', { class: 'note', testid: 'identity-note' }, app.identityNote) : null,
    h('div', { class: 'row' },
      h('label', { for: 'id-name' }, t('identity.name')), name,
      h('button', { type: 'button', class: 'primary', testid: 'guest-submit', onclick: () => submit('guest') }, t('identity.guest'))),
    h('details', { class: 'account', open: kept.open || null },
      h('summary', null, t('identity.account')),
      h('div', { class: 'row' },
        h('label', { for: 'id-password' }, t('identity.password')), password,
        h('button', { type: 'button', testid: 'login-submit', onclick: () => submit('login') }, t('identity.login')),
        h('button', { type: 'button', testid: 'register-submit', onclick: () => submit('register') }, t('identity.register'))),
      h('p', { class: 'muted small' }, t('identity.password_note'))),
    message,
  );
  return form;
}
