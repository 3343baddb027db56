// /room/{id}: the visitor's own waiting room (its link to send, cancel), or joining
// someone's room once the visitor has a name. The game page follows when the game starts.

import { h, replace } from '../dom.js';
import { roomUrl, playerUrl } from '../router.js';
import { gameName, optionsText, sideName, errorText, controlText } from '../describe.js';
import './page_style.js';

/** The visitor's open room: what it is, its link with a copy button, and cancel. */
export function roomBox(app, { room, invite_code }) {
  const t = app.t;
  const url = new URL(roomUrl(room.room_id, invite_code), app.win.location.href).href;
  const link = h('input', { id: 'room-link', testid: 'room-link', readonly: true, value: url, onfocus: (e) => e.target.select() });
  const said = h('span', { class: 'muted', role: 'status' });
  const info = app.welcome?.games.find((g) => g.id === room.game);
  const side = room.creator_side === 'random' ? t('side.random') : sideName(t, info?.[`${room.creator_side}_side`] || room.creator_side);
  const copy = async () => {
    try {
      await app.win.navigator.clipboard.writeText(url);
    } catch {
      link.select();
      app.doc.execCommand?.('copy'); // older browsers, or a page not served securely
    }
    said.textContent = t('room.copied');
  };
  const cancel = async (e) => {
    e.target.disabled = true;
    try {
      await app.conn.request({ type: 'cancel_room', room_id: room.room_id });
      app.myRoom = null;
      app.navigate('/');
    } catch (err) {
      app.showError(err);
      e.target.disabled = false;
    }
  };
  // A room of play_computer (the bot is on its way) or a challenge (its player is asked,
  // views/challenge.js): no link to send.
  const bot = Number.isInteger(room.computer_level);
  if (bot || room.challenged)
    return h('div', { class: 'room-box', testid: 'room-box', dataset: { room: room.room_id } },
      h('p', { class: 'what' }, gameName(t, room.game), ' · ', controlText(t, room) ?? t('clock.none'), ' · ', t('room.your_side', { side })),
      h('p', { class: 'waiting', testid: 'room-waiting' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        bot ? t('computer.waiting', { n: room.computer_level }) : [t('room.waiting'), ' ', h('a', { href: playerUrl(room.challenged) }, room.challenged)]),
      h('p', null, h('button', { type: 'button', class: 'danger', testid: 'room-cancel', onclick: cancel }, t(bot ? 'computer.cancel' : 'room.cancel'))));
  return h('div', { class: 'room-box', testid: 'room-box', dataset: { room: room.room_id } },
    h('p', { class: 'what' }, gameName(t, room.game),
      Object.keys(room.options || {}).length ? ` (${optionsText(t, room.options)})` : '',
      ' · ', controlText(t, room) ?? t('clock.none'),
      ' · ', t('room.your_side', { side }),
      room.games > 1 ? ` · ${t('room.match_of', { n: room.games })}` : '',
      room.private ? ` · ${t('room.private')}` : '',
      ` · ${t(room.rated ? 'seek.rated' : 'seek.casual')}`),
    h('p', { class: 'waiting', testid: 'room-waiting' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('room.waiting')),
    h('label', { for: 'room-link' }, room.private ? t('room.link_private') : t('room.link')),
    h('div', { class: 'row' }, link,
      h('button', { type: 'button', testid: 'room-copy', onclick: copy }, t('room.copy')), said),
    h('p', null, h('button', { type: 'button', class: 'danger', testid: 'room-cancel', onclick: cancel }, t('room.cancel'))));
}

/**
 * After a reconnection, with the whole lobby (`list_rooms` or `subscribe_lobby`'s answer):
 * forgets our listed room when the lobby no longer holds it. It was lost while we were
 * away (its server, or cluster node, was killed) and nobody was left to tell us. True
 * when it did.
 */
export function forgetLostRoom(app, lobby) {
  const room = app.myRoom?.room;
  if (!room || room.private || Number.isInteger(room.computer_level)) return false;
  if (lobby.rooms.length < (lobby.rooms_total ?? 0) || lobby.rooms.some((r) => r.room_id === room.room_id)) return false;
  app.myRoom = null;
  return true;
}

/** @param {import('../app.js').App} app */
export function roomView(app, route, main) {
  const t = app.t;
  app.setTitle(t('room.title'));
  const body = h('section', { class: 'panel', testid: 'room-page' });
  main.append(body);
  let joining = false;

  const mine = () => app.myRoom && app.myRoom.room.room_id === route.roomId;

  function draw(note = null) {
    if (mine()) return replace(body, h('h1', null, t('room.yours')), roomBox(app, app.myRoom));
    if (!app.identity) return replace(body, h('h1', null, t('room.title')), h('p', null, t('room.need_name')));
    replace(body, h('h1', null, t('room.title')), note || h('p', { testid: 'room-joining' }, t('room.joining')));
  }

  async function join() {
    if (mine() || !app.identity || joining || !app.conn.ready) return draw();
    joining = true;
    draw();
    try {
      // The reply is game_started; the app then opens the game page.
      await app.conn.request({ type: 'join_room', room_id: route.roomId, invite_code: route.invite || undefined });
    } catch (err) {
      if (mine()) return draw(); // our own room, told to us after a reload
      draw(h('div', null,
        h('p', { class: 'form-error', role: 'alert', testid: 'room-error' }, errorText(t, err)),
        h('p', null, h('a', { href: '/' }, t('room.back')))));
    } finally {
      joining = false;
    }
  }

  // Back online while our room waits: is it still there?
  async function ready() {
    if (!mine()) return join();
    const lobby = await app.conn.request({ type: 'list_rooms' }).catch(() => null);
    if (!lobby || !forgetLostRoom(app, lobby)) return draw();
    draw(h('div', null,
      h('p', { class: 'form-error', role: 'alert', testid: 'room-error' }, t('error.unknown_room')),
      h('p', null, h('a', { href: '/' }, t('room.back')))));
  }

  draw();
  return {
    onReady: ready,
    onIdentity: join,
    onMessage(msg) {
      if (msg.type === 'room_created' || msg.type === 'room_cancelled') draw();
    },
  };
}
