// Moderation (docs/protocol.md, "Moderation"; docs/web.md, "Moderation"): the requests
// checked as the server checks them (report reasons and text, blocks, each moderator
// action with its target, hours 1 to 8,760, a reason of 1 to 500 bytes, an address or
// CIDR range by its shape, roles), the reports and the audit log in order with its older
// pages, refusals in words, the route and the server's route string, the words in both
// languages; the header's link for moderators only and an account suspended or banned
// signed out with the server's words (app.js); and, in a small stand-in DOM against a
// stand-in server that answers as the spec says, the report dialog (from the profile and
// from the game page, with the game and its ply), the profile's Block / Unblock and
// Report, the game page's "Report opponent", and the moderators' page: who may see it,
// the reports with their chat and links, closing one with a reason, the sanction,
// address, name and role forms, each action followed by get_moderation, and the audit
// log's older pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  REPORT_REASONS, ACTIONS, ROLES, MAX_TEXT, MAX_HOURS, AUDIT_PAGE, byteLength, isStaff, reasonProblem, hoursOf, isAddress,
  reportRequest, blockRequest, moderateRequest, listReports, chatOf, reportLinks, mergeAudit, olderRequest, whenText, moderationError,
} from '../../public/js/app/moderation.js';
import { parseRoute } from '../../public/js/app/router.js';
import { WORDS as REPORT_WORDS, reportWords } from '../../public/js/app/views/report_words.js';
import { WORDS as ADMIN_WORDS, adminWords } from '../../public/js/app/views/admin_words.js';
import { WORDS as CHALLENGE_WORDS } from '../../public/js/app/views/challenge_words.js';
import { translator, LANGUAGES } from '../../public/js/app/i18n.js';
import { reduceGame } from '../../public/js/app/game_state.js';
import enTable from '../../public/js/app/i18n/en.js';
import ruTable from '../../public/js/app/i18n/ru.js';

const en = translator('en', enTable);
const ru = translator('ru', ruTable);
const T0 = Date.UTC(2024, 5, 10, 6, 13);

// ---- the requests ----

test('report_player: one of the six reasons, a text of at most 500 bytes (trimmed, left out when empty), the game and ply only for a game', () => {
  assert.deepEqual(REPORT_REASONS, ['abuse', 'cheating', 'sandbagging', 'boosting', 'stalling', 'other']);
  assert.deepEqual(reportRequest({ name: 'mallory', reason: 'abuse', text: '  threats in chat ' }),
    { ok: true, request: { type: 'report_player', name: 'mallory', reason: 'abuse', text: 'threats in chat' } });
  assert.deepEqual(reportRequest({ name: 'mallory', reason: 'other', text: '   ' }).request, { type: 'report_player', name: 'mallory', reason: 'other' });
  assert.deepEqual(reportRequest({ name: 'mallory', reason: 'stalling', gameId: 'g12', ply: 31 }).request,
    { type: 'report_player', name: 'mallory', reason: 'stalling', game_id: 'g12', ply: 31 });
  assert.deepEqual(reportRequest({ name: 'm', reason: 'cheating', gameId: 'g1', ply: 0 }).request.ply, 0);
  assert.equal('ply' in reportRequest({ name: 'm', reason: 'cheating', gameId: 'g1', ply: null }).request, false);
  assert.equal('ply' in reportRequest({ name: 'm', reason: 'cheating', ply: 7 }).request, false); // no game, no ply
  for (const bad of ['', 'spam', undefined, 'ABUSE']) assert.deepEqual(reportRequest({ name: 'm', reason: bad }), { ok: false, bad: 'reason' }, String(bad));
  // Bytes, not characters: a Cyrillic letter takes two.
  assert.equal(MAX_TEXT, 500);
  assert.equal(reportRequest({ name: 'm', reason: 'abuse', text: 'a'.repeat(500) }).ok, true);
  assert.deepEqual(reportRequest({ name: 'm', reason: 'abuse', text: 'a'.repeat(501) }), { ok: false, bad: 'text_long' });
  assert.equal(reportRequest({ name: 'm', reason: 'abuse', text: 'ж'.repeat(250) }).ok, true);
  assert.deepEqual(reportRequest({ name: 'm', reason: 'abuse', text: 'ж'.repeat(251) }), { ok: false, bad: 'text_long' });
  assert.equal(byteLength('🦊'), 4);
  assert.equal(byteLength(null), 0);
});

test('block_player and unblock_player', () => {
  assert.deepEqual(blockRequest('mallory', false), { type: 'block_player', name: 'mallory' });
  assert.deepEqual(blockRequest('mallory', true), { type: 'unblock_player', name: 'mallory' });
});

