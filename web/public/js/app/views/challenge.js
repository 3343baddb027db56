// Challenges on every page (docs/protocol.md, "Challenge a player"; docs/web.md): a bar
// under the header with those waiting for the visitor (Accept, Decline with a reason),
// the visitor's own (waiting, Cancel) and how their own ended; and the profile's dialog
// that sends one. app.js loads this module with the first challenge message (the profile
// with its Challenge button) and then tells it every message (take).

import { h } from '../dom.js';
import { gameUrl, playerUrl } from '../router.js';
import { errorText } from '../describe.js';
import { DECLINE_REASONS, noChallenges, reduceChallenges, dropChallenge, dropEnded, challengeWhat, challengerText, endedText, challengeError } from '../challenge.js';
import { challengeWords } from './challenge_words.js';
import './challenge_style.js';

/** Takes in a message: the visitor's challenges (app.challenges) and the bar. */
export function take(app, msg) {
  const before = app.challenges ?? noChallenges();
  const corr = msg.type === 'game_started' && Boolean(msg.state?.correspondence);
  const after = (app.challenges = reduceChallenges(before, msg, app.identity?.player ?? null, corr));
  if (after === before && (!app.challengeBar || app.challengeBar.t === app.t)) return; // (a new language: drawn again)
  const w = challengeWords(app.t);
  // One waiting for the visitor went without their answer: said in passing.
  const gone = msg.type === 'room_cancelled' && before.incoming.find((c) => c.room.room_id === msg.room_id);
  if (gone) app.toast(w({ expired: 'chal.lapsed', cancelled: 'chal.withdrawn' }[msg.reason] ?? 'chal.gone', { player: gone.room.creator }), 'info');
  // Ours accepted: to its game, as a room's creator goes from the lobby (a correspondence
  // one's end says so instead, with its link).
  if (msg.type === 'game_started' && !corr && before.outgoing.some((c) => c.room.room_id === msg.state.room_id)) go(app, msg.state.game_id);
  draw(app);
}

/** To the game `id`, after the app's own move there if it makes one (app.js: gameStarted). */
function go(app, id) {
  app.win.setTimeout(() => id && !(app.route?.name === 'game' && app.route.gameId === id) && app.navigate(gameUrl(id)), 0);
}

function forget(app, id) {
  app.challenges = dropChallenge(app.challenges ?? noChallenges(), id);
  draw(app);
}

/** The bar, made once after the connection's banner, and its items by kind and room, in the language `t`. */
function bar(app) {
  if (!app.challengeBar) {
    const el = h('section', { class: 'challenges', testid: 'challenges', 'aria-live': 'polite', hidden: true });
    app.el.conn.after(el);
    app.challengeBar = { el, items: new Map(), t: null };
  }
  const b = app.challengeBar;
  if (b.t !== app.t) {
    for (const item of b.items.values()) item.remove();
    b.items.clear();
    b.el.setAttribute('aria-label', challengeWords(app.t)('chal.bar'));
    b.t = app.t;
  }
  return b;
}

/** The bar as app.challenges says: items made once (a reason being chosen stays), gone ones removed. */
function draw(app) {
  const { el, items } = bar(app);
  const s = app.challenges;
  const want = [...s.incoming.map((c) => ['in', c]), ...s.outgoing.map((c) => ['out', c]), ...s.ended.map((e) => ['end', e])];
  const keys = want.map(([kind, c]) => `${kind}:${c.room.room_id}`);
  for (const [k, item] of items) {
    if (keys.includes(k)) continue;
    item.remove();
    items.delete(k);
  }
  want.forEach(([kind, c], i) => {
    if (items.has(keys[i])) return;
    items.set(keys[i], ITEMS[kind](app, c, challengeWords(app.t)));
    el.append(items.get(keys[i]));
  });
  el.hidden = !want.length;
}

