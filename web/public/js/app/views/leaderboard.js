// /leaderboard?game=KEY: the best established (not provisional) ratings of one rating
// key, from GET /api/leaderboard. Loaded only on this page.

import { h, replace } from '../dom.js';
import { leaderboardUrl, playerUrl } from '../router.js';
import { gameName } from '../describe.js';
import { RATING_KEYS, ratingKeyName } from '../rating_keys.js';
import { getJson } from '../api.js';
import { pageWords } from './page_words.js';
import './page_style.js';

/** @param {import('../app.js').App} app */
export function leaderboardView(app, route, main) {
  const t = app.t;
  const w = pageWords(t);
  const key = RATING_KEYS.includes(route.game) ? route.game : 'tablut';
  const keyName = (k) => ratingKeyName((g) => gameName(t, g), k);
  app.setTitle(`${t('nav.leaderboard')} · ${keyName(key)}`);
  const select = h('select', { id: 'lb-game', testid: 'leaderboard-game', onchange: () => app.navigate(leaderboardUrl(select.value)) },
    RATING_KEYS.map((k) => h('option', { value: k, selected: k === key }, keyName(k))));
  const box = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, t('game.loading')));
  main.append(h('section', { class: 'panel', testid: 'leaderboard' },
    h('h1', null, t('nav.leaderboard')),
    h('div', { class: 'field' }, h('label', { for: 'lb-game' }, w('profile.game')), select),
    h('p', { class: 'muted' }, w('leaderboard.note')),
    box));
  let gone = false;

  getJson(app.win, `/api/leaderboard?game=${encodeURIComponent(key)}&limit=50`).then(({ status, body }) => {
    if (gone) return;
    if (status !== 200 || !body) return replace(box, h('p', { class: 'form-error', testid: 'leaderboard-error' }, w('profile.failed')));
    const players = body.players || [];
    if (players.length === 0) return replace(box, h('p', { class: 'muted', testid: 'leaderboard-empty' }, w('leaderboard.empty')));
    replace(box, h('table', { class: 'table' },
      h('thead', null, h('tr', null, ['leaderboard.rank', 'leaderboard.player', 'profile.rating', 'profile.games', 'profile.wdl'].map((k) => h('th', { scope: 'col' }, w(k))))),
      h('tbody', null, players.map((p, i) => h('tr', { testid: 'leaderboard-row', dataset: { player: p.name } },
        h('td', { class: 'num' }, String(i + 1)),
        h('td', null, h('a', { href: playerUrl(p.name) }, p.name)),
        h('td', { class: 'num' }, String(Math.round(p.rating))),
        h('td', { class: 'num' }, String(p.games)),
        h('td', { class: 'num' }, `${p.wins} / ${p.draws} / ${p.losses}`))))));
  }, () => !gone && replace(box, h('p', { class: 'form-error', testid: 'leaderboard-error' }, t('conn.offline'))));

  return { destroy: () => { gone = true; } };
}