test('an address or CIDR range, by its shape only', () => {
  for (const good of ['192.0.2.1', '203.0.113.0/24', '10.0.0.0/8', '0.0.0.0/0', '255.255.255.255/32', '2001:db8::/32', '2001:db8::1', '::1', '::', '1::', 'fe80::1:2',
    '::ffff:192.0.2.1', '2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:DB8::/128', ' 198.51.100.7 '])
    assert.ok(isAddress(good), good);
  for (const bad of ['', 'localhost', '256.1.1.1', '1.2.3', '1.2.3.4.5', '1.2.3.4/33', '1.2.3.4/', '1.2.3.4/24/1', '1.2.3.4/x', '2001:db8::/129', '1::2::3', '12345::',
    ':1::', '::1:', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', 'g::1', ':::', 'fe80::1%eth0', '::ffff:300.1.1.1', '1.2.3.4 5'])
    assert.ok(!isAddress(bad), bad);
});

test('hours: a whole number from 1 to 8,760 (optional where the action allows none); a reason of 1 to 500 bytes', () => {
  assert.equal(MAX_HOURS, 8760);
  assert.deepEqual(['1', '24', ' 8760 ', '08'].map((h) => hoursOf(h)), [1, 24, 8760, 8]);
  for (const bad of ['0', '8761', '1.5', '-3', 'abc', '1e3', '']) assert.equal(hoursOf(bad), undefined, bad);
  assert.equal(hoursOf('', true), null);
  assert.equal(hoursOf('  ', true), null);
  assert.equal(hoursOf('0', true), undefined);
  assert.equal(reasonProblem(''), 'reason_empty');
  assert.equal(reasonProblem(' \n '), 'reason_empty');
  assert.equal(reasonProblem('x'), null);
  assert.equal(reasonProblem('x'.repeat(500)), null);
  assert.equal(reasonProblem('x'.repeat(501)), 'reason_long');
  assert.equal(reasonProblem('ю'.repeat(251)), 'reason_long');
});

test('moderate: each action with its target, hours and role, and a reason', () => {
  assert.deepEqual(ACTIONS, ['suspend', 'ban', 'lift', 'block_address', 'unblock_address', 'refuse_name', 'allow_name', 'close_report', 'annul', 'grant_role']);
  const ok = (form) => {
    const built = moderateRequest(form);
    assert.ok(built.ok, JSON.stringify([form, built]));
    return built.request;
  };
  const bad = (form) => moderateRequest(form).bad;
  assert.deepEqual(ok({ action: 'ban', target: ' mallory ', reason: ' threats in chat (report 12) ' }),
    { type: 'moderate', action: 'ban', target: 'mallory', reason: 'threats in chat (report 12)' });
  assert.deepEqual(ok({ action: 'suspend', target: 'mallory', hours: '48', reason: 'x' }), { type: 'moderate', action: 'suspend', target: 'mallory', hours: 48, reason: 'x' });
  assert.equal(bad({ action: 'suspend', target: 'mallory', hours: '', reason: 'x' }), 'hours');
  assert.equal(bad({ action: 'suspend', target: 'mallory', hours: '8761', reason: 'x' }), 'hours');
  assert.equal('hours' in ok({ action: 'ban', target: 'm', hours: '5', reason: 'x' }), false); // only where it counts
  assert.equal('hours' in ok({ action: 'block_address', target: '203.0.113.0/24', hours: '', reason: 'spam' }), false);
  assert.equal(ok({ action: 'block_address', target: '203.0.113.0/24', hours: '2', reason: 'spam' }).hours, 2);
  assert.equal(bad({ action: 'block_address', target: '203.0.113.0/24', hours: '0', reason: 'spam' }), 'hours');
  assert.equal(bad({ action: 'block_address', target: 'example.com', reason: 'spam' }), 'address');
  assert.equal(ok({ action: 'unblock_address', target: '203.0.113.0/24', reason: 'done' }).target, '203.0.113.0/24');
  assert.equal(bad({ action: 'unblock_address', target: ' ', reason: 'done' }), 'address');
  assert.deepEqual(ok({ action: 'close_report', target: '12', reason: 'banned' }), { type: 'moderate', action: 'close_report', target: '12', reason: 'banned' });
  assert.equal(bad({ action: 'close_report', target: 'twelve', reason: 'x' }), 'report');
  assert.deepEqual(ok({ action: 'grant_role', target: 'ann', role: 'moderator', reason: 'new moderator' }), { type: 'moderate', action: 'grant_role', target: 'ann', role: 'moderator', reason: 'new moderator' });
  assert.deepEqual(ROLES, ['moderator', 'admin', 'none']);
  assert.equal(ok({ action: 'grant_role', target: 'ann', role: 'none', reason: 'x' }).role, 'none');
  assert.equal(bad({ action: 'grant_role', target: 'ann', role: 'owner', reason: 'x' }), 'role');
  assert.equal('role' in ok({ action: 'ban', target: 'm', role: 'admin', reason: 'x' }), false);
  for (const action of ['suspend', 'ban', 'lift', 'refuse_name', 'allow_name', 'annul', 'grant_role']) {
    assert.equal(bad({ action, target: '', hours: '1', role: 'none', reason: 'x' }), 'name', action);
    assert.equal(bad({ action, target: 'x'.repeat(33), hours: '1', role: 'none', reason: 'x' }), 'name', action);
    assert.equal(bad({ action, target: 'a\u0007b', hours: '1', role: 'none', reason: 'x' }), 'name', action);
    assert.equal(bad({ action, target: 'alice', hours: '1', role: 'none', reason: '' }), 'reason_empty', action);
    assert.equal(bad({ action, target: 'alice', hours: '1', role: 'none', reason: 'я'.repeat(251) }), 'reason_long', action);
  }
  assert.equal(ok({ action: 'refuse_name', target: 'Владимир Ильич', reason: 'x' }).target, 'Владимир Ильич');
  assert.equal(bad({ action: 'delete_everything', target: 'x', reason: 'x' }), 'action');
});

test('reports newest first with their chat and links; the audit log newest first, merged page by page; roles', () => {
  const r = (id, at, more = {}) => ({ report_id: id, at_ms: at, reporter: 'ann', target: 'mallory', reason: 'abuse', text: '', game_id: null, ply: null, chat: [], ...more });
  assert.deepEqual(listReports([r(1, 10), r(3, 30), r(2, 30), null, { report_id: 'x' }]).map((x) => x.report_id), [3, 2, 1]);
  assert.deepEqual(listReports(undefined), []);
  const line = { from: 'mallory', channel: 'players', text: '<b>hi</b>', at_ms: 5 };
  assert.deepEqual(chatOf(r(1, 0, { chat: [line, null, { from: 'x' }, 'y'] })), [line]);
  assert.deepEqual(chatOf(r(1, 0, { chat: null })), []);
  assert.deepEqual(reportLinks(r(1, 0, { game_id: 'g12', ply: 31 })), { game: '/game/g12', replay: '/game/g12?ply=31' });
  assert.deepEqual(reportLinks(r(1, 0, { game_id: 'g12' })), { game: '/game/g12', replay: null });
  assert.equal(reportLinks(r(1, 0)), null);

  const e = (id) => ({ audit_id: id, at_ms: T0 + id, moderator: 'olga', action: 'ban', target: `p${id}`, reason: 'r', detail: '' });
  const first = mergeAudit([], [e(5), e(7), e(6)]);
  assert.deepEqual(first.map((x) => x.audit_id), [7, 6, 5]);
  assert.deepEqual(olderRequest(first), { type: 'get_moderation', audit_before: 5 });
  assert.deepEqual(mergeAudit(first, [e(4), e(5), e(3), null]).map((x) => x.audit_id), [7, 6, 5, 4, 3]);
  assert.deepEqual(mergeAudit(first, [e(8), e(7)]).map((x) => x.audit_id), [8, 7, 6, 5]); // a fresh first page
  assert.equal(olderRequest([]), null);
  assert.equal(AUDIT_PAGE, 100);

  assert.deepEqual(['moderator', 'admin', 'none', undefined, 'Admin'].map(isStaff), [true, true, false, false, false]);
  assert.match(whenText(T0, 'en'), /Jun.*2024|2024.*Jun/);
  assert.match(whenText(T0, 'ru'), /июн/);
  assert.equal(whenText(null, 'en'), null);
});

test('refusals: the server’s words in English; in Russian the page’s by code, else the main table’s; offline and an older server in the page’s words', () => {
  const wEn = reportWords(en);
  const wRu = reportWords(ru);
  const refusal = (code, message = 'the server says so') => ({ type: 'error', code, message });
  assert.equal(moderationError(wEn, en, refusal('rate_limited', 'at most 10 reports an hour')), 'at most 10 reports an hour');
  assert.equal(moderationError(wRu, ru, refusal('rate_limited')), 'Слишком много жалоб: не больше 10 в час.');
  assert.equal(moderationError(wRu, ru, refusal('forbidden')), 'Это могут только модераторы сервера.');
  assert.equal(moderationError(wRu, ru, refusal('timeout')), ruTable['error.timeout']); // the main table
  assert.equal(moderationError(wRu, ru, refusal('suspended', 'suspended until 2024-06-12 10:00 UTC')), ruTable['error.suspended']);
  assert.equal(moderationError(wEn, en, refusal('unknown_type', "unknown message type 'list_blocks'")), 'This server does not offer moderation yet.');
  assert.equal(moderationError(wEn, en, refusal('offline', 'not connected')), enTable['error.offline']);
  assert.equal(moderationError(wRu, ru, refusal('offline')), ruTable['error.offline']);
  // The admin page's words carry the reports' (and so their refusals).
  assert.equal(moderationError(adminWords(ru), ru, refusal('not_found')), REPORT_WORDS.ru['rep.error_not_found']);
});

test('the route /admin, which the server serves as the app’s page', () => {
  assert.deepEqual(parseRoute('/admin'), { name: 'admin' });
  assert.deepEqual(parseRoute('/admin/', '?x=1'), { name: 'admin' });
  assert.equal(parseRoute('/admin/reports').name, 'notfound');
  assert.equal(parseRoute('/administrator').name, 'notfound');
  const site = fs.readFileSync(new URL('../../../server/web/site_path.hpp', import.meta.url), 'utf8');
  assert.match(/kAppRoutes\[\] = \{([^}]*)\}/.exec(site)[1], /"admin"/);
});

test('the words in every language, with the same keys and placeholders; every word the views ask for', () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const WORDS of [REPORT_WORDS, ADMIN_WORDS]) {
    assert.deepEqual(Object.keys(WORDS).sort(), [...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      assert.deepEqual(Object.keys(WORDS[lang]).sort(), Object.keys(WORDS.en).sort(), lang);
      for (const [key, text] of Object.entries(WORDS[lang])) {
        assert.ok(text.trim(), `${lang} ${key}`);
        assert.deepEqual(placeholders(text), placeholders(WORDS.en[key]), `${lang} ${key}`);
      }
    }
  }
  const source = (f) => fs.readFileSync(new URL(`../../public/js/app/views/${f}`, import.meta.url), 'utf8');
  const asked = (text, fn) => [...text.matchAll(new RegExp(`\\b${fn}\\('([a-z_]+\\.[a-z_]+)'`, 'g'))].map((m) => m[1]);
  const report = [...asked(source('report_dialog.js'), 'w'), ...asked(source('profile.js'), 'r'),
    ...REPORT_REASONS.flatMap((r) => [`rep.reason_${r}`, `rep.about_${r}`]), 'rep.bad_reason', 'rep.bad_text_long',
    ...['account_required', 'not_found', 'bad_request', 'forbidden', 'rate_limited', 'storage_unavailable', 'unknown_type'].map((c) => `rep.error_${c}`)];
  assert.ok(report.length > 25);
  assert.deepEqual(report.filter((k) => !(k in REPORT_WORDS.en)), []);
  const admin = [...asked(source('admin.js'), 'w'), ...ACTIONS.map((a) => `adm.act_${a}`), ...['suspend', 'ban', 'lift', 'annul'].map((a) => `adm.do_${a}`),
    ...ROLES.map((r) => `adm.role_${r}`), ...['players', 'spectators'].map((c) => `adm.channel_${c}`),
    ...['action', 'name', 'address', 'report', 'hours', 'role', 'reason_empty', 'reason_long'].map((b) => `adm.bad_${b}`)];
  assert.ok(admin.length > 60);
  const both = { ...REPORT_WORDS.en, ...ADMIN_WORDS.en };
  assert.deepEqual(admin.filter((k) => !(k in both)), []);
  // The main tables: the header's link, the game page's button, the refusals of a login.
  for (const table of [enTable, ruTable]) for (const k of ['nav.admin', 'game.report', 'error.banned', 'error.suspended']) assert.ok(table[k], k);
  for (const lang of LANGUAGES) assert.ok(CHALLENGE_WORDS[lang]['chal.error_blocked'], lang);
  assert.equal(reportWords(translator('xx', {}))('rep.report'), 'Report');
  assert.equal(adminWords(translator('xx', {}))('adm.title'), 'Moderation');
  assert.equal(adminWords(ru)('rep.reason_abuse'), 'Оскорбления');
});

