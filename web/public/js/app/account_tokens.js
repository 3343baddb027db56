// Personal API tokens (docs/api.md, "Tokens"; the page /account/tokens): the create
// request from the form, checked as the server checks it; the list kept newest first as
// the answers change it; dates and errors in words. Pure; the tokens page's only.

import { errorText } from './describe.js';

/** The scopes, in the order the page offers them. */
export const SCOPES = ['read', 'play', 'bot:play', 'challenge'];
export const MAX_TOKENS = 20; // an account's tokens that are not revoked
export const MAX_LABEL = 64; // characters (code points)

// C0 and C1 controls, DEL; the server refuses a label with control characters.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The create_token request for the form's {label, scopes} when the account holds `count`
 * tokens: {ok:true, request} or {ok:false, bad} with bad one of `label_empty`,
 * `label_long`, `label_control`, `scopes`, `full` (the words' `tok.bad_…`).
 */
export function createRequest({ label, scopes }, count = 0) {
  const text = String(label ?? '').trim();
  if (!text) return { ok: false, bad: 'label_empty' };
  if ([...text].length > MAX_LABEL) return { ok: false, bad: 'label_long' };
  if (CONTROL.test(text)) return { ok: false, bad: 'label_control' };
  const chosen = SCOPES.filter((s) => (scopes ?? []).includes(s));
  if (!chosen.length) return { ok: false, bad: 'scopes' };
  if (count >= MAX_TOKENS) return { ok: false, bad: 'full' };
  return { ok: true, request: { type: 'create_token', label: text, scopes: chosen } };
}

const newestFirst = (a, b) => (b.created_ms ?? 0) - (a.created_ms ?? 0);

/** The `tokens` answer's list, newest first (a malformed entry left out). */
export const listTokens = (tokens) => (Array.isArray(tokens) ? tokens.filter((k) => k && typeof k.token_id === 'string') : []).sort(newestFirst);

/** The list with `token` (token_created's) added, or put in place of one with its id. */
export const addToken = (list, token) => listTokens([token, ...list.filter((k) => k.token_id !== token?.token_id)]);

/** The list without the token `id` (revoked). */
export const removeToken = (list, id) => list.filter((k) => k.token_id !== id);

/** A time of the server's (ms) as a date and time in `lang`: "10 Jun 2024, 08:13"; null when there is none. */
export function whenText(ms, lang) {
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}

// Errors the page words itself, in every language: the server's own words are about
// games (account_required), or there are none (an older server's unknown_type).
const OWN = ['account_required', 'not_found', 'storage_unavailable', 'unknown_type', 'offline'];

/** A refusal in words: the page's own (`w`) by code, else the server's message (English) or the main table's. */
export function tokenError(w, t, err) {
  if (OWN.includes(err?.code)) return w(`tok.error_${err.code}`);
  if (err?.code === 'bad_request' && t.lang !== 'en') return w('tok.error_bad_request');
  return errorText(t, err);
}
