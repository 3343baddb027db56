// /games: the visitor's games in progress, those awaiting their move first, each with
// the opponent, the game and the time its move has left ("live" for a live game),
// linking to the game page; the button that asks for turn notices (turns.js); and the
// mail and webhook settings (notify_settings.js). The list is app.turns, asked again
// (my_games) at each event of these games and every minute. Loaded only on this page.

import { h, replace } from '../dom.js';
import { gameUrl, playerUrl } from '../router.js';
import { gameName, optionsText, controlText, timeLeftText, errorText } from '../describe.js';
import { gameRows, noticeState, askNotice } from '../games_list.js';
import { gamesWords } from './games_words.js';
import { notifySettings } from './notify_settings.js';
import './page_style.js';

const EVENTS = ['move', 'game_started', 'game_over'];

/** @param {import('../app.js').App} app */
export function myGamesView(app, route, main) {
  const t = app.t;
  const w = gamesWords(t);
  const N = app.win.Notification;
  const against = w('games.against').split('{player}'); // the words around the opponent's name
  app.setTitle(t('nav.games'));
  const notice = h('div');
  const box = h('div', { 'aria-live': 'polite' });
  const settings = notifySettings(app, w);
  main.append(h('section', { class: 'panel my-games', testid: 'my-games' }, h('h1', null, t('nav.games')), notice, box), settings.element);
  let loaded = false; // this page's own answer came
  let shown = null; // the turns drawn
  let gone = false;
  let soon = null;

  function load() {
    if (!app.identity || !app.conn.ready) return draw();
    app.conn.request({ type: 'my_games' }).then(() => {
      loaded = true;
      if (!gone) draw(); // app.turns has taken the answer in
    }, (err) => !gone && replace(box, h('p', { class: 'form-error', testid: 'games-error' }, errorText(t, err))));
  }
  // A move that ends a game comes with game_over: one question for both.
  const loadSoon = () => { app.win.clearTimeout(soon); soon = app.win.setTimeout(load, 250); };
  const every = app.win.setInterval(() => app.doc.visibilityState === 'visible' && load(), 60000);

  function drawNotice() {
    const state = app.identity ? noticeState(N) : 'unsupported';
    if (state === 'unsupported') return replace(notice);
    if (state !== 'default') return replace(notice, h('p', { class: 'muted', testid: `notify-${state}` }, w(`games.notify_${state}`)));
    replace(notice, h('p', null, h('button', { type: 'button', testid: 'notify-turn', onclick: () => askNotice(N).then(() => !gone && drawNotice()) }, w('games.notify'))));
  }

  function row(r) {
    return h('li', { class: 'item', testid: 'my-game', dataset: { game: r.id, turn: String(r.turn) } },
      h('span', { class: 'what' }, h('a', { href: gameUrl(r.id) }, gameName(t, r.game)),
        Object.keys(r.options).length ? h('span', { class: 'muted' }, ` (${optionsText(t, r.options)})`) : null),
      h('span', null, against[0], h('a', { href: playerUrl(r.opponent) }, r.opponent), against[1]),
      h('span', { class: 'muted' },
        h('span', { testid: 'my-game-left' }, !r.correspondence ? w('games.live') : r.deadline ? timeLeftText(t, r.deadline - Date.now()) : ''),
        r.correspondence ? ` · ${controlText(t, r)}` : ''),
      h('a', { class: r.turn ? 'button primary' : 'button', href: gameUrl(r.id), testid: 'my-game-open' }, w('games.open')));
  }

  function draw() {
    drawNotice();
    shown = app.turns;
    if (!app.identity) return replace(box, h('p', { class: 'muted', testid: 'games-need-name' }, w('games.need_name')));
    if (!loaded) return replace(box, h('p', { class: 'muted' }, t('game.loading')));
    const [turn, waiting] = gameRows(app.turns, app.identity.player);
    if (!turn.length && !waiting.length) return replace(box, h('p', { class: 'muted', testid: 'games-none' }, w('games.none'), ' ', h('a', { href: '/' }, t('nav.lobby'))));
    const group = (key, rows, testid) => rows.length ? [h('h2', null, `${w(key)} (${rows.length})`), h('ul', { class: 'list', testid }, rows.map(row))] : null;
    replace(box, group('games.your_move', turn, 'games-turn'), group('games.their_move', waiting, 'games-waiting'));
  }

  draw();
  return {
    onReady: () => { load(); settings.load(); },
    onIdentity: () => { load(); settings.load(); },
    onMessage(msg) {
      const id = msg.state?.game_id ?? msg.game_id;
      if (EVENTS.includes(msg.type) && (shown?.has(id) || app.turns.has(id))) loadSoon();
      if (loaded && app.turns !== shown) draw();
    },
    destroy() {
      gone = true;
      app.win.clearTimeout(soon);
      app.win.clearInterval(every);
    },
  };
}