// ---- rendered ----

// A small DOM: what dom.js, the views, the dialogs and the forms use.
class El {
  constructor(tag) {
    Object.assign(this, { tag, children: [], attrs: {}, dataset: {}, listeners: {}, className: '', parent: null, classes: new Set() });
  }
  setAttribute(k, v) { this.attrs[k] = v; }
  getAttribute(k) { return this.attrs[k] ?? null; }
  get id() { return this.attrs.id; }
  get classList() {
    const c = this.classes;
    return { toggle: (name, on = !c.has(name)) => (on ? c.add(name) : c.delete(name)), contains: (name) => c.has(name) || this.className.split(' ').includes(name) };
  }
  get value() {
    if (this._value !== undefined) return this._value;
    if (this.tag !== 'select') return '';
    const options = all(this, (n) => n.tag === 'option');
    return (options.find((o) => o.selected) ?? options[0])?.value ?? '';
  }
  set value(v) { this._value = String(v); }
  addEventListener(type, f) { (this.listeners[type] ??= []).push(f); }
  append(...c) { for (const n of c) { if (n.parent) n.remove(); n.parent = this; this.children.push(n); } }
  replaceChildren(...c) { for (const n of this.children) n.parent = null; this.children = []; this.append(...c); }
  remove() { if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1); this.parent = null; }
  querySelectorAll(sel) { return all(this, sel.startsWith('.') ? (n) => n.className.split(' ').includes(sel.slice(1)) : (n) => n.tag === sel); }
  querySelector(sel) { return this.querySelectorAll(sel)[0] ?? null; }
  focus() { this.focused = true; }
  scrollIntoView() {}
  showModal() { this.open = true; }
  close() { if (!this.open) return; this.open = false; this.fire('close'); }
  get textContent() { return this.tag === '#text' ? this.data : this.children.map((c) => c.textContent).join(''); }
  set textContent(text) { this.replaceChildren(Object.assign(new El('#text'), { data: String(text) })); }
  fire(type, more = {}) { for (const f of this.listeners[type] ?? []) f({ target: this, currentTarget: this, preventDefault() {}, ...more }); }
  click() { if (!this.disabled) this.fire('click'); }
}
function all(node, pred, found = []) {
  for (const c of node.children) {
    if (pred(c)) found.push(c);
    all(c, pred, found);
  }
  return found;
}
globalThis.Node = El;
globalThis.document = {
  createElement: (tag) => new El(tag),
  createTextNode: (data) => Object.assign(new El('#text'), { data }),
  head: { append: (link) => link.onload?.() },
};
const byTestid = (node, testid) => all(node, (n) => n.dataset?.testid === testid);
const one = (node, testid) => byTestid(node, testid)[0] ?? null;
const text = (node, testid) => one(node, testid)?.textContent ?? null;
const settle = async () => { for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve)); };
const refusal = (code, message) => ({ type: 'error', code, message });

/**
 * A stand-in server answering as docs/protocol.md's "Moderation" says, for `me` (with
 * `role`): blocks, reports, the moderators' state and the audit log.
 */
