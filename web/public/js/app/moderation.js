// Moderation (docs/protocol.md, "Moderation"): the moderators' requests, checked as the
// server checks them (reasons 1 to 500 bytes, hours 1 to 8,760, an address or CIDR range
// by its shape); the reports and the audit log in order, the audit's older pages; and,
// from report.js, a player's blocks and reports and refusals in words. Pure; the
// moderators' page's (the profile and the report dialog take report.js alone).

import { MAX_TEXT, byteLength } from './report.js';
import { gameUrl } from './router.js';

export { REPORT_REASONS, MAX_TEXT, byteLength, reportRequest, blockRequest, moderationError } from './report.js';

/** The actions of `moderate`, and which of them name a player. */
export const ACTIONS = ['suspend', 'ban', 'lift', 'block_address', 'unblock_address', 'refuse_name', 'allow_name', 'close_report', 'annul', 'grant_role'];
const ON_NAMES = ['suspend', 'ban', 'lift', 'refuse_name', 'allow_name', 'annul', 'grant_role'];
export const ROLES = ['moderator', 'admin', 'none']; // grant_role's
export const MAX_HOURS = 8760;
export const AUDIT_PAGE = 100; // audit entries in one `moderation` answer

/** Whether an identity's role may moderate (`moderator` or `admin`). */
export const isStaff = (role) => role === 'moderator' || role === 'admin';

/** A player's name as the router accepts one: 1 to 32 characters, no control characters (the server checks the rest). */
const nameOk = (name) => [...name].length >= 1 && [...name].length <= 32 && !/[\u0000-\u001f\u007f-\u009f]/.test(name);

/** A moderator's reason: `reason_empty`, `reason_long`, or null when it will do. */
export function reasonProblem(text) {
  const s = String(text ?? '').trim();
  if (!s) return 'reason_empty';
  return byteLength(s) > MAX_TEXT ? 'reason_long' : null;
}

/** Hours typed in a field: a whole number from 1 to 8,760, or null (`optional` and empty); undefined when neither. */
export function hoursOf(value, optional = false) {
  const s = String(value ?? '').trim();
  if (!s) return optional ? null : undefined;
  const n = Number(s);
  return /^\d+$/.test(s) && n >= 1 && n <= MAX_HOURS ? n : undefined;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Whether `text` has the shape of an IPv4 or IPv6 address, with an optional /prefix (not whether it is routable). */
export function isAddress(text) {
  const [address, prefix, ...more] = String(text ?? '').trim().split('/');
  if (more.length || !address) return false;
  const v4 = IPV4.exec(address);
  const max = v4 ? 32 : 128;
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= max)) return false;
  if (v4) return v4.slice(1).every((octet) => Number(octet) <= 255);
  if (!address.includes(':') || (address.match(/::/g) ?? []).length > 1 || /:::/.test(address)) return false;
  if (/^:[^:]|[^:]:$/.test(address)) return false; // a lone colon at either end
  // Groups of one to four hex digits; the last may be an IPv4 address (::ffff:192.0.2.1).
  const groups = address.split(':');
  let count = 0;
  for (const [i, g] of groups.entries()) {
    if (g === '') continue; // the ends of "::"
    if (i === groups.length - 1 && IPV4.test(g) && IPV4.exec(g).slice(1).every((o) => Number(o) <= 255)) count += 2;
    else if (/^[0-9a-f]{1,4}$/i.test(g)) count += 1;
    else return false;
  }
  return address.includes('::') ? count <= 7 : count === 8;
}

/**
 * The moderate request for a form's {action, target, reason, hours, role}: {ok:true,
 * request} or {ok:false, bad} with bad one of `action`, `name`, `address`, `report`,
 * `hours`, `role`, `reason_empty`, `reason_long` (the words' `adm.bad_…`). Hours go with
 * suspend (required) and block_address (optional); role with grant_role.
 */
export function moderateRequest({ action, target, reason, hours = '', role = '' }) {
  if (!ACTIONS.includes(action)) return { ok: false, bad: 'action' };
  const what = String(target ?? '').trim();
  if (ON_NAMES.includes(action) && !nameOk(what)) return { ok: false, bad: 'name' };
  if (action === 'block_address' && !isAddress(what)) return { ok: false, bad: 'address' };
  if (action === 'unblock_address' && !what) return { ok: false, bad: 'address' };
  if (action === 'close_report' && !/^\d{1,18}$/.test(what)) return { ok: false, bad: 'report' };
  const request = { type: 'moderate', action, target: what };
  if (action === 'suspend' || action === 'block_address') {
    const h = hoursOf(hours, action === 'block_address');
    if (h === undefined) return { ok: false, bad: 'hours' };
    if (h !== null) request.hours = h;
  }
  if (action === 'grant_role') {
    if (!ROLES.includes(role)) return { ok: false, bad: 'role' };
    request.role = role;
  }
  const problem = reasonProblem(reason);
  if (problem) return { ok: false, bad: problem };
  request.reason = String(reason).trim();
  return { ok: true, request };
}

/** The `reports` answer's list, newest first (a malformed entry left out). */
export const listReports = (reports) => (Array.isArray(reports) ? reports.filter((r) => r && Number.isFinite(r.report_id)) : [])
  .sort((a, b) => (b.at_ms ?? 0) - (a.at_ms ?? 0) || b.report_id - a.report_id);

/** A report's chat lines ({from, channel, text, at_ms}), in the order said (a malformed one left out). */
export const chatOf = (report) => (Array.isArray(report?.chat) ? report.chat.filter((c) => c && typeof c.text === 'string' && typeof c.from === 'string') : []);

/** A report's links: to its game's page, and to the replay at the ply reported (when it has one); null without a game. */
export function reportLinks(report) {
  if (!report?.game_id) return null;
  return { game: gameUrl(report.game_id), replay: Number.isInteger(report.ply) ? gameUrl(report.game_id, report.ply) : null };
}

/** Audit entries, newest first, each once: `more` (an older page, or a fresh first page) merged into `list`. */
export function mergeAudit(list, more) {
  const byId = new Map();
  for (const e of [...(list ?? []), ...(Array.isArray(more) ? more : [])]) if (e && Number.isFinite(e.audit_id)) byId.set(e.audit_id, e);
  return [...byId.values()].sort((a, b) => b.audit_id - a.audit_id);
}

/** The get_moderation request for the entries older than those shown (the smallest audit_id), or null with none shown. */
export function olderRequest(audit) {
  if (!audit?.length) return null;
  return { type: 'get_moderation', audit_before: Math.min(...audit.map((e) => e.audit_id)) };
}

/** A time of the server's (ms) as a date and time in `lang`; null when there is none. */
export function whenText(ms, lang) {
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}
