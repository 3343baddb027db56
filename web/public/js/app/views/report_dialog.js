// The report dialog: a reason (each described), an optional text, sent as report_player;
// from the game page with its game and ply. Imported on the first use (app.report).

import { h } from '../dom.js';
import { REPORT_REASONS, MAX_TEXT, byteLength, reportRequest, moderationError } from '../report.js';
import { reportWords } from './report_words.js';
import './report_style.js';

/** Opens it about `name` (and the game `gameId` at `ply`); closed once sent, a refusal said in it. */
export function openReport(app, name, { gameId = null, ply = null } = {}) {
  const t = app.t;
  const w = reportWords(t);
  const about = h('p', { class: 'muted about', id: 'rep-about', testid: 'report-about' });
  const reason = h('select', { id: 'rep-reason', testid: 'report-reason', 'aria-describedby': 'rep-about', onchange: described },
    h('option', { value: '' }, w('rep.choose')), REPORT_REASONS.map((r) => h('option', { value: r }, w(`rep.reason_${r}`))));
  const count = h('span', { class: 'muted count', id: 'rep-count', testid: 'report-count', 'aria-live': 'polite' });
  const text = h('textarea', { id: 'rep-text', testid: 'report-text', rows: 4, 'aria-describedby': 'rep-count', oninput: counted });
  const error = h('p', { class: 'form-error', role: 'alert', testid: 'report-error' });
  const send = h('button', { type: 'submit', class: 'primary', testid: 'report-submit' }, w('rep.send'));
  const form = h('form', { testid: 'report-form', onsubmit: submit },
    gameId ? h('p', { class: 'note', testid: 'report-game' }, w('rep.game', { ply: ply ?? 0 })) : null,
    h('div', { class: 'field' }, h('label', { for: 'rep-reason' }, w('rep.reason')), reason, about),
    h('div', { class: 'field' }, h('label', { for: 'rep-text' }, w('rep.text')), text, count),
    error,
    h('div', { class: 'row' }, h('button', { type: 'button', testid: 'report-close', onclick: () => dialog.close() }, w('rep.close')), send));
  const dialog = h('dialog', { class: 'report', testid: 'report-dialog', 'aria-labelledby': 'rep-title' }, h('h2', { id: 'rep-title' }, w('rep.title', { player: name })), form);

  function described() {
    about.textContent = reason.value ? w(`rep.about_${reason.value}`) : '';
  }
  function counted() {
    const n = byteLength(text.value.trim());
    count.textContent = w('rep.count', { n, max: MAX_TEXT });
    count.classList.toggle('over', n > MAX_TEXT);
  }

  async function submit(e) {
    e.preventDefault();
    error.textContent = '';
    const built = reportRequest({ name, reason: reason.value, text: text.value, gameId, ply });
    if (!built.ok) return void (error.textContent = w(`rep.bad_${built.bad}`));
    send.disabled = true;
    try {
      await app.conn.request(built.request);
      if (dialog.open) dialog.close();
      app.toast(w('rep.sent', { player: name }), 'info');
    } catch (err) {
      error.textContent = moderationError(w, t, err);
    } finally {
      send.disabled = false;
    }
  }

  described();
  counted();
  dialog.addEventListener('close', () => dialog.remove());
  app.doc.body.append(dialog);
  dialog.showModal();
  reason.focus();
  return { close: () => dialog.open && dialog.close() };
}