function server({ me = 'ann', role = null, reports = [], audit = 0, staff = [{ name: 'olga', role: 'admin' }] } = {}) {
  const s = { blocks: [], reports: [...reports], staff: [...staff], sanctions: [], address_blocks: [], refused_names: [], audit: [], nextReport: 100 };
  const write = (action, target, reason, detail = '') => s.audit.push({ audit_id: s.audit.length + 1, at_ms: T0 + s.audit.length, moderator: me, action, target, reason, detail });
  for (let i = 0; i < audit; i++) write('refuse_name', `name${i + 1}`, 'old');
  s.answer = (msg) => {
    const staffOnly = () => { if (role !== 'moderator' && role !== 'admin') throw refusal('forbidden', 'moderators only'); };
    switch (msg.type) {
      case 'list_blocks': return { type: 'blocks', names: [...s.blocks] };
      case 'block_player':
        if (msg.name === me) throw refusal('bad_request', 'you cannot block yourself');
        if (!s.blocks.includes(msg.name)) s.blocks.push(msg.name);
        return { type: 'ok' };
      case 'unblock_player':
        if (!s.blocks.includes(msg.name)) throw refusal('not_found', `you do not block ${msg.name}`);
        s.blocks = s.blocks.filter((n) => n !== msg.name);
        return { type: 'ok' };
      case 'report_player':
        s.reports.push({ report_id: ++s.nextReport, at_ms: T0 + s.nextReport, reporter: me, target: msg.name, reason: msg.reason, text: msg.text ?? '', game_id: msg.game_id ?? null, ply: msg.ply ?? null, chat: [], closed_by: null, closed_ms: null });
        return { type: 'ok' };
      case 'list_reports':
        staffOnly();
        return { type: 'reports', reports: s.reports.filter((r) => !r.closed_by).reverse() };
      case 'get_moderation': {
        staffOnly();
        const older = s.audit.filter((e) => msg.audit_before === undefined || e.audit_id < msg.audit_before).reverse().slice(0, AUDIT_PAGE);
        return { type: 'moderation', staff: s.staff, sanctions: s.sanctions, address_blocks: s.address_blocks, refused_names: s.refused_names, audit: older };
      }
      case 'moderate': {
        staffOnly();
        const { action, target, reason } = msg;
        const gone = (list, pred) => {
          const i = list.findIndex(pred);
          if (i < 0) throw refusal('not_found', 'nothing to undo');
          list.splice(i, 1);
        };
        if (action === 'grant_role' && role !== 'admin') throw refusal('forbidden', 'only an admin gives roles');
        if (['suspend', 'ban', 'annul'].includes(action) && s.staff.some((x) => x.name === target && x.role === 'admin') && role !== 'admin') throw refusal('forbidden', 'a moderator cannot act on an admin');
        if (action === 'suspend' || action === 'ban') {
          s.sanctions = s.sanctions.filter((x) => x.name !== target);
          s.sanctions.push({ name: target, kind: action, until_ms: action === 'ban' ? null : T0 + msg.hours * 3600000, at_ms: T0, reason });
        } else if (action === 'lift') gone(s.sanctions, (x) => x.name === target);
        else if (action === 'block_address') s.address_blocks.push({ cidr: target, until_ms: msg.hours ? T0 + msg.hours * 3600000 : null, at_ms: T0, reason });
        else if (action === 'unblock_address') gone(s.address_blocks, (x) => x.cidr === target);
        else if (action === 'refuse_name') s.refused_names.push({ name: target, key: target.toLowerCase(), at_ms: T0, reason });
        else if (action === 'allow_name') gone(s.refused_names, (x) => x.name === target);
        else if (action === 'close_report') {
          const r = s.reports.find((x) => String(x.report_id) === target && !x.closed_by);
          if (!r) throw refusal('not_found', 'no such open report');
          Object.assign(r, { closed_by: me, closed_ms: T0 });
        } else if (action === 'grant_role') {
          s.staff = s.staff.filter((x) => x.name !== target);
          if (msg.role !== 'none') s.staff.push({ name: target, role: msg.role });
        }
        write(action, target, reason, action === 'annul' ? '3 games' : '');
        return { type: 'moderated', action, target, count: action === 'annul' ? 3 : 1 };
      }
      default: throw refusal('unknown_type', `unknown message type '${msg.type}'`);
    }
  };
  return s;
}

/** A page's app as the views use it: `identity`, `lang`, the connection answering with `answer(msg)`. */
function page({ identity = { player: 'ann', registered: true }, lang = 'en', answer, ready = true, profile = null } = {}) {
  const body = new El('body');
  const sent = [];
  const toasts = [];
  const app = {
    t: lang === 'ru' ? ru : en,
    identity,
    panelOpen: false,
    calls: [],
    conn: { ready, request: async (msg) => { sent.push(msg); return answer(msg); } },
    doc: { body, getElementById: () => null },
    win: { fetch: async () => (profile ? { status: 200, json: async () => profile } : { status: 404, json: async () => ({}) }) },
    el: {},
    setTitle(title) { this.title = title; },
    toast(s, kind) { toasts.push([String(s), kind]); },
    showError(e) { toasts.push([e.code, 'error']); },
    renderIdentity() { this.calls.push('renderIdentity'); },
    renderWho() { this.calls.push('renderWho'); },
  };
  return { app, body, sent, toasts };
}

/** Chooses `value` in the select `el` as a person does. */
function choose(el, value) {
  el.value = value;
  el.fire('change');
}

test('the report dialog: a reason to choose (each described), a text counted in bytes, sent as report_player; closed once made, a refusal said in it', async () => {
  const { openReport } = await import('../../public/js/app/views/report_dialog.js');
  const srv = server();
  let refuse = null;
  const { app, body, sent, toasts } = page({ answer: (msg) => { if (refuse) throw refuse; return srv.answer(msg); } });
  const handle = openReport(app, 'mallory');
  const dialog = one(body, 'report-dialog');
  assert.ok(dialog.open);
  assert.equal(all(dialog, (n) => n.tag === 'h2')[0].textContent, 'Report mallory');
  assert.equal(one(dialog, 'report-game'), null); // not about a game
  const reason = one(dialog, 'report-reason');
  assert.deepEqual(all(reason, (n) => n.tag === 'option').map((o) => o.value), ['', ...REPORT_REASONS]);
  assert.equal(text(dialog, 'report-about'), '');
  assert.ok(reason.focused);
  one(dialog, 'report-form').fire('submit');
  await settle();
  assert.equal(text(dialog, 'report-error'), 'Choose a reason.');
  assert.deepEqual(sent, []);
  choose(reason, 'sandbagging');
  assert.equal(text(dialog, 'report-about'), 'Losing on purpose, to lower their rating.');
  const field = one(dialog, 'report-text');
  assert.equal(text(dialog, 'report-count'), '0 of 500 bytes');
  field.value = 'ж'.repeat(251);
  field.fire('input');
  assert.equal(text(dialog, 'report-count'), '502 of 500 bytes');
  assert.ok(one(dialog, 'report-count').classList.contains('over'));
  one(dialog, 'report-form').fire('submit');
  await settle();
  assert.equal(text(dialog, 'report-error'), REPORT_WORDS.en['rep.bad_text_long']);
  assert.deepEqual(sent, []); // refused before sending

  // Refused by the server: its words, and the dialog stays.
  field.value = '  lost 20 games in a row in 2 minutes ';
  field.fire('input');
  refuse = refusal('rate_limited', 'at most 10 reports an hour');
  one(dialog, 'report-form').fire('submit');
  await settle();
  assert.equal(text(dialog, 'report-error'), 'at most 10 reports an hour');
  assert.ok(dialog.open);
  assert.equal(one(dialog, 'report-submit').disabled, false);
  refuse = null;
  one(dialog, 'report-form').fire('submit');
  await settle();
  assert.deepEqual(sent.at(-1), { type: 'report_player', name: 'mallory', reason: 'sandbagging', text: 'lost 20 games in a row in 2 minutes' });
  assert.equal(dialog.open, false);
  assert.equal(one(body, 'report-dialog'), null);
  assert.deepEqual(toasts, [['Your report about mallory went to the moderators.', 'info']]);
  handle.close(); // closed already: nothing happens

  // In Russian, with the game and its ply (the game page's); Cancel closes it unsent.
  const ruPage = page({ lang: 'ru', answer: () => { throw refusal('account_required', 'only registered players may report'); } });
  openReport(ruPage.app, 'mallory', { gameId: 'g12', ply: 31 });
  const d2 = one(ruPage.body, 'report-dialog');
  assert.equal(text(d2, 'report-game'), 'Об этой партии, полуход 31: к жалобе приложатся последние строки её чата.');
  choose(one(d2, 'report-reason'), 'abuse');
  one(d2, 'report-form').fire('submit');
  await settle();
  assert.deepEqual(ruPage.sent, [{ type: 'report_player', name: 'mallory', reason: 'abuse', game_id: 'g12', ply: 31 }]);
  assert.equal(text(d2, 'report-error'), REPORT_WORDS.ru['rep.error_account_required']);
  one(d2, 'report-close').click();
  assert.equal(one(ruPage.body, 'report-dialog'), null);
});

