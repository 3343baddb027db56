// Blocking and reporting a player (docs/protocol.md, "Moderation"): the requests, checked
// as the server checks them, and refusals in words. Pure; the profile's and the report
// dialog's (moderation.js, the moderators' page's, builds on it).

import { errorText } from './describe.js';

export const REPORT_REASONS = ['abuse', 'cheating', 'sandbagging', 'boosting', 'stalling', 'other'];
export const MAX_TEXT = 500; // bytes: a report's text, a moderator's reason

const encoder = new TextEncoder();
/** The length of `text` in UTF-8 bytes, as the server counts it. */
export const byteLength = (text) => encoder.encode(String(text ?? '')).length;

/**
 * The report_player request for {name, reason, text, gameId, ply}: {ok:true, request} or
 * {ok:false, bad} with bad `reason` or `text_long` (the words' `rep.bad_…`). An empty
 * text is left out; game_id and ply only for a game.
 */
export function reportRequest({ name, reason, text = '', gameId = null, ply = null }) {
  if (!REPORT_REASONS.includes(reason)) return { ok: false, bad: 'reason' };
  const said = String(text ?? '').trim();
  if (byteLength(said) > MAX_TEXT) return { ok: false, bad: 'text_long' };
  const request = { type: 'report_player', name, reason };
  if (said) request.text = said;
  if (gameId) request.game_id = gameId;
  if (gameId && Number.isInteger(ply) && ply >= 0) request.ply = ply;
  return { ok: true, request };
}

/** Blocks `name`, or unblocks when `blocked` already. */
export const blockRequest = (name, blocked) => ({ type: blocked ? 'unblock_player' : 'block_player', name });

/**
 * A refusal in words (`w`: report_words.js's or admin_words.js's): none at all (offline)
 * and an older server's (unknown_type) in the page's words; else in English the server's
 * message, in another language the page's words by code (`rep.error_…`), else the main
 * table's or the server's.
 */
export function moderationError(w, t, err) {
  const own = `rep.error_${err?.code}`;
  if (err?.code === 'offline') return t('error.offline');
  if (err?.code === 'unknown_type') return w(own);
  if (t.lang === 'en' && err?.message) return err.message;
  return w.maybe(own, null) ?? errorText(t, err);
}
