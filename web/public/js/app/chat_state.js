// A game's chat as the page keeps it: the lines (text kept as the server sent it, never
// read as markup: the view puts it in text nodes), the channel the visitor writes to,
// and the check of a line before it is sent (docs/protocol.md, "Chat"). Pure.

export const CHAT_MAX = 140; // Unicode code points, after trimming
export const CHAT_KEEP = 100; // lines kept per game

/** @typedef {{from:string, text:string, channel:string, at:number}} ChatLine */

/** Players write to each other; a spectator writes to the spectators. */
export const channelFor = (you) => (you ? 'players' : 'spectators');

/** Code points, not UTF-16 units: an emoji counts once, as the server counts. */
export const codePoints = (text) => [...String(text)].length;

// C0, DEL, C1, and the bidi overrides and isolates: refused by the server.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
// Only invisible characters (zero-width spaces and joiners, U+FEFF...) and spaces: the
// server refuses such a line as empty.
const INVISIBLE_ONLY = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}]*$/u;

/** {ok:true, text} (trimmed) or {ok:false, error} with an i18n key. */
export function checkChat(text) {
  const trimmed = String(text ?? '').replace(/^ +| +$/g, '');
  if (trimmed === '') return { ok: false, error: 'chat.empty' };
  if (FORBIDDEN.test(trimmed)) return { ok: false, error: 'chat.control' };
  if (INVISIBLE_ONLY.test(trimmed)) return { ok: false, error: 'chat.empty' };
  if (codePoints(trimmed) > CHAT_MAX) return { ok: false, error: 'chat.too_long' };
  return { ok: true, text: trimmed };
}

/** The lines after a `chat` event (or the reply to our own line), the oldest dropped past CHAT_KEEP. @param {ChatLine[]} lines */
export function addChatLine(lines, msg) {
  if (msg.type !== 'chat' || typeof msg.text !== 'string') return lines;
  const line = { from: String(msg.from ?? ''), text: msg.text, channel: msg.channel === 'spectators' ? 'spectators' : 'players', at: Number(msg.at_ms) || 0 };
  const next = [...lines, line];
  return next.length > CHAT_KEEP ? next.slice(next.length - CHAT_KEEP) : next;
}

/** `12/140`: what the counter under the field says. */
export const chatCounter = (text) => `${codePoints(String(text).replace(/^ +| +$/g, ''))}/${CHAT_MAX}`;