/** The profile of `player` (the API's answer `profile`) as `identity` sees it. */
async function profilePage({ identity = { player: 'ann', registered: true }, player = 'mallory', profile = { name: 'mallory', registered: true, ratings: {}, recent: [] }, lang = 'en', srv = server(), answer = null } = {}) {
  const { profileView } = await import('../../public/js/app/views/profile.js');
  const p = page({ identity, lang, profile, answer: answer ?? srv.answer });
  const main = new El('main');
  const view = profileView(p.app, { name: 'player', player }, main);
  view.onReady();
  await settle();
  return { ...p, main, view, srv };
}

test('the profile: Block / Unblock between two accounts (list_blocks asked once), and Report opening the dialog', async () => {
  const srv = server();
  srv.blocks.push('eve');
  const { main, sent, view, body } = await profilePage({ srv });
  assert.deepEqual(sent, [{ type: 'list_blocks' }]);
  const block = one(main, 'profile-block');
  assert.equal(block.textContent, 'Block');
  assert.equal(block.getAttribute('aria-pressed'), 'false');
  assert.ok(one(main, 'profile-challenge'));
  view.onReady(); // a new connection: not asked again
  view.onIdentity();
  await settle();
  assert.deepEqual(sent, [{ type: 'list_blocks' }]);

  block.click();
  await settle();
  assert.deepEqual(sent.at(-1), { type: 'block_player', name: 'mallory' });
  assert.deepEqual(srv.blocks, ['eve', 'mallory']);
  assert.equal(text(main, 'profile-block'), 'Unblock');
  assert.equal(one(main, 'profile-block').dataset.blocked, 'true');
  assert.match(text(main, 'profile-block-status'), /^You blocked mallory: they can no longer challenge you/);
  one(main, 'profile-block').click();
  await settle();
  assert.deepEqual(sent.at(-1), { type: 'unblock_player', name: 'mallory' });
  assert.equal(text(main, 'profile-block'), 'Block');
  assert.equal(text(main, 'profile-block-status'), 'You unblocked mallory.');

  // Unblocked meanwhile elsewhere: not_found says so, and the button follows.
  srv.blocks.push('mallory');
  const again = await profilePage({ srv });
  assert.equal(text(again.main, 'profile-block'), 'Unblock');
  srv.blocks = [];
  one(again.main, 'profile-block').click();
  await settle();
  assert.equal(text(again.main, 'profile-block'), 'Block');
  assert.equal(text(again.main, 'profile-block-status'), 'you do not block mallory');

  one(main, 'profile-report').click();
  await settle();
  const dialog = one(body, 'report-dialog');
  assert.ok(dialog?.open);
  assert.equal(all(dialog, (n) => n.tag === 'h2')[0].textContent, 'Report mallory');
  choose(one(dialog, 'report-reason'), 'cheating');
  one(dialog, 'report-form').fire('submit');
  await settle();
  assert.deepEqual(sent.at(-1), { type: 'report_player', name: 'mallory', reason: 'cheating' }); // no game from the profile
  assert.equal(one(body, 'report-dialog'), null);
  view.destroy();
});

test('the profile: no Block or Report for a guest, on one’s own profile, on a guest’s, without a name, or from a server without moderation', async () => {
  const guest = await profilePage({ identity: { player: 'gil', registered: false } });
  assert.ok(one(guest.main, 'profile-challenge'));
  assert.equal(one(guest.main, 'profile-block'), null);
  assert.deepEqual(guest.sent, []);
  const own = await profilePage({ identity: { player: 'mallory', registered: true } });
  assert.equal(one(own.main, 'profile-block'), null);
  assert.ok(one(own.main, 'profile-tokens'));
  assert.deepEqual(own.sent, []);
  const ofGuest = await profilePage({ profile: { name: 'gus', registered: false, ratings: {}, recent: [] }, player: 'gus' });
  assert.equal(one(ofGuest.main, 'profile-block'), null);
  assert.equal(one(ofGuest.main, 'profile-report'), null);
  const nobody = await profilePage({ identity: null });
  assert.equal(one(nobody.main, 'profile-block'), null);
  const old = await profilePage({ answer: () => { throw refusal('unknown_type', "unknown message type 'list_blocks'"); } });
  assert.equal(one(old.main, 'profile-block'), null);
  assert.equal(one(old.main, 'profile-report'), null);
  assert.ok(one(old.main, 'profile-challenge'));
  // In Russian.
  const inRu = await profilePage({ lang: 'ru' });
  assert.equal(text(inRu.main, 'profile-block'), 'Заблокировать');
  assert.equal(text(inRu.main, 'profile-report'), 'Пожаловаться');
});

test('the game page: "Report opponent" for a registered player of a live game, with the game and its ply (app.report)', async () => {
  const { liveGame } = await import('../../public/js/app/views/live_game.js');
  const state = (more) => ({ game_id: 'g12', room_id: 'r1', game: 'tablut', options: {}, players: { first: 'ann', second: 'mallory' }, sides: { first: 'attackers', second: 'defenders' },
    you: 'first', board: null, position: 'p', ply: 31, to_move: 'second', moves: [], clocks: null, status: { state: 'ongoing' }, ...more });
  const show = (identity, more = {}) => {
    const reported = [];
    const v = reduceGame(undefined, { type: 'game_state', state: state(more) }, 0);
    const app = {
      t: en, identity, games: new Map([['g12', v]]), chats: new Map(), muted: new Set(), rematches: new Map(), tourGames: new Map(),
      conn: { ready: true, request: async () => ({}), send: () => true },
      win: { performance: { now: () => 0 }, setInterval: () => 1, clearInterval() {} },
      setTitle() {},
      report: (...args) => reported.push(args),
    };
    const root = new El('section');
    const page = liveGame(app, { name: 'game', gameId: 'g12', ply: null }, root, { onEnded() {} });
    const button = one(root, 'game-report');
    page.destroy();
    return { button, reported };
  };
  const { button, reported } = show({ player: 'ann', registered: true });
  assert.equal(button.textContent, 'Report opponent');
  button.click();
  assert.deepEqual(reported, [['mallory', { gameId: 'g12', ply: 31 }]]);
  assert.equal(show({ player: 'gil', registered: false }).button, null); // a guest may not report
  assert.equal(show({ player: 'walt', registered: true }, { you: null }).button, null); // a spectator
  assert.equal(show({ player: 'ann', registered: true }, { status: { state: 'win', winner: 'first', reason: 'resignation' } }).button, null); // over
});

// ---- app.js: the header's link, a suspended or banned account, app.report ----

