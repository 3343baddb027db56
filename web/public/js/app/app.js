// The page: the connection, who the visitor is, what the server told us (open room,
// games, turns), the header, and which view (views/*.js) shows in <main> for the URL;
// views hear every message after the state here took it in.

import { Connection } from './connection.js';
import { IdentityStore } from './identity_store.js';
import { pickLanguage, loadTranslator, LANGUAGES } from './i18n.js';
import { parseRoute, gameUrl } from './router.js';
import { reduceGame, isOver, followsResume } from './game_state.js';
import { errorText, gameName } from './describe.js';
import { addChatLine } from './chat_state.js';
import { reduceRematch } from './rematch_state.js';
import { reduceTurns, myTurns, notifyTurn } from './turns.js';
import { h, replace, setText } from './dom.js';
import { identityPanel } from './views/identity.js';

// Each page's code is loaded when first shown: the lobby never loads the game's.
const VIEWS = {
  lobby: () => import('./views/lobby.js').then((m) => m.lobbyView),
  room: () => import('./views/room.js').then((m) => m.roomView),
  game: () => import('./views/game.js').then((m) => m.gameView),
  archive: () => import('./views/archive.js').then((m) => m.archiveView),
  player: () => import('./views/profile.js').then((m) => m.profileView),
  leaderboard: () => import('./views/leaderboard.js').then((m) => m.leaderboardView),
  games: () => import('./views/my_games.js').then((m) => m.myGamesView),
  tournaments: () => import('./views/tournaments.js').then((m) => m.tournamentsView),
  tournament: () => import('./views/tournament.js').then((m) => m.tournamentView),
  analysis: () => import('./views/analysis.js').then((m) => m.analysisView),
  explorer: () => import('./views/explorer.js').then((m) => m.explorerView),
  account: () => import('./views/account.js').then((m) => m.accountView),
  admin: () => import('./views/admin.js').then((m) => m.adminView),
  notfound: () => import('./views/not_found.js').then((m) => m.notFoundView),
};

const LANG_KEY = 'boardhall.lang';
const WS_KEY = 'boardhall.ws';
const GAME_TYPES = ['game_state', 'game_started', 'move', 'draw_offered', 'draw_declined', 'player_left', 'player_returned', 'spectators', 'game_over', 'takeback_offered', 'takeback_declined', 'takeback_accepted'];
const REMATCH_TYPES = ['rematch_offered', 'rematch_cancelled', 'rematch_started'];
const MAX_GAMES = 16;

const isLoopback = (host) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(host);

/** The page's own host at /ws; a loopback page may name another (`?ws=ws://127.0.0.1:PORT/ws`, kept; `?ws=` forgets it). */
export function chooseWsUrl(location, storage) {
  const own = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  if (!isLoopback(location.hostname)) return own;
  const asked = new URLSearchParams(location.search).get('ws');
  try {
    if (asked === '') storage.removeItem(WS_KEY);
    else if (asked && /^wss?:\/\/[^\s]+$/.test(asked)) storage.setItem(WS_KEY, asked);
    return storage.getItem(WS_KEY) || own;
  } catch {
    return asked && /^wss?:\/\//.test(asked) ? asked : own;
  }
}

const safeStorage = (win) => {
  try {
    return win.localStorage;
  } catch {
    const m = new Map();
    return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k) };
  }
};

export class App {
  constructor(win) {
    this.win = win;
    this.doc = win.document;
    this.storage = safeStorage(win);
    this.wsUrl = chooseWsUrl(win.location, this.storage);
    this.ids = new IdentityStore(this.storage, this.wsUrl);
    this.lang = pickLanguage(this.storage.getItem(LANG_KEY), win.navigator.languages || [win.navigator.language]);
    this.conn = new Connection({ url: `${this.wsUrl}?legal=compact` });
    this.welcome = null;
    /** @type {{player:string, registered:boolean}|null} */
    this.identity = null;
    this.identityNote = null; // why the visitor must identify again
    this.lobby = null; // the lobby view's lists (lobby_state.js), kept for its next visit
    this.myRoom = null; // {room, invite_code} while our room waits
    /** @type {Map<string, import('./game_state.js').GameView>} */
    this.games = new Map();
    /** @type {Map<string, import('./chat_state.js').ChatLine[]>} chat lines per game */
    this.chats = new Map();
    /** @type {Map<string, import('./rematch_state.js').Rematch>} per finished room */
    this.rematches = new Map();
    this.muted = new Set(); // games where we muted the opponent
    this.turns = new Map(); // turns.js
    this.rematchGame = null; // the game a rematch started: followed when it comes
    this.tourGames = new Map(); // game id → its tournament_paired: followed or offered; no rematch
    this.view = null;
    this.route = null;
    this.panelOpen = false;
    this.waiters = []; // callers of whenReady()
  }