const ITEMS = {
  /** One waiting for the visitor: who, what, Accept, Decline with a reason. */
  in(app, { room }, w) {
    const t = app.t;
    const id = room.room_id;
    const info = app.welcome?.games.find((g) => g.id === room.game);
    const why = h('select', { testid: 'challenge-reason', 'aria-label': w('chal.why') }, DECLINE_REASONS.map((r) => h('option', { value: r }, w(`chal.why_${r}`))));
    const error = h('p', { class: 'form-error', role: 'alert', testid: 'challenge-item-error' });
    const [before, after] = w('chal.incoming').split('{player}');
    const rating = challengerText(room).slice(room.creator.length);
    async function act(request, then) {
      accept.disabled = decline.disabled = true;
      error.textContent = '';
      try {
        const reply = await app.conn.request(request);
        forget(app, id);
        then?.(reply);
      } catch (err) {
        if (['unknown_room', 'not_a_player'].includes(err.code)) {
          app.toast(challengeError(w, (e) => errorText(t, e), err), 'info');
          return forget(app, id);
        }
        error.textContent = challengeError(w, (e) => errorText(t, e), err);
        accept.disabled = decline.disabled = false;
      }
    }
    // The reply to join_room is the game's game_started.
    const accept = h('button', { type: 'button', class: 'primary', testid: 'challenge-accept', onclick: () => act({ type: 'join_room', room_id: id }, (r) => go(app, r.state?.game_id)) }, w('chal.accept'));
    const decline = h('button', { type: 'button', testid: 'challenge-decline', onclick: () => act({ type: 'decline_challenge', room_id: id, reason: why.value }) }, w('chal.decline'));
    return h('div', { class: 'challenge-item', testid: 'challenge-incoming', dataset: { room: id } },
      h('p', { testid: 'challenge-text' }, before, h('a', { href: playerUrl(room.creator) }, room.creator), rating, after, ' ', h('strong', null, challengeWhat(t, room, info))),
      h('div', { class: 'row' }, accept, decline, why), error);
  },

  /** The visitor's own, waiting: Cancel (cancel_room; its answer takes it away). */
  out(app, { room }, w) {
    const id = room.room_id;
    const error = h('p', { class: 'form-error', role: 'alert', testid: 'challenge-item-error' });
    const cancel = h('button', { type: 'button', class: 'danger', testid: 'challenge-cancel', onclick: async () => {
      cancel.disabled = true;
      try {
        await app.conn.request({ type: 'cancel_room', room_id: id });
        app.challenges = dropEnded(app.challenges, id); // no end to tell: the visitor's own doing
        forget(app, id);
      } catch (err) {
        if (err.code === 'unknown_room') return forget(app, id); // gone already (its end, or its game, is on its way)
        error.textContent = errorText(app.t, err);
        cancel.disabled = false;
      }
    } }, w('chal.cancel'));
    return h('div', { class: 'challenge-item', testid: 'challenge-outgoing', dataset: { room: id } },
      h('p', { testid: 'challenge-text' }, w('chal.waiting', { player: room.challenged }), ' ', h('span', { class: 'muted' }, challengeWhat(app.t, room))),
      h('div', { class: 'row' }, cancel), error);
  },

  /** How one of ours ended (declined and why, expired...), until put away. */
  end(app, e, w) {
    const id = e.room.room_id;
    const [text, why] = endedText(w, app.t, e);
    const away = () => {
      app.challenges = dropEnded(app.challenges, id);
      draw(app);
    };
    return h('div', { class: 'challenge-item', testid: 'challenge-outcome', dataset: { room: id, reason: e.reason, decline: e.decline } },
      h('p', { testid: 'challenge-text' }, text, why ? [' ', h('span', { testid: 'challenge-why' }, why)] : null,
        e.gameId ? [' ', h('a', { href: gameUrl(e.gameId), onclick: away }, w('chal.open_game'))] : null),
      h('div', { class: 'row' }, h('button', { type: 'button', class: 'link', testid: 'challenge-dismiss', onclick: away }, w('chal.dismiss'))));
  },
};

/**
 * The profile's dialog: the create-room form's fields (views/create_form.js), sent as
 * challenge_player to `to`; it closes once the challenge is made, which the bar then
 * shows waiting. `guest`: `to` plays as a guest (the game is casual by default).
 * @param {import('../app.js').App} app
 */
export async function openChallenge(app, to, { guest = false } = {}) {
  const [{ createForm }, { buildChallenge }] = await Promise.all([import('./create_form.js'), import('../room_form.js')]);
  if (!app.welcome) return null;
  const t = app.t;
  const w = challengeWords(t);
  const close = h('button', { type: 'button', testid: 'challenge-close', onclick: () => dialog.close() }, w('chal.close'));
  const form = createForm(app, {
    prefix: 'ch', testid: 'challenge', room: false, rated: !guest, submit: w('chal.send'), extra: close,
    build: (values, info) => buildChallenge(values, info, to),
    error: (err) => challengeError(w, (e) => errorText(t, e), err),
    done: () => dialog.close(),
  });
  const dialog = h('dialog', { class: 'challenge', testid: 'challenge-dialog', 'aria-labelledby': 'ch-title' }, h('h2', { id: 'ch-title' }, w('chal.title', { player: to })), form);
  dialog.addEventListener('close', () => dialog.remove());
  app.doc.body.append(dialog);
  dialog.showModal();
  form.querySelector('select')?.focus();
  return { close: () => dialog.open && dialog.close() };
}