test('the header links to /admin for a moderator or an admin only', async () => {
  const { App } = await import('../../public/js/app/app.js');
  const nav = (role, lang = 'en') => {
    const self = { t: lang === 'ru' ? ru : en, lang, route: { name: 'lobby' }, identity: role === undefined ? null : { player: 'olga', registered: true, role },
      el: { nav: new El('nav'), lang: new El('select') }, doc: { getElementById: () => null }, conn: {}, renderWho() {}, showPhase() {} };
    App.prototype.renderChrome.call(self);
    return self.el.nav;
  };
  assert.equal(text(nav('admin'), 'nav-admin'), 'Moderation');
  assert.equal(one(nav('admin'), 'nav-admin').getAttribute('href'), '/admin');
  assert.equal(text(nav('moderator', 'ru'), 'nav-admin'), 'Модерация');
  for (const role of [null, 'none', 'owner', undefined]) assert.equal(one(nav(role), 'nav-admin'), null, String(role));
  assert.equal(byTestid(nav('admin'), 'nav-tournaments').length, 1);
});

test('a suspended or banned account: resume refused, signed out with the server’s words (a note and a toast), not asked again', async () => {
  const { App } = await import('../../public/js/app/app.js');
  const run = async (code, message, lang = 'en') => {
    const calls = [];
    const self = {
      t: lang === 'ru' ? ru : en,
      identity: { player: 'mallory', registered: true },
      ids: { load: () => ({ player: 'mallory', token: 'tok', registered: true }), forgetToken: () => calls.push('forgetToken') },
      conn: { request: async () => { throw refusal(code, message); }, markReady: () => calls.push('ready'), phase: 'online' },
      waiters: [],
      view: null,
      setIdentity(id) { this.identity = id; calls.push(['identity', id]); },
      toast: (s) => calls.push(['toast', s]),
      renderChrome() {},
      renderIdentity() {},
      guestAgain: async () => { calls.push('guestAgain'); return true; },
    };
    await App.prototype.identify.call(self, { type: 'welcome' });
    return { self, calls };
  };
  const banned = await run('banned', 'this account is banned');
  assert.equal(banned.self.identity, null);
  assert.equal(banned.self.identityNote, 'this account is banned');
  assert.deepEqual(banned.calls, ['forgetToken', ['identity', null], ['toast', 'this account is banned'], 'ready']);
  const suspended = await run('suspended', 'suspended until 2024-06-12 08:00 UTC', 'ru');
  assert.equal(suspended.self.identityNote, ruTable['error.suspended']);
  assert.ok(suspended.calls.includes('forgetToken') && !suspended.calls.includes('guestAgain'));
  // Any other failure of the connection: kept, tried again at the next welcome.
  const dropped = await run('offline', 'the connection was lost');
  assert.deepEqual(dropped.calls, []);
  assert.equal(dropped.self.identity.player, 'mallory');
});

test('app.report: the report dialog loaded on the first use, about the game and its ply', async () => {
  const { App } = await import('../../public/js/app/app.js');
  const srv = server();
  const { app, body, sent } = page({ answer: srv.answer });
  App.prototype.report.call(app, 'mallory', { gameId: 'g12', ply: 31 });
  await settle();
  const dialog = one(body, 'report-dialog');
  assert.ok(dialog?.open);
  choose(one(dialog, 'report-reason'), 'stalling');
  one(dialog, 'report-form').fire('submit');
  await settle();
  assert.deepEqual(sent, [{ type: 'report_player', name: 'mallory', reason: 'stalling', game_id: 'g12', ply: 31 }]);
});

// ---- the moderators' page ----

/** /admin as `identity` sees it, against the stand-in server `srv` (its role the identity's). */
async function adminPage({ identity = { player: 'olga', registered: true, role: 'admin' }, lang = 'en', srv = null, ready = true, answer = null } = {}) {
  const { adminView } = await import('../../public/js/app/views/admin.js');
  const s = srv ?? server({ me: identity?.player, role: identity?.role });
  const p = page({ identity, lang, ready, answer: answer ?? s.answer });
  const main = new El('main');
  const view = adminView(p.app, { name: 'admin' }, main);
  if (ready) view.onReady();
  await settle();
  return { ...p, main, view, srv: s };
}

/** Answers the open reason dialog with `reason` (null: Cancel). */
async function giveReason(body, reason) {
  const dialog = one(body, 'admin-prompt');
  assert.ok(dialog?.open, 'a reason is asked for');
  if (reason === null) one(dialog, 'admin-prompt-no').click();
  else {
    one(dialog, 'admin-prompt-reason').value = reason;
    all(dialog, (n) => n.tag === 'form')[0].fire('submit');
  }
  await settle();
  return dialog;
}

/** Fills the form `id`'s fields ({testid suffix: value}) and submits it. */
async function submitForm(main, id, values) {
  for (const [k, v] of Object.entries(values)) choose(one(main, `admin-${k}`), v);
  one(main, `admin-${id}-form`).fire('submit');
  await settle();
}

test('the moderators’ page: a visitor without a name is asked to log in; a player who is not a moderator is told so; nothing is asked of the server', async () => {
  const loading = await adminPage({ identity: null, ready: false });
  assert.equal(loading.app.title, 'Moderation');
  assert.equal(one(loading.main, 'admin-need-name'), null);
  const nobody = await adminPage({ identity: null });
  assert.equal(text(nobody.main, 'admin-need-name'), ADMIN_WORDS.en['adm.need_name']);
  one(nobody.main, 'admin-sign-in').click();
  assert.deepEqual([nobody.app.panelOpen, nobody.app.calls], [true, ['renderIdentity', 'renderWho']]);
  assert.deepEqual(nobody.sent, []);
  for (const identity of [{ player: 'ann', registered: true }, { player: 'gil', registered: false }, { player: 'ann', registered: true, role: 'none' }]) {
    const p = await adminPage({ identity });
    assert.equal(text(p.main, 'admin-forbidden'), 'This page is for the server’s moderators.');
    assert.equal(one(p.main, 'admin-reports'), null);
    assert.deepEqual(p.sent, []);
  }
  // Made a moderator (the identity says so again): the page.
  const later = await adminPage({ identity: { player: 'ann', registered: true }, srv: server({ me: 'ann', role: 'moderator' }) });
  later.app.identity = { player: 'ann', registered: true, role: 'moderator' };
  later.view.onIdentity();
  await settle();
  assert.ok(one(later.main, 'admin-reports'));
  assert.deepEqual(later.sent.map((m) => m.type).sort(), ['get_moderation', 'list_reports']);
});