  async setLanguage(lang) {
    this.t = await loadTranslator(lang);
    this.lang = lang;
    this.doc.documentElement.lang = lang;
  }

  async start() {
    await this.setLanguage(this.lang);
    const d = this.doc;
    this.el = Object.fromEntries(['nav', 'who', 'lang', 'conn', 'identity', 'main', 'toasts'].map((id) => [id, d.getElementById(id)]));
    this.el.lang.addEventListener('change', async () => {
      this.storage.setItem(LANG_KEY, this.el.lang.value);
      await this.setLanguage(this.el.lang.value);
      this.render();
    });
    d.addEventListener('click', (e) => this.onLinkClick(e));
    this.win.addEventListener('popstate', () => this.render());
    this.win.addEventListener('online', () => this.conn.retryNow());
    d.addEventListener('visibilitychange', () => d.visibilityState === 'visible' && this.conn.retryNow());
    this.conn.onPhase = (phase, info) => this.showPhase(phase, info);
    this.conn.onWelcome = (msg) => this.identify(msg);
    this.conn.onMessage = (msg) => this.handle(msg);
    this.render();
    this.conn.start();
  }

  // ---- navigation ----

  onLinkClick(e) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target.closest && e.target.closest('a[href]');
    if (!a || a.target || a.hasAttribute('download')) return;
    const url = new URL(a.href, this.win.location.href);
    if (url.origin !== this.win.location.origin) return;
    e.preventDefault();
    this.navigate(url.pathname + url.search);
  }

  navigate(url, { replace: replaceEntry = false } = {}) {
    const current = this.win.location.pathname + this.win.location.search;
    if (url !== current) this.win.history[replaceEntry ? 'replaceState' : 'pushState'](null, '', url);
    // A new page: start at its top, and keyboard and screen-reader users with it.
    this.win.scrollTo(0, 0);
    this.el.main.focus({ preventScroll: true });
    this.render();
  }

  /** Redraws the header and mounts the view for the current URL. */
  async render() {
    const loc = this.win.location;
    const route = (this.route = parseRoute(loc.pathname, loc.search));
    const token = (this.renderToken = (this.renderToken || 0) + 1);
    this.conn.wake();
    this.renderChrome();
    this.renderIdentity();
    if (this.view) this.view.destroy?.();
    this.view = null;
    let make = null;
    try {
      make = await VIEWS[route.name]();
    } catch {
      if (token === this.renderToken) replace(this.el.main, h('p', { class: 'form-error', role: 'alert' }, this.t('conn.offline')));
      return;
    }
    if (token !== this.renderToken) return; // another navigation came first
    replace(this.el.main);
    this.view = make(this, route, this.el.main);
    if (this.conn.ready) this.view.onReady?.();
  }

  /** `(3) Lobby · Boardhall`: 3 games await the visitor's move. */
  setTitle(text = this.title) {
    const n = myTurns(this.turns, this.identity?.player).length;
    this.title = text;
    this.doc.title = `${n ? `(${n}) ` : ''}${text ? `${text} · ` : ''}Boardhall`;
  }

  renderChrome() {
    const t = this.t;
    const here = this.route?.name;
    const link = (name, href, testid) => h('a', { href, testid, 'aria-current': here === name ? 'page' : null }, t(`nav.${name}`));
    replace(this.el.nav, link('lobby', '/'), link('archive', '/archive'), link('leaderboard', '/leaderboard', 'nav-leaderboard'), link('games', '/games', 'nav-games'), link('tournaments', '/tournaments', 'nav-tournaments'),
      /^(moderator|admin)$/.test(this.identity?.role) && link('admin', '/admin', 'nav-admin'));
    replace(this.el.lang, ...LANGUAGES.map((l) => h('option', { value: l, selected: l === this.lang }, t(`lang.${l}`))));
    this.el.lang.setAttribute('aria-label', t('lang.label'));
    const skip = this.doc.getElementById('skip');
    if (skip) setText(skip, t('nav.skip'));
    this.renderWho();
    this.showPhase(this.conn.phase, { retryAt: this.conn.retryAt });
  }

  renderWho() {
    const t = this.t;
    if (this.identity) {
      replace(
        this.el.who,
        h('span', { class: 'me', testid: 'whoami' }, this.identity.player),
        this.identity.registered ? null : h('span', { class: 'muted' }, ` (${t('who.guest')})`),
        h('button', { type: 'button', class: 'link', testid: 'sign-out', onclick: () => this.signOut() }, t('who.sign_out')),
      );
    } else {
      replace(
        this.el.who,
        h('button', { type: 'button', class: 'link', testid: 'sign-in', 'aria-expanded': String(this.panelShown()),
          onclick: () => { this.panelOpen = !this.panelOpen; this.renderIdentity(); this.renderWho(); } }, t('who.sign_in')),
      );
    }
  }

  panelShown() {
    return !this.identity && (this.panelOpen || ['lobby', 'room', 'games'].includes(this.route?.name));
  }

  renderIdentity() {
    const shown = this.panelShown();
    this.el.identity.hidden = !shown;
    if (!shown) return replace(this.el.identity);
    // Drawn again once the connection is ready: keep what was typed and opened.
    const el = this.el.identity;
    const q = (sel) => el.querySelector(sel);
    const focused = el.contains(this.doc.activeElement) && this.doc.activeElement.id;
    replace(el, identityPanel(this, { name: q('#id-name')?.value, password: q('#id-password')?.value, open: q('details')?.open }));
    if (focused) q(`#${focused}`)?.focus();
  }

  showPhase(phase, { retryAt } = {}) {
    const t = this.t;
    const el = this.el?.conn;
    if (!el) return;
    el.dataset.phase = phase;
    this.win.clearInterval(this.phaseTimer);
    if (phase === 'online' || phase === 'stopped' || phase === 'idle') return replace(el);
    // Only the first connection says so: later ones are quiet (waking from idle, signing out).
    if (phase === 'connecting') return replace(el, this.welcome ? '' : t('conn.connecting'));
    if (phase === 'replaced')
      return replace(el, t('conn.replaced'), ' ', h('button', { type: 'button', testid: 'use-here', onclick: () => this.conn.restart() }, t('conn.use_here')));
    const text = h('span');
    const tick = () => {
      const s = retryAt ? Math.max(0, Math.ceil((retryAt - Date.now()) / 1000)) : 0;
      setText(text, s > 0 ? t('conn.reconnecting_in', { s }) : t('conn.reconnecting'));
    };
    tick();
    this.phaseTimer = this.win.setInterval(tick, 500);
    replace(el, text, ' ', h('button', { type: 'button', class: 'link', onclick: () => this.conn.retryNow() }, t('conn.retry')));
  }

  toast(text, kind = 'error') {
    if (!text) return;
    // The same words shown already (a ban told live, then on the resume after it): once.
    for (const shown of this.el.toasts.children ?? []) if (shown.textContent === text) return shown;
    const el = h('div', { class: `toast ${kind}`, testid: 'toast', role: kind === 'error' ? 'alert' : 'status' }, text);
    this.el.toasts.append(el);
    this.win.setTimeout(() => el.remove(), 6000);
    return el;
  }

  showError(err) {
    if (err?.code === 'offline') return this.toast(this.t('conn.offline'));
    this.toast(errorText(this.t, err));
  }

  // ---- identity ----

  /** After each welcome: resume the remembered player, else stay anonymous. */
  async identify(welcome) {
    this.welcome = welcome;
    const stored = this.ids.load();
    if (stored?.token) {
      try {
        this.acceptIdentity(await this.conn.request({ type: 'resume', token: stored.token }, { early: true }));
        if (this.moved) this.showPhase(this.conn.phase);
        this.moved = 0;
      } catch (err) {
        if (err.code === 'game_moved') {
          // Cluster mode: keep the token, try again.
          if (!this.moved) this.toast(this.t('error.game_moved'));
          this.moved = Date.now() + (err.retry_after_ms ?? 1000);
          this.showPhase('reconnecting', { retryAt: this.moved });
          return this.win.setTimeout(() => this.welcome === welcome && this.identify(welcome), this.moved - Date.now());
        }
        const barred = err.code === 'banned' || err.code === 'suspended'; // said, with the server's words
        if (err.code !== 'auth_failed' && !barred) return; // the connection went; the next welcome tries again
        this.ids.forgetToken();
        if (barred || stored.registered || !(await this.guestAgain(stored.player))) {
          this.setIdentity(null);
          this.identityNote = barred ? errorText(this.t, err) : this.t(stored.registered ? 'identity.login_again' : 'identity.guest_lost', { name: stored.player });
          if (barred) this.toast(this.identityNote);
        }
      }
    } else if (this.identity) {
      this.setIdentity(null);
    }
    this.conn.markReady();
    this.renderChrome();
    this.renderIdentity();
    this.view?.onReady?.();
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves once the connection is ready (at once if it is); rejects `offline` after a while. */
  whenReady(ms = 15000) {
    if (this.conn.ready) return Promise.resolve();
    this.conn.wake();
    return new Promise((resolve, reject) => {
      const timer = this.win.setTimeout(() => reject({ code: 'offline' }), ms);
      this.waiters.push(() => { this.win.clearTimeout(timer); resolve(); });
    });
  }

  /** The server forgot a guest (expired token): take the same name again if it is free. */
  async guestAgain(name) {
    try {
      this.acceptIdentity(await this.conn.request({ type: 'guest', name }, { early: true }));
      return true;
    } catch {
      this.setIdentity(null);
      return false;
    }
  }

  /** Asks the server for an identity (guest, login, register) from the form. */
  async identifyAs(request) {
    await this.whenReady(); // a visitor quicker than the connection waits for it
    this.acceptIdentity(await this.conn.request(request, { early: true }));
    this.identityNote = null;
    this.panelOpen = false;
    this.renderWho();
    this.renderIdentity();
    this.view?.onIdentity?.();
  }

  acceptIdentity(msg) {
    this.ids.save({ player: msg.player, token: msg.token, registered: msg.registered });
    this.setIdentity({ player: msg.player, registered: msg.registered, role: msg.role });
    // The title's count, the challenges waiting (the answers go through handle()).
    for (const type of ['my_games', 'list_challenges']) this.conn.request({ type }, { early: true }).catch(() => {});
  }

  setIdentity(identity) {
    this.identity = identity;
    if (!identity) this.myRoom = null;
    this.renderChrome(); // (a moderator's header link)
  }

  /** Reports `name` (views/report_dialog.js, loaded on the first use; not the game page's first load). */
  report(name, about) {
    import('./views/report_dialog.js').then((m) => m.openReport(this, name, about), () => this.showError({ code: 'offline' }));
  }

  /** Forgets the player in this browser and starts a fresh, anonymous connection. */
  signOut() {
    this.ids.clear();
    this.identity = null;
    this.myRoom = null;
    this.games.clear();
    this.turns = new Map();
    this.conn.restart();
    this.render();
  }

  // ---- messages ----

  handle(msg) {
    switch (msg.type) {
      case 'session_replaced':
        this.conn.stop('replaced');
        break;
      case 'shutdown':
        this.toast(this.t('conn.shutdown'), 'info');
        break;
      case 'tournament_paired':
        this.tourGames.set(msg.game_id, msg);
        break;
      case 'room_created':
        this.myRoom = { room: msg.room, invite_code: msg.invite_code ?? null };
        break;
      case 'room_cancelled':
        if (this.myRoom?.room.room_id === msg.room_id) this.myRoom = null;
        break;
      case 'room_closed':
        if (this.myRoom?.room.room_id === msg.room_id && msg.reason !== 'started') this.myRoom = null;
        break;
      case 'match_over': // a tournament's game has no rematch to offer
        for (const [id, v] of this.games) if (v.roomId === msg.room_id && !this.tourGames.has(id)) this.games.set(id, { ...v, matchOver: msg });
        break;
      case 'error':
        // An idle anonymous visitor is closed after a while, told first (connection.js).
        if ((msg.id === undefined || msg.id === null) && !(msg.code === 'not_authenticated' && !this.identity)) this.showError(msg);
        break;
      case 'chat':
        if (msg.game_id) {
          this.chats.set(msg.game_id, addChatLine(this.chats.get(msg.game_id) || [], msg));
          while (this.chats.size > MAX_GAMES) this.chats.delete(this.chats.keys().next().value);
        }
        break;
      default:
        if (REMATCH_TYPES.includes(msg.type)) {
          this.rematches.set(msg.room_id, reduceRematch(this.rematches.get(msg.room_id), msg));
          if (msg.type === 'rematch_started') this.rematchGame = msg.game_id;
        }
        if (GAME_TYPES.includes(msg.type)) this.takeGameMessage(msg);
    }
    // The visitor's turns (turns.js): the title's count; a notice while hidden.
    const me = this.identity?.player;
    const was = this.turns;
    if (me && (this.turns = reduceTurns(was, msg, me)) !== was) {
      this.setTitle();
      const id = msg.game_id;
      notifyTurn(this.win.Notification, this.doc.hidden, msg, was.get(id), this.turns.get(id), me,
        (player, game) => this.t('notify.turn', { player, game: gameName(this.t, game) }), () => { this.win.focus(); this.navigate(gameUrl(id)); });
    }
    // Challenges (views/challenge.js, loaded with the first): told every message.
    if (this.challenge || /^challenge/.test(msg.type)) (this.challenge ??= import('./views/challenge.js')).then((m) => m.take(this, msg), () => {});
    this.view?.onMessage?.(msg);
  }

  takeGameMessage(msg) {
    const id = msg.state ? msg.state.game_id : msg.game_id;
    const before = this.games.get(id);
    const after = reduceGame(before, msg, this.win.performance.now());
    if (after === before) return;
    this.games.delete(id); // re-inserted last: the map stays in order of use
    this.games.set(id, after);
    if (msg.type === 'game_started') this.gameStarted(after);
    // A seat given back (resume) while the visitor is in the lobby: back to that game.
    else if (msg.type === 'game_state' && this.route?.name === 'lobby' && followsResume(before, after))
      this.win.setTimeout(() => this.navigate(gameUrl(after.id)), 0);
    // The oldest go, never our games under way: only resume gives their seats back.
    for (const [gid, g] of this.games) if (this.games.size > MAX_GAMES && !(g.you && !isOver(g))) this.games.delete(gid);
  }

  /** A game began: ours (our room filled, or the next game of our match) or a watched match's next. */
  gameStarted(v) {
    let previous = null;
    for (const [id, g] of this.games) if (id !== v.id && g.roomId === v.roomId) previous = g;
    if (previous) this.games.set(previous.id, { ...previous, nextGameId: v.id });
    if (v.you) this.myRoom = null;
    const r = this.route;
    const rematch = v.id === this.rematchGame;
    if (rematch) this.rematchGame = null;
    // A live tournament game (its clock runs): at once from its tournament's page, else
    // offered, and from a game just over taken there in 3 s; a correspondence one waits.
    const p = v.you && !v.correspondence && this.tourGames.get(v.id);
    const follow =
      rematch ||
      (v.you && (r.name === 'lobby' || (r.name === 'room' && r.roomId === v.roomId))) ||
      (r.name === 'game' && previous && r.gameId === previous.id) ||
      (p && r.tournamentId === p.tournament_id);
    if (follow) return this.win.setTimeout(() => this.navigate(gameUrl(v.id), { replace: r.name === 'room' }), 0);
    if (!p) return;
    const said = this.toast(h('a', { href: gameUrl(v.id) }, this.t('tour.paired', { name: p.name, round: p.round, player: p.opponent })), 'info');
    const over = r.name === 'game' && this.games.get(r.gameId);
    if (over && isOver(over)) this.win.setTimeout(() => this.route === r && (said.remove(), this.navigate(gameUrl(v.id))), 3000);
  }
}
