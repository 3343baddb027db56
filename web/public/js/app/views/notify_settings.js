// The /games page's notification settings (docs/notifications.md): the address mails go
// to (verified by the link sent there), a webhook URL and the secret that signs its
// POSTs, mails on each move or reminders only, the reminders' hours; and the way to the
// API tokens (/account/tokens). Registered players only; loaded with the /games page.

import { h, replace } from '../dom.js';
import { errorText } from '../describe.js';
import { notifyRequest } from '../notify_form.js';

/** The panel (an element) and load(), which asks the server for the settings. */
export function notifySettings(app, w) {
  const t = app.t;
  const box = h('section', { class: 'panel notify-settings', testid: 'notify-settings' });
  let current = null;

  function field(id, label, control, note = null) {
    return h('div', { class: 'field' }, h('label', { for: id }, label), control, note);
  }

  function draw(status = '') {
    if (!app.identity?.registered) return replace(box, h('h2', null, w('notify.title')), h('p', { class: 'muted', testid: 'notify-need-account' }, w('notify.need_account')));
    if (!current) return replace(box, h('h2', null, w('notify.title')), h('p', { class: 'muted' }, t('game.loading')));
    const email = h('input', { id: 'ns-email', type: 'email', value: current.email, disabled: !current.mail_available, autocomplete: 'email' });
    const webhook = h('input', { id: 'ns-webhook', type: 'url', value: current.webhook_url, placeholder: 'https://' });
    const onMove = h('input', { id: 'ns-moves', type: 'checkbox', checked: current.on_move });
    const reminders = h('input', { id: 'ns-reminders', value: current.reminder_hours.join(', ') });
    const error = h('p', { class: 'form-error', role: 'alert', testid: 'notify-error' });
    const mailNote = !current.mail_available ? w('notify.no_mail')
      : !current.email ? '' : current.email_verified ? w('notify.verified') : w('notify.unverified');
    const save = h('button', { type: 'submit', class: 'primary', testid: 'notify-save' }, w('notify.save'));
    const form = h('form', { testid: 'notify-form', onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = '';
      const built = notifyRequest({ email: email.value, webhook: webhook.value, onMove: onMove.checked, reminders: reminders.value }, current);
      if (!built.ok) return void (error.textContent = w(`notify.bad_${built.bad}`));
      if (!built.request) return draw(w('notify.saved'));
      save.disabled = true;
      try {
        current = await app.conn.request(built.request);
        draw(w('notify.saved'));
      } catch (err) {
        error.textContent = errorText(t, err);
        save.disabled = false;
      }
    } },
    h('div', { class: 'grid' },
      field('ns-email', w('notify.email'), email, h('span', { class: 'muted', testid: 'notify-mail-note' }, mailNote)),
      field('ns-webhook', w('notify.webhook'), webhook,
        current.webhook_secret ? h('span', { class: 'muted' }, `${w('notify.secret')} `, h('code', { testid: 'notify-secret' }, current.webhook_secret)) : null),
      h('div', { class: 'field check' }, onMove, h('label', { for: 'ns-moves' }, w('notify.on_move'))),
      field('ns-reminders', w('notify.reminders'), reminders)),
    error, save, h('span', { class: 'muted', role: 'status', testid: 'notify-status' }, ` ${status}`));
    replace(box, h('h2', null, w('notify.title')), h('p', { class: 'muted' }, w('notify.about')), form,
      h('p', null, h('a', { href: '/account/tokens', testid: 'account-tokens-link' }, w('notify.tokens'))));
  }

  function load() {
    if (!app.identity?.registered || !app.conn.ready) return draw();
    app.conn.request({ type: 'notifications' }).then((reply) => { current = reply; draw(); },
      (err) => replace(box, h('h2', null, w('notify.title')), h('p', { class: 'form-error' }, errorText(t, err))));
  }

  draw();
  return { element: box, load };
}
