// After a match is over, for its two players: offer a rematch, accept or decline the
// opponent's, or leave the room (which lets the opponent know there will be none).

import { h } from '../dom.js';
import { rematchStatus } from '../rematch_state.js';

/** @param {import('../app.js').App} app */
export function rematchBox(app, v, { onLeave }) {
  const t = app.t;
  const roomId = v.roomId;
  const s = app.rematches.get(roomId);
  const status = rematchStatus(s, app.identity?.player);
  // The answer is an event to both (the sender's copy carries the id); only an error matters here.
  const send = (type) => app.conn.request({ type, room_id: roomId }, { timeoutMs: 10000 }).catch((err) => err.code !== 'timeout' && app.showError(err));
  const button = (testid, text, type, extra = {}) => h('button', { type: 'button', testid, onclick: () => send(type), ...extra }, text);
  const note = (key, params) => h('p', { class: 'note', testid: 'rematch-note' }, t(key, params));
  const leave = h('button', { type: 'button', testid: 'leave', onclick: () => {
    app.conn.request({ type: 'leave_room', room_id: roomId }).catch(() => {});
    onLeave();
  } }, t('rematch.leave'));
  const parts = {
    offer: [s?.cancelled === 'declined' ? note('rematch.declined') : null, button('rematch', t('rematch.offer'), 'offer_rematch', { class: 'primary' })],
    offered: [note('rematch.waiting'), button('rematch-offered', t('rematch.offered'), 'offer_rematch', { disabled: true })],
    answer: [note('rematch.offers', { player: s?.offeredBy }), button('rematch-accept', t('rematch.accept'), 'accept_rematch', { class: 'primary' }), button('rematch-decline', t('rematch.decline'), 'decline_rematch')],
    started: [note('rematch.started')],
    gone: [note(s?.cancelled === 'expired' ? 'rematch.expired' : 'rematch.left')],
  }[status];
  return h('div', { class: 'rematch row', testid: 'rematch-box' }, parts, status !== 'started' ? leave : null);
}
