// /player/{name}: a player's ratings per game (from GET /api/players/{name}) and their
// recent games, each linking to its replay; on one's own (registered) profile, the way
// to one's API tokens; on another's, for a visitor with a name, Challenge (its dialog,
// views/challenge.js, loaded on the first click), and between two accounts Block and
// Report (views/report_dialog.js). Loaded only on this page.

import { h, replace } from '../dom.js';
import { gameUrl, playerUrl, leaderboardUrl } from '../router.js';
import { gameName, optionsText, reasonText } from '../describe.js';
import { ratingText } from '../rating.js';
import { ratingRows, ratingKeyName } from '../rating_keys.js';
import { getJson } from '../api.js';
import { botBadge } from './bot_badge.js';
import { pageWords } from './page_words.js';
import { reportWords } from './report_words.js';
import { blockRequest, moderationError } from '../report.js';
import './page_style.js';

/** @param {import('../app.js').App} app */
export function profileView(app, route, main) {
  const t = app.t;
  const w = pageWords(t);
  const name = route.player;
  app.setTitle(name);
  const box = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, t('game.loading')));
  const mine = h('div');
  main.append(h('section', { class: 'panel profile', testid: 'profile' }, h('h1', { testid: 'profile-name' }, name), mine, box));
  let gone = false;
  let profile = null; // the API's answer
  let dialog = null; // the open challenge dialog, when it is
  let reporting = null; // the open report dialog, when it is
  let blocks = null; // {of: the visitor, names: Set} once list_blocks answered
  let asking = null; // the visitor list_blocks was asked for
  const r = reportWords(t);
  const said = h('p', { class: 'muted', role: 'status', testid: 'profile-block-status' });
  async function challenge(e) {
    const button = e.currentTarget;
    button.disabled = true;
    try {
      // Kept where app.js finds it: once loaded, the module hears every message.
      const m = await (app.challenge ??= import('./challenge.js').catch((err) => { app.challenge = null; throw err; }));
      if (!gone) dialog = await m.openChallenge(app, name, { guest: profile?.registered === false });
      if (gone) dialog?.close(); // the page went while it loaded
    } catch {
      app.showError({ code: 'offline' });
    } finally {
      button.disabled = false;
    }
  }
  async function report(e) {
    const button = e.currentTarget;
    button.disabled = true;
    try {
      const m = await import('./report_dialog.js');
      if (!gone) reporting = m.openReport(app, name);
    } catch {
      app.showError({ code: 'offline' });
    } finally {
      button.disabled = false;
    }
  }
  async function block(e) {
    const button = e.currentTarget;
    const on = blocks.names.has(name);
    said.textContent = '';
    button.disabled = true;
    try {
      await app.conn.request(blockRequest(name, on));
      blocks.names[on ? 'delete' : 'add'](name);
      said.textContent = r(on ? 'rep.unblocked' : 'rep.blocked', { player: name });
    } catch (err) {
      if (on && err?.code === 'not_found') blocks.names.delete(name); // not blocked (any more)
      said.textContent = moderationError(r, t, err);
    }
    if (!gone) drawMine();
  }
  /** The visitor's blocks, asked once per page and visitor. */
  function askBlocks() {
    const me = app.identity;
    if (!me?.registered || me.player === name || asking === me.player || !app.conn?.ready) return;
    asking = me.player;
    app.conn.request({ type: 'list_blocks' }).then((reply) => {
      if (gone || asking !== me.player) return;
      blocks = { of: me.player, names: new Set(Array.isArray(reply.names) ? reply.names : []) };
      drawMine();
    }, (err) => {
      // Asked again on the next connection; a server without moderation: no Block, no Report.
      if (asking === me.player && (err?.code === 'offline' || err?.code === 'timeout')) asking = null;
    });
  }
  function drawMine() {
    const me = app.identity;
    if (!me) return replace(mine);
    if (me.player === name) return replace(mine, me.registered ? h('p', null, h('a', { href: '/account/tokens', testid: 'profile-tokens' }, w('profile.tokens'))) : null);
    const both = me.registered && profile?.registered && blocks?.of === me.player; // two accounts: Block and Report
    const on = both && blocks.names.has(name);
    replace(mine, h('p', { class: 'row' },
      h('button', { type: 'button', class: 'primary', testid: 'profile-challenge', onclick: challenge }, w('profile.challenge')),
      both ? h('button', { type: 'button', testid: 'profile-block', 'aria-pressed': String(on), dataset: { blocked: String(on) }, onclick: block }, r(on ? 'rep.unblock' : 'rep.block')) : null,
      both ? h('button', { type: 'button', class: 'danger', testid: 'profile-report', onclick: report }, r('rep.report')) : null),
    both ? said : null);
  }
  drawMine();

  const resultOf = (g) => {
    if (g.result === 'draw') return w('archive.result_draw');
    if (g.result === 'aborted') return w('archive.result_aborted');
    const winner = g.result === 'first' ? g.first_player : g.second_player;
    return winner === name ? w('profile.won') : w('profile.lost');
  };

  function draw(p) {
    const rows = ratingRows(p.ratings);
    replace(box,
      p.bot ? h('p', { testid: 'profile-bot' }, h('span', { class: 'bot-badge' }, t('bot.badge')), ' ', w('profile.bot')) : null,
      p.registered ? null : h('p', { class: 'muted', testid: 'profile-guest' }, w('profile.guest')),
      h('h2', null, w('profile.ratings')),
      rows.length === 0
        ? h('p', { class: 'muted', testid: 'profile-no-ratings' }, w('profile.no_ratings'))
        : h('table', { class: 'table' },
            h('thead', null, h('tr', null, ['profile.game', 'profile.rating', 'profile.games', 'profile.wdl'].map((k) => h('th', { scope: 'col' }, w(k))))),
            h('tbody', null, rows.map((r) => h('tr', { testid: 'profile-rating', dataset: { key: r.key } },
              h('td', null, h('a', { href: leaderboardUrl(r.key) }, ratingKeyName((g) => gameName(t, g), r.key))),
              h('td', { class: 'num', title: `± ${Math.round(2 * r.rd)}` }, ratingText(r)),
              h('td', { class: 'num' }, String(r.games ?? 0)),
              h('td', { class: 'num' }, `${r.wins ?? 0} / ${r.draws ?? 0} / ${r.losses ?? 0}`))))),
      h('h2', null, w('profile.recent')),
      (p.recent || []).length === 0
        ? h('p', { class: 'muted' }, w('profile.no_games'))
        : h('ul', { class: 'list' }, p.recent.map((g) => {
            const opponent = g.first_player === name ? g.second_player : g.first_player;
            return h('li', { class: 'item', testid: 'profile-game', dataset: { game: g.game_id } },
              // To its replay (at the final position), even for a game this page saw live.
              h('a', { href: gameUrl(g.game_id, Number.isInteger(g.moves) ? g.moves : null), class: 'what' }, gameName(t, g.game), Object.keys(g.options || {}).length ? ` (${optionsText(t, g.options)})` : ''),
              h('span', null, w('profile.against'), ' ', h('a', { href: playerUrl(opponent) }, opponent), botBadge(t, opponent, g.bots, g.computer_level)),
              h('span', null, resultOf(g), h('span', { class: 'muted' }, g.reason ? ` · ${reasonText(t, g.reason)}` : '')),
              h('span', { class: 'muted' }, [g.rated ? t('seek.rated') : t('seek.casual'), g.ended_ms ? new Date(g.ended_ms).toLocaleDateString(t.lang) : ''].filter(Boolean).join(' · ')));
          })));
  }

  getJson(app.win, `/api/players/${encodeURIComponent(name)}`).then(({ status, body }) => {
    if (gone) return;
    if (status === 200 && body) {
      draw((profile = body));
      return drawMine();
    }
    replace(box, h('p', { class: status === 404 ? 'muted' : 'form-error', testid: 'profile-missing' }, status === 404 ? w('profile.unknown') : w('profile.failed')));
  }, () => !gone && replace(box, h('p', { class: 'form-error', testid: 'profile-missing' }, t('conn.offline'))));

  const refresh = () => { askBlocks(); drawMine(); };
  return { onReady: refresh, onIdentity: refresh, destroy: () => { gone = true; dialog?.close(); reporting?.close(); } };
}
