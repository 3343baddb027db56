// The notification settings form's request (docs/notifications.md): only the fields
// that changed, the reminders read from "24, 2". Pure, so a unit test reads it.

/** Hours from "24, 2" ("" or "none": none); null when one is not a whole number from 1 to 336. */
export function parseReminders(text) {
  const words = String(text).split(/[\s,]+/).filter(Boolean);
  if (words.length === 1 && words[0].toLowerCase() === 'none') return [];
  const hours = words.map(Number);
  if (hours.length > 4 || hours.some((h) => !Number.isInteger(h) || h < 1 || h > 336)) return null;
  return hours;
}

/**
 * The set_notifications request for the form's `values` ({email, webhook, onMove,
 * reminders}) against the `current` settings; {ok:false, bad:'reminders'} for bad reminders,
 * {ok:true, request:null} when nothing changed.
 */
export function notifyRequest(values, current) {
  const hours = parseReminders(values.reminders);
  if (!hours) return { ok: false, bad: 'reminders' };
  const request = { type: 'set_notifications' };
  const email = values.email.trim(), webhook = values.webhook.trim();
  if (email !== (current?.email ?? '')) request.email = email;
  if (webhook !== (current?.webhook_url ?? '')) request.webhook_url = webhook;
  if (values.onMove !== (current?.on_move ?? true)) request.on_move = values.onMove;
  if (hours.join(',') !== (current?.reminder_hours ?? [24, 2]).join(',')) request.reminder_hours = hours;
  return { ok: true, request: Object.keys(request).length > 1 ? request : null };
}
