// A modal yes/no question (instead of window.confirm, which scripts and tests cannot
// answer and which looks foreign in the page).

import { h } from '../dom.js';

/** Resolves true when the visitor chose `yes`; Escape or `no` resolve false. */
export function confirmDialog(app, question, yes, no) {
  return new Promise((resolve) => {
    const dialog = h('dialog', { class: 'confirm', testid: 'confirm', 'aria-label': question },
      h('p', null, question),
      h('form', { method: 'dialog', class: 'row' },
        h('button', { value: 'no', testid: 'confirm-no', autofocus: true }, no),
        h('button', { value: 'yes', class: 'danger', testid: 'confirm-yes' }, yes)));
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'yes');
      dialog.remove();
    });
    app.doc.body.append(dialog);
    dialog.showModal();
  });
}
