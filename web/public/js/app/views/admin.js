// /admin: the moderators' page (docs/protocol.md, "Moderation"): the open reports (who,
// whom, why, the text, the game's links and the chat kept with it; Close, with a reason,
// and a way to the sanction form), the sanctions in force with the form that suspends,
// bans, lifts or annuls, the blocked addresses and the refused names with their forms,
// the staff (an admin gives roles), and the audit log, newest first, page by page. Each
// action asks for a reason (1 to 500 bytes), is checked as the server checks it
// (moderation.js), sent as `moderate`, and the page asks get_moderation (and the
// reports) again. A visitor who is not a moderator is told so. Loaded only on this page;
// the header links here for moderators only (app.js).

import { h, replace } from '../dom.js';
import { playerUrl } from '../router.js';
import { ROLES, AUDIT_PAGE, isStaff, moderateRequest, reasonProblem, listReports, chatOf, reportLinks, mergeAudit, olderRequest, whenText, moderationError } from '../moderation.js';
import { confirmDialog } from './dialogs.js';
import { adminWords } from './admin_words.js';
import './page_style.js';
import './admin_style.js';

const SANCTIONS = ['suspend', 'ban', 'lift', 'annul']; // the sanction form's actions

/** @param {import('../app.js').App} app */
export function adminView(app, route, main) {
  const t = app.t;
  const w = adminWords(t);
  app.setTitle(w('adm.title'));
  const body = h('div', { class: 'admin' });
  const status = h('p', { class: 'muted', role: 'status', testid: 'admin-status' });
  const failed = h('p', { class: 'form-error', role: 'alert', testid: 'admin-error' });
  const refresh = h('button', { type: 'button', testid: 'admin-refresh', onclick: () => load() }, w('adm.refresh'));
  const head = h('section', { class: 'panel' }, h('h1', { testid: 'admin' }, w('adm.title')), h('p', { class: 'muted' }, w('adm.intro')));
  main.append(h('div', { class: 'admin' }, head, body));
  let reports = null; // the open reports, newest first, once asked
  let reportsError = null;
  let state = null; // the latest `moderation` answer (staff, sanctions, addresses, names)
  let stateError = null;
  let audit = []; // the entries shown, newest first
  let more = false; // an older page may follow
  let paged = false; // older pages were asked for: a fresh first page is merged in
  let loads = 0; // the answers of the latest load only
  let shownFor = null; // the moderator (and role) the page is drawn for
  let gone = false;
  const when = (ms) => whenText(ms, t.lang) ?? '?';
  const err = (e) => moderationError(w, t, e);
  const link = (name, testid) => h('a', { href: playerUrl(name), testid }, name);
  const none = (testid) => h('p', { class: 'muted', testid }, w('adm.none'));

  // ---- the forms ----

  const input = (id, more = {}) => h('input', { id: `adm-${id}`, testid: `admin-${id}`, autocomplete: 'off', spellcheck: 'false', ...more });
  const select = (id, values, word) => h('select', { id: `adm-${id}`, testid: `admin-${id}` }, values.map((v) => h('option', { value: v }, w(word(v)))));
  const field = (el, label) => h('div', { class: 'field' }, h('label', { for: el.getAttribute('id') }, label), el);

  /**
   * A form of the page (`admin-ID-form`): its fields, the submit button and an error
   * line; `build()` gives moderate's fields from them, checked before sending; `ask`
   * (the request) may ask first. Cleared once done.
   */
  function actionForm(id, fields, submit, build, ask = null) {
    const error = h('p', { class: 'form-error', role: 'alert', testid: `admin-${id}-error` });
    const button = h('button', { type: 'submit', class: 'primary', testid: `admin-${id}-submit` }, submit);
    const form = h('form', { class: 'grid admin-form', testid: `admin-${id}-form`, onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = '';
      const built = moderateRequest(build());
      if (!built.ok) return void (error.textContent = w(`adm.bad_${built.bad}`));
      if (ask && !(await ask(built.request))) return;
      button.disabled = true;
      if (await moderate(built.request, error)) for (const el of form.querySelectorAll('input')) el.value = '';
      button.disabled = false;
    } }, fields, h('div', { class: 'field submit' }, button), error);
    return form;
  }

  const sanctionName = input('sanction-name');
  const sanctionAction = select('sanction-action', SANCTIONS, (a) => `adm.do_${a}`);
  const sanctionHours = input('sanction-hours', { inputmode: 'numeric' });
  const sanctionReason = input('sanction-reason', { spellcheck: 'true' });
  const hoursField = field(sanctionHours, w('adm.hours'));
  const showHours = () => (hoursField.hidden = sanctionAction.value !== 'suspend');
  sanctionAction.addEventListener('change', showHours);
  showHours();
  const sanctionForm = actionForm('sanction',
    [field(sanctionName, w('adm.player')), field(sanctionAction, w('adm.action')), hoursField, field(sanctionReason, w('adm.why'))],
    w('adm.apply'),
    () => ({ action: sanctionAction.value, target: sanctionName.value, hours: sanctionHours.value, reason: sanctionReason.value }),
    (r) => r.action !== 'annul' || confirmDialog(app, w('adm.annul_question', { player: r.target }), w('adm.annul_yes'), w('adm.cancel')));

  const address = input('address', { placeholder: '203.0.113.0/24' });
  const addressHours = input('address-hours', { inputmode: 'numeric' });
  const addressReason = input('address-reason', { spellcheck: 'true' });
  const addressForm = actionForm('address',
    [field(address, w('adm.address')), field(addressHours, w('adm.hours_optional')), field(addressReason, w('adm.why'))],
    w('adm.block_address'),
    () => ({ action: 'block_address', target: address.value, hours: addressHours.value, reason: addressReason.value }));

  const name = input('name');
  const nameReason = input('name-reason', { spellcheck: 'true' });
  const nameForm = actionForm('name', [field(name, w('adm.name')), field(nameReason, w('adm.why'))], w('adm.refuse'),
    () => ({ action: 'refuse_name', target: name.value, reason: nameReason.value }));

  const roleName = input('role-name');
  const role = select('role', ROLES, (r) => `adm.role_${r}`);
  const roleReason = input('role-reason', { spellcheck: 'true' });
  const roleForm = h('div', { testid: 'admin-grant' }, h('h3', null, w('adm.grant')),
    actionForm('role', [field(roleName, w('adm.player')), field(role, w('adm.role')), field(roleReason, w('adm.why'))], w('adm.grant_submit'),
      () => ({ action: 'grant_role', target: roleName.value, role: role.value, reason: roleReason.value })));

  // ---- the sections ----

  const areas = { reports: h('div'), sanctions: h('div'), addresses: h('div'), names: h('div'), staff: h('div'), audit: h('div') };
  const older = h('button', { type: 'button', testid: 'admin-audit-older', hidden: true, onclick: olderPage }, w('adm.older'));
  const panel = (testid, title, ...content) => h('section', { class: 'panel', testid }, h('h2', null, title), content);
  const panels = [
    panel('admin-reports', w('adm.reports'), areas.reports),
    panel('admin-sanctions', w('adm.sanctions'), areas.sanctions, sanctionForm),
    panel('admin-addresses', w('adm.addresses'), areas.addresses, addressForm),
    panel('admin-names', w('adm.names'), h('p', { class: 'muted' }, w('adm.names_note')), areas.names, nameForm),
    panel('admin-staff', w('adm.staff'), areas.staff, roleForm),
    panel('admin-audit', w('adm.audit'), areas.audit, h('p', null, older)),
  ];
  head.append(h('div', { class: 'row' }, refresh, status), failed);

  /** Sends `request` (moderate): done, said in the status line and the page asked again (true); refused, said in `errorEl` (else a toast). */
  async function moderate(request, errorEl = null) {
    status.textContent = failed.textContent = '';
    try {
      const reply = await app.conn.request(request);
      if (gone) return false;
      status.textContent = request.action === 'annul'
        ? w('adm.annulled', { n: reply.count ?? 0, player: request.target })
        : w('adm.done', { action: w(`adm.act_${request.action}`), target: request.target });
      load();
      return true;
    } catch (e) {
      if (gone) return false;
      if (errorEl) errorEl.textContent = err(e);
      else app.toast(err(e));
      return false;
    }
  }

  /** Asks for a reason (1 to 500 bytes) in a dialog: resolves it, or null when put away. */
  function askReason(question, yes) {
    return new Promise((resolve) => {
      const reason = h('input', { id: 'adm-prompt-reason', testid: 'admin-prompt-reason', autocomplete: 'off' });
      const error = h('p', { class: 'form-error', role: 'alert', testid: 'admin-prompt-error' });
      let answer = null;
      const dialog = h('dialog', { class: 'admin-prompt', testid: 'admin-prompt', 'aria-labelledby': 'adm-prompt-q' },
        h('form', { onsubmit: (e) => {
          e.preventDefault();
          const problem = reasonProblem(reason.value);
          if (problem) return void (error.textContent = w(`adm.bad_${problem}`));
          answer = reason.value.trim();
          dialog.close();
        } },
        h('p', { id: 'adm-prompt-q' }, question),
        h('div', { class: 'field' }, h('label', { for: 'adm-prompt-reason' }, w('adm.why')), reason),
        error,
        h('div', { class: 'row' },
          h('button', { type: 'button', testid: 'admin-prompt-no', onclick: () => dialog.close() }, w('adm.cancel')),
          h('button', { type: 'submit', class: 'danger', testid: 'admin-prompt-yes' }, yes))));
      dialog.addEventListener('close', () => {
        dialog.remove();
        resolve(answer);
      });
      app.doc.body.append(dialog);
      dialog.showModal();
      reason.focus();
    });
  }

  /** A button that asks for a reason, then sends `action` on `target`. */
  const reasoned = (testid, text, question, yes, action, target) =>
    h('button', { type: 'button', testid, onclick: async (e) => {
      const button = e.currentTarget ?? e.target;
      const reason = await askReason(question, yes);
      if (reason === null || gone) return;
      button.disabled = true;
      if (!(await moderate({ type: 'moderate', action, target, reason }))) button.disabled = false;
    } }, text);

  /** The sanction form filled from a report: its target, and the report named in the reason. */
  function sanctionFrom(r) {
    sanctionName.value = r.target;
    if (!sanctionReason.value) sanctionReason.value = w('adm.from_report', { id: r.report_id });
    sanctionForm.scrollIntoView?.({ block: 'nearest' });
    sanctionAction.focus();
  }

  function reportItem(r) {
    const links = reportLinks(r);
    const chat = chatOf(r);
    return h('li', { class: 'admin-report', testid: 'admin-report', dataset: { report: String(r.report_id), target: r.target, reason: r.reason } },
      h('p', { class: 'what' }, link(r.target, 'admin-report-target'), ' · ',
        h('span', { testid: 'admin-report-reason' }, w.maybe(`rep.reason_${r.reason}`, r.reason)), h('span', { class: 'muted' }, ` · #${r.report_id}`)),
      h('p', { class: 'muted' }, w('adm.from'), ' ', link(r.reporter, 'admin-report-reporter'), ' · ', when(r.at_ms)),
      r.text ? h('blockquote', { dir: 'auto', testid: 'admin-report-text' }, r.text) : null,
      links ? h('p', null, h('a', { href: links.game, testid: 'admin-report-game' }, w('adm.game', { id: r.game_id })),
        links.replay ? [' · ', h('a', { href: links.replay, testid: 'admin-report-replay' }, w('adm.replay', { ply: r.ply }))] : null) : null,
      chat.length
        ? h('details', { open: true }, h('summary', null, w('adm.chat', { n: chat.length })),
          h('ol', { class: 'admin-chat', testid: 'admin-report-chat' }, chat.map((c) => h('li', { class: c.from === r.target ? 'target' : null, testid: 'admin-chat-line' },
            h('span', { class: 'muted' }, w.maybe(`adm.channel_${c.channel}`, String(c.channel ?? '')), ' '), h('strong', { class: 'from' }, c.from), ': ', h('span', { class: 'text', dir: 'auto' }, c.text)))))
        : links ? h('p', { class: 'muted', testid: 'admin-report-no-chat' }, w('adm.no_chat')) : null,
      h('div', { class: 'row' },
        reasoned('admin-report-close', w('adm.close_report'), w('adm.close_question', { id: r.report_id }), w('adm.close_yes'), 'close_report', String(r.report_id)),
        h('button', { type: 'button', class: 'link', testid: 'admin-report-sanction', onclick: () => sanctionFrom(r) }, w('adm.sanction_target', { player: r.target }))));
  }

  /** A load's failure, with Try again. */
  const loadFailed = (e) => [h('p', { class: 'form-error', testid: 'admin-load-error' }, err(e)), h('button', { type: 'button', testid: 'admin-retry', onclick: () => load() }, w('adm.retry'))];
  const loading = () => h('p', { class: 'muted' }, w('adm.loading'));

  function drawReports() {
    if (!reports) return replace(areas.reports, reportsError ? loadFailed(reportsError) : loading());
    replace(areas.reports, reports.length
      ? h('ul', { class: 'list admin-reports', testid: 'admin-report-list' }, reports.map(reportItem))
      : h('p', { class: 'muted', testid: 'admin-reports-none' }, w('adm.reports_none')));
  }

  const since = (x) => w('adm.since', { when: when(x.at_ms) });
  const why = (x) => (x.reason ? [' · ', h('span', { dir: 'auto' }, x.reason)] : null);

  function drawState() {
    if (!state) {
      for (const k of ['sanctions', 'addresses', 'names', 'staff', 'audit']) replace(areas[k], k === 'sanctions' && stateError ? loadFailed(stateError) : loading());
      return;
    }
    const sanctions = Array.isArray(state.sanctions) ? state.sanctions : [];
    replace(areas.sanctions, sanctions.length ? h('ul', { class: 'list' }, sanctions.map((s) => h('li', { class: 'item', testid: 'admin-sanction', dataset: { player: s.name, kind: s.kind } },
      h('span', null, link(s.name), ' ', h('span', { testid: 'admin-sanction-kind' }, s.kind === 'ban' || !Number.isFinite(s.until_ms) ? w('adm.banned') : w('adm.suspended_until', { when: when(s.until_ms) }))),
      h('span', { class: 'muted' }, since(s), why(s)),
      reasoned('admin-sanction-lift', w('adm.lift'), w('adm.lift_question', { player: s.name }), w('adm.lift_yes'), 'lift', s.name)))) : none('admin-sanctions-none'));

    const blocked = Array.isArray(state.address_blocks) ? state.address_blocks : [];
    replace(areas.addresses, blocked.length ? h('ul', { class: 'list' }, blocked.map((b) => {
      const text = String(b.cidr ?? b.address ?? ''); // (the server's name for it: cidr, as its store has it)
      return h('li', { class: 'item', testid: 'admin-address-row', dataset: { address: text } },
        h('span', null, h('code', null, text), ' ', Number.isFinite(b.until_ms) ? w('adm.until', { when: when(b.until_ms) }) : w('adm.forever')),
        h('span', { class: 'muted' }, since(b), why(b)),
        reasoned('admin-address-unblock', w('adm.unblock'), w('adm.unblock_question', { address: text }), w('adm.unblock_yes'), 'unblock_address', text));
    })) : none('admin-addresses-none'));

    const names = Array.isArray(state.refused_names) ? state.refused_names : [];
    replace(areas.names, names.length ? h('ul', { class: 'list' }, names.map((n) => h('li', { class: 'item', testid: 'admin-name-row', dataset: { name: n.name } },
      h('span', { class: 'what', dir: 'auto' }, n.name),
      h('span', { class: 'muted' }, since(n), why(n)),
      reasoned('admin-name-allow', w('adm.allow'), w('adm.allow_question', { name: n.name }), w('adm.allow_yes'), 'allow_name', n.name)))) : none('admin-names-none'));

    const staff = Array.isArray(state.staff) ? state.staff : [];
    replace(areas.staff, staff.length ? h('ul', { class: 'list' }, staff.map((s) => h('li', { class: 'item', testid: 'admin-staff-row', dataset: { player: s.name, role: s.role } },
      link(s.name), h('span', { class: 'muted' }, w.maybe(`adm.role_${s.role}`, s.role))))) : none('admin-staff-none'));

    drawAudit();
  }

  function drawAudit() {
    older.hidden = !more || !audit.length;
    if (!audit.length) return replace(areas.audit, none('admin-audit-none'));
    replace(areas.audit, h('div', { class: 'scroll' }, h('table', { class: 'table audit', testid: 'admin-audit-log' },
      h('thead', null, h('tr', null, ['adm.when', 'adm.who', 'adm.what', 'adm.target', 'adm.reason'].map((k) => h('th', { scope: 'col' }, w(k))))),
      h('tbody', null, audit.map((e) => h('tr', { testid: 'admin-audit-row', dataset: { audit: String(e.audit_id), action: e.action } },
        h('td', null, when(e.at_ms)),
        h('td', null, e.moderator === '(operator)' ? e.moderator : link(e.moderator)), // the command line's, nobody's page
        h('td', { testid: 'admin-audit-action' }, w.maybe(`adm.act_${e.action}`, e.action)),
        h('td', { testid: 'admin-audit-target', dir: 'auto' }, e.target),
        h('td', { dir: 'auto' }, e.reason, e.detail ? h('span', { class: 'muted' }, ` (${e.detail})`) : null)))))));
  }

  async function olderPage() {
    const request = olderRequest(audit);
    if (!request) return;
    older.disabled = true;
    failed.textContent = '';
    try {
      const reply = await app.conn.request(request);
      if (gone) return;
      audit = mergeAudit(audit, reply.audit);
      more = (reply.audit?.length ?? 0) >= AUDIT_PAGE;
      paged = true;
      drawAudit();
    } catch (e) {
      if (!gone) failed.textContent = err(e);
    } finally {
      older.disabled = false;
    }
  }

  /** The reports and the moderation state, asked (again). */
  function load() {
    if (!isStaff(app.identity?.role) || !app.conn.ready) return;
    const asked = ++loads;
    const mine = (f) => (x) => !gone && asked === loads && f(x);
    app.conn.request({ type: 'list_reports' }).then(mine((reply) => {
      reports = listReports(reply.reports);
      reportsError = null;
      drawReports();
    }), mine((e) => {
      if (reports) failed.textContent = err(e);
      else reportsError = e;
      drawReports();
    }));
    app.conn.request({ type: 'get_moderation' }).then(mine((reply) => {
      state = reply;
      stateError = null;
      const full = (reply.audit?.length ?? 0) >= AUDIT_PAGE;
      audit = mergeAudit(paged ? audit : [], reply.audit);
      if (!paged) more = full;
      drawState();
    }), mine((e) => {
      if (state) failed.textContent = err(e);
      else stateError = e;
      drawState();
    }));
  }

  /** Opens the header's identity form at its password part. */
  function signIn() {
    app.panelOpen = true;
    app.renderIdentity();
    app.renderWho();
    const password = app.el?.identity?.querySelector('details.account');
    if (password) password.open = true;
    app.doc.getElementById('id-name')?.focus();
  }

  /** The page for a moderator, or the sentence for anyone else. */
  function draw() {
    const who = app.identity;
    if (who && isStaff(who.role)) {
      const key = `${who.player}\n${who.role}`;
      if (shownFor === key) return;
      shownFor = key;
      roleForm.hidden = who.role !== 'admin'; // grant_role is an admin's
      refresh.hidden = false;
      replace(body, panels);
      drawReports();
      return drawState();
    }
    shownFor = null;
    refresh.hidden = true;
    if (!who && !app.conn.ready) return replace(body, loading());
    replace(body, h('section', { class: 'panel' }, who
      ? h('p', { testid: 'admin-forbidden' }, w('adm.forbidden'))
      : [h('p', { testid: 'admin-need-name' }, w('adm.need_name')), h('p', null, h('button', { type: 'button', testid: 'admin-sign-in', onclick: signIn }, w('adm.sign_in')))]));
  }

  draw();
  const again = () => { draw(); load(); };
  return {
    onReady: again,
    onIdentity: again,
    destroy() {
      gone = true;
    },
  };
}