test('the moderators’ page: the open reports newest first, with the text, the game’s links and the chat kept (as text); closed with a reason', async () => {
  const chat = [{ from: 'mallory', channel: 'players', text: '<img src=x onerror=alert(1)> loser', at_ms: T0 - 5000 }, { from: 'ann', channel: 'players', text: 'please stop', at_ms: T0 - 4000 }];
  const srv = server({ me: 'olga', role: 'moderator', reports: [
    { report_id: 11, at_ms: T0 - 60000, reporter: 'bob', target: 'eve', reason: 'stalling', text: '', game_id: null, ply: null, chat: [], closed_by: null, closed_ms: null },
    { report_id: 12, at_ms: T0, reporter: 'ann', target: 'mallory', reason: 'abuse', text: 'insults in the chat', game_id: 'g12', ply: 31, chat, closed_by: null, closed_ms: null },
  ] });
  const { main, body, sent } = await adminPage({ identity: { player: 'olga', registered: true, role: 'moderator' }, srv });
  assert.deepEqual(sent.map((m) => m.type).sort(), ['get_moderation', 'list_reports']);
  const rows = byTestid(main, 'admin-report');
  assert.deepEqual(rows.map((r) => r.dataset.report), ['12', '11']);
  const r12 = rows[0];
  assert.equal(text(r12, 'admin-report-target'), 'mallory');
  assert.equal(one(r12, 'admin-report-target').getAttribute('href'), '/player/mallory');
  assert.equal(text(r12, 'admin-report-reporter'), 'ann');
  assert.equal(text(r12, 'admin-report-reason'), 'Abuse');
  assert.equal(text(r12, 'admin-report-text'), 'insults in the chat');
  assert.equal(one(r12, 'admin-report-game').getAttribute('href'), '/game/g12');
  assert.equal(one(r12, 'admin-report-replay').getAttribute('href'), '/game/g12?ply=31');
  assert.equal(text(r12, 'admin-report-replay'), 'Replay at ply 31');
  const lines = byTestid(r12, 'admin-chat-line');
  assert.deepEqual(lines.map((l) => l.textContent), ['players mallory: <img src=x onerror=alert(1)> loser', 'players ann: please stop']);
  assert.equal(lines[0].className, 'target'); // the reported player's lines marked
  assert.equal(all(r12, (n) => n.tag === 'img').length, 0);
  assert.equal(one(rows[1], 'admin-report-game'), null);
  assert.equal(one(rows[1], 'admin-report-no-chat'), null); // no game: nothing to say about its chat
  // The role form is an admin's.
  assert.equal(one(main, 'admin-grant').hidden, true);

  // "Sanction mallory…" fills the sanction form.
  one(r12, 'admin-report-sanction').click();
  assert.equal(one(main, 'admin-sanction-name').value, 'mallory');
  assert.equal(one(main, 'admin-sanction-reason').value, 'report 12: ');

  // Close: a reason is asked (none is refused in the dialog; Cancel sends nothing).
  sent.length = 0;
  one(r12, 'admin-report-close').click();
  await settle();
  assert.match(text(body, 'admin-prompt') ?? all(body, (n) => n.tag === 'p')[0].textContent, /Close report #12: how was it handled\?/);
  await giveReason(body, null);
  assert.deepEqual(sent, []);
  one(r12, 'admin-report-close').click();
  await settle();
  const dialog = await giveReason(body, '   ');
  assert.ok(dialog.open);
  assert.equal(text(dialog, 'admin-prompt-error'), 'Give a reason: it is kept in the audit log.');
  await giveReason(body, 'mallory banned');
  assert.deepEqual(sent[0], { type: 'moderate', action: 'close_report', target: '12', reason: 'mallory banned' });
  assert.deepEqual(sent.slice(1).map((m) => m.type).sort(), ['get_moderation', 'list_reports']); // asked again
  assert.deepEqual(byTestid(main, 'admin-report').map((r) => r.dataset.report), ['11']);
  assert.equal(text(main, 'admin-status'), 'Done — Report closed: 12.');
  const audit = byTestid(main, 'admin-audit-row');
  assert.deepEqual([audit[0].dataset.action, text(audit[0], 'admin-audit-target'), text(audit[0], 'admin-audit-action')], ['close_report', '12', 'Report closed']);

  // The other closed too: none left.
  one(main, 'admin-report-close').click();
  await settle();
  await giveReason(body, 'talked to bob');
  assert.equal(text(main, 'admin-reports-none'), 'No open reports.');
});

test('the moderators’ page: the sanction form (suspend with hours, ban, lift, annul asked first), checked before sending; the list and Lift', async () => {
  const { main, body, sent, srv } = await adminPage();
  assert.equal(text(main, 'admin-sanctions-none'), 'None.');
  assert.equal(one(main, 'admin-grant').hidden, false); // an admin's page
  sent.length = 0;
  // Hours only for a suspension.
  const hours = one(main, 'admin-sanction-hours').parent;
  assert.equal(hours.hidden, false);
  choose(one(main, 'admin-sanction-action'), 'ban');
  assert.equal(hours.hidden, true);
  choose(one(main, 'admin-sanction-action'), 'suspend');
  const error = () => text(main, 'admin-sanction-error');
  await submitForm(main, 'sanction', { 'sanction-name': 'mallory', 'sanction-hours': '', 'sanction-reason': 'spam' });
  assert.equal(error(), 'Hours are a whole number from 1 to 8760.');
  await submitForm(main, 'sanction', { 'sanction-hours': '8761' });
  assert.equal(error(), 'Hours are a whole number from 1 to 8760.');
  await submitForm(main, 'sanction', { 'sanction-hours': '48', 'sanction-reason': '' });
  assert.equal(error(), 'Give a reason: it is kept in the audit log.');
  await submitForm(main, 'sanction', { 'sanction-reason': 'x'.repeat(501) });
  assert.equal(error(), ADMIN_WORDS.en['adm.bad_reason_long']);
  await submitForm(main, 'sanction', { 'sanction-name': '', 'sanction-reason': 'spam' });
  assert.equal(error(), 'Give a player’s name (1 to 32 characters).');
  assert.deepEqual(sent, []); // all refused before sending

  await submitForm(main, 'sanction', { 'sanction-name': 'mallory', 'sanction-hours': '48', 'sanction-reason': 'spam in chat' });
  assert.deepEqual(sent[0], { type: 'moderate', action: 'suspend', target: 'mallory', hours: 48, reason: 'spam in chat' });
  assert.equal(error(), '');
  assert.equal(one(main, 'admin-sanction-name').value, ''); // cleared once done
  let row = one(main, 'admin-sanction');
  assert.deepEqual([row.dataset.player, row.dataset.kind], ['mallory', 'suspend']);
  assert.equal(text(row, 'admin-sanction-kind'), `suspended until ${whenText(T0 + 48 * 3600000, 'en')}`);

  await submitForm(main, 'sanction', { 'sanction-name': 'mallory', 'sanction-action': 'ban', 'sanction-hours': '', 'sanction-reason': 'threats (report 12)' });
  assert.deepEqual(sent.at(-1).type, 'get_moderation');
  assert.ok(sent.some((m) => m.action === 'ban' && !('hours' in m)));
  row = one(main, 'admin-sanction');
  assert.equal(text(row, 'admin-sanction-kind'), 'banned');
  assert.match(row.textContent, /threats \(report 12\)/);
  assert.equal(text(main, 'admin-status'), 'Done — Ban: mallory.');

  // Lift from the row, with a reason.
  one(row, 'admin-sanction-lift').click();
  await settle();
  await giveReason(body, 'appeal accepted');
  assert.ok(sent.some((m) => m.action === 'lift' && m.target === 'mallory' && m.reason === 'appeal accepted'));
  assert.equal(text(main, 'admin-sanctions-none'), 'None.');
  // Lifting what is not in force: the server's refusal in the form.
  await submitForm(main, 'sanction', { 'sanction-name': 'mallory', 'sanction-action': 'lift', 'sanction-reason': 'again' });
  assert.equal(error(), 'nothing to undo');

  // Annul asks first: kept, nothing is sent; then done, with the count.
  const before = sent.length;
  await submitForm(main, 'sanction', { 'sanction-name': 'mallory', 'sanction-action': 'annul', 'sanction-reason': 'boosting ring' });
  let question = one(body, 'confirm');
  assert.match(question.getAttribute('aria-label'), /^Annul every rated game of mallory\?/);
  question.returnValue = 'no';
  question.close();
  await settle();
  assert.equal(sent.length, before);
  one(main, 'admin-sanction-form').fire('submit');
  await settle();
  question = one(body, 'confirm');
  question.returnValue = 'yes';
  question.close();
  await settle();
  assert.deepEqual(sent[before], { type: 'moderate', action: 'annul', target: 'mallory', reason: 'boosting ring' });
  assert.equal(text(main, 'admin-status'), 'Done: 3 rated games of mallory annulled.');
  const top = byTestid(main, 'admin-audit-row')[0];
  assert.match(top.textContent, /Games annulled.*mallory.*boosting ring \(3 games\)/);
  assert.deepEqual(srv.audit.map((e) => e.action), ['suspend', 'ban', 'lift', 'annul']); // the refused lift wrote nothing
});

test('the moderators’ page: blocked addresses (an address or CIDR range, optional hours) and refused names, each undone with a reason; roles given by an admin', async () => {
  const { main, body, sent, srv, toasts } = await adminPage({ lang: 'en' });
  await submitForm(main, 'address', { address: 'example.com', 'address-reason': 'spam' });
  assert.equal(text(main, 'admin-address-error'), ADMIN_WORDS.en['adm.bad_address']);
  await submitForm(main, 'address', { address: '203.0.113.0/24', 'address-hours': '0' });
  assert.equal(text(main, 'admin-address-error'), ADMIN_WORDS.en['adm.bad_hours']);
  await submitForm(main, 'address', { 'address-hours': '' });
  assert.deepEqual(sent.find((m) => m.action === 'block_address'), { type: 'moderate', action: 'block_address', target: '203.0.113.0/24', reason: 'spam' });
  await submitForm(main, 'address', { address: '2001:db8::/32', 'address-hours': '2', 'address-reason': 'bots' });
  assert.equal(sent.filter((m) => m.action === 'block_address')[1].hours, 2);
  const rows = byTestid(main, 'admin-address-row');
  assert.deepEqual(rows.map((r) => r.dataset.address), ['203.0.113.0/24', '2001:db8::/32']);
  assert.match(rows[0].textContent, /until unblocked/);
  assert.match(rows[1].textContent, new RegExp(`until ${whenText(T0 + 2 * 3600000, 'en').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  one(rows[0], 'admin-address-unblock').click();
  await settle();
  await giveReason(body, 'the spam stopped');
  assert.ok(sent.some((m) => m.action === 'unblock_address' && m.target === '203.0.113.0/24'));
  assert.deepEqual(byTestid(main, 'admin-address-row').map((r) => r.dataset.address), ['2001:db8::/32']);
  // Unblocked meanwhile by another moderator: the refusal in a toast (the row may be far from the top).
  srv.address_blocks.length = 0;
  one(main, 'admin-address-unblock').click();
  await settle();
  await giveReason(body, 'done');
  assert.deepEqual(toasts.at(-1), ['nothing to undo', undefined]);

  await submitForm(main, 'name', { name: 'Admin', 'name-reason': 'impersonation' });
  assert.deepEqual(byTestid(main, 'admin-name-row').map((r) => r.dataset.name), ['Admin']);
  one(main, 'admin-name-allow').click();
  await settle();
  await giveReason(body, 'changed my mind');
  assert.ok(sent.some((m) => m.action === 'allow_name' && m.target === 'Admin'));
  assert.equal(text(main, 'admin-names-none'), 'None.');

  assert.deepEqual(byTestid(main, 'admin-staff-row').map((r) => [r.dataset.player, r.dataset.role]), [['olga', 'admin']]);
  await submitForm(main, 'role', { 'role-name': 'ann', role: 'moderator', 'role-reason': 'new moderator' });
  assert.deepEqual(sent.find((m) => m.action === 'grant_role'), { type: 'moderate', action: 'grant_role', target: 'ann', role: 'moderator', reason: 'new moderator' });
  assert.deepEqual(byTestid(main, 'admin-staff-row').map((r) => [r.dataset.player, r.dataset.role]), [['olga', 'admin'], ['ann', 'moderator']]);
  assert.match(one(main, 'admin-staff').textContent, /ann.*moderator/);
});

test('the moderators’ page: a moderator’s action refused (an admin’s target, a role given): said in the form, in English the server’s words, in Russian the page’s', async () => {
  const staff = [{ name: 'olga', role: 'admin' }, { name: 'max', role: 'moderator' }];
  const enPage = await adminPage({ identity: { player: 'max', registered: true, role: 'moderator' }, srv: server({ me: 'max', role: 'moderator', staff }) });
  await submitForm(enPage.main, 'sanction', { 'sanction-name': 'olga', 'sanction-action': 'ban', 'sanction-reason': 'coup' });
  assert.equal(text(enPage.main, 'admin-sanction-error'), 'a moderator cannot act on an admin');
  const ruPage = await adminPage({ lang: 'ru', identity: { player: 'max', registered: true, role: 'moderator' }, srv: server({ me: 'max', role: 'moderator', staff }) });
  assert.equal(one(ruPage.main, 'admin').textContent, 'Модерация');
  await submitForm(ruPage.main, 'sanction', { 'sanction-name': 'olga', 'sanction-action': 'ban', 'sanction-reason': 'переворот' });
  assert.equal(text(ruPage.main, 'admin-sanction-error'), 'Это могут только модераторы сервера.');
  assert.equal(text(ruPage.main, 'admin-reports-none'), 'Открытых жалоб нет.');
  // A server without moderation: said where the lists would be, with Try again.
  const old = await adminPage({ answer: () => { throw refusal('unknown_type', "unknown message type 'list_reports'"); } });
  assert.equal(text(old.main, 'admin-load-error'), 'This server does not offer moderation yet.');
  assert.ok(one(old.main, 'admin-retry'));
});

test('the moderators’ page: the audit log newest first; "Older entries" asks for those before the smallest id shown, until none are left', async () => {
  const srv = server({ me: 'olga', role: 'admin', audit: 230 });
  const { main, sent } = await adminPage({ srv });
  const ids = () => byTestid(main, 'admin-audit-row').map((r) => Number(r.dataset.audit));
  assert.equal(ids().length, 100);
  assert.deepEqual(ids().slice(0, 2), [230, 229]);
  const older = one(main, 'admin-audit-older');
  assert.equal(older.hidden, false);
  sent.length = 0;
  older.click();
  await settle();
  assert.deepEqual(sent, [{ type: 'get_moderation', audit_before: 131 }]);
  assert.equal(ids().length, 200);
  assert.equal(older.hidden, false);
  older.click();
  await settle();
  assert.deepEqual(sent.at(-1), { type: 'get_moderation', audit_before: 31 });
  assert.equal(ids().length, 230);
  assert.deepEqual(ids().slice(-1), [1]);
  assert.equal(older.hidden, true); // fewer than 100 came: the start of the log
  // An action then: the new entry on top, the older pages kept.
  await submitForm(main, 'name', { name: 'spammer', 'name-reason': 'spam' });
  assert.equal(ids().length, 231);
  assert.equal(ids()[0], 231);
  assert.equal(older.hidden, true);
  const row = byTestid(main, 'admin-audit-row')[0];
  assert.equal(text(row, 'admin-audit-action'), 'Name refused');
  assert.match(row.textContent, /olga/);
  // A fresh page with a short log: no "Older entries".
  const short = await adminPage({ srv: server({ me: 'olga', role: 'admin', audit: 3 }) });
  assert.equal(one(short.main, 'admin-audit-older').hidden, true);
  const empty = await adminPage();
  assert.equal(text(empty.main, 'admin-audit-none'), 'None.');
});
