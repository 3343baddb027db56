// /archive: finished games with the filters of /api/games (game, player, winner,
// result, dates), newest first, a page at a time. The filters and the page live in the
// URL, so a filtered list can be linked and the back button returns to the last page.

import { h, replace } from '../dom.js';
import { archiveUrl, gameUrl } from '../router.js';
import { filtersFromQuery, listGamesRequest, pageQuery, RESULTS } from '../archive_query.js';
import { gameName, optionsText, reasonText, errorText, controlText } from '../describe.js';
import { botBadge } from './bot_badge.js';
import { pageWords } from './page_words.js';
import './page_style.js';

/** @param {import('../app.js').App} app */
export function archiveView(app, route, main) {
  const t = app.t;
  const w = pageWords(t);
  app.setTitle(t('nav.archive'));
  const { filters, cursor } = filtersFromQuery(route.query);
  const games = app.welcome?.games || [];
  const input = (key, attrs) => h('input', { id: `ar-${key}`, testid: `archive-${key}`, name: key, value: filters[key] || '', ...attrs });
  const field = (key, control) => h('div', { class: 'field' }, h('label', { for: `ar-${key}` }, w(`archive.${key}`)), control);
  const gameSelect = h('select', { id: 'ar-game', testid: 'archive-game', name: 'game' },
    h('option', { value: '' }, w('archive.any')),
    (games.length ? games.map((g) => g.id) : ['tavlei', 'tablut', 'seatafl', 'copenhagen', 'brandubh', 'draughts', 'alquerque']).map((g) => h('option', { value: g, selected: filters.game === g }, gameName(t, g))));
  const resultSelect = h('select', { id: 'ar-result', testid: 'archive-result', name: 'result' },
    h('option', { value: '' }, w('archive.any')),
    RESULTS.map((r) => h('option', { value: r, selected: filters.result === r }, w(`archive.result_${r}`))));
  const form = h('form', { class: 'archive-form', role: 'search', onsubmit: (e) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(form).entries());
    app.navigate(archiveUrl(pageQuery(filtersFromQuery(new URLSearchParams(values)).filters)));
  } },
    h('div', { class: 'grid' },
      field('game', gameSelect),
      field('player', input('player', { maxlength: 32, autocomplete: 'off' })),
      field('winner', input('winner', { maxlength: 32, autocomplete: 'off' })),
      field('result', resultSelect),
      field('from', input('from', { type: 'date' })),
      field('to', input('to', { type: 'date' }))),
    h('div', { class: 'row' },
      h('button', { type: 'submit', class: 'primary', testid: 'archive-submit' }, w('archive.search')),
      h('a', { href: '/archive', class: 'button' }, w('archive.clear'))));
  const results = h('div', { class: 'results', 'aria-live': 'polite' }, h('p', { class: 'muted' }, t('game.loading')));
  const explorer = h('a', { href: '/explorer' + (filters.game ? `?game=${encodeURIComponent(filters.game)}` : ''), testid: 'archive-explorer' }, w('archive.explorer'));
  main.append(h('section', { class: 'panel' }, h('h1', null, t('nav.archive')), h('p', { class: 'small' }, explorer), form), h('section', { class: 'panel' }, results));

  const resultOf = (g) => {
    if (g.result === 'draw') return w('archive.result_draw');
    if (g.result === 'aborted') return w('archive.result_aborted');
    return w('archive.winner_is', { player: g.result === 'first' ? g.first_player : g.second_player });
  };

  function draw(page) {
    if (page.games.length === 0) return replace(results, h('p', { class: 'muted', testid: 'archive-empty' }, w('archive.none')));
    replace(results,
      h('ul', { class: 'list' }, page.games.map((g) =>
        h('li', { class: 'item', testid: 'archive-row', dataset: { game: g.game_id } },
          h('a', { href: gameUrl(g.game_id), class: 'what' }, gameName(t, g.game), Object.keys(g.options || {}).length ? ` (${optionsText(t, g.options)})` : ''),
          h('span', null, g.first_player, botBadge(t, g.first_player, g.bots, g.computer_level), ' – ',
            g.second_player, botBadge(t, g.second_player, g.bots, g.computer_level)),
          h('span', null, resultOf(g), h('span', { class: 'muted' }, ` · ${reasonText(t, g.reason)}`)),
          h('span', { class: 'muted' }, [w('archive.moves', { n: g.moves }), controlText(t, g), new Date(g.ended_ms).toLocaleDateString(t.lang)].filter(Boolean).join(' · '))))),
      h('div', { class: 'row' },
        cursor ? h('a', { class: 'button', href: archiveUrl(pageQuery(filters)), testid: 'archive-first' }, w('archive.first_page')) : null,
        page.next_cursor ? h('a', { class: 'button', href: archiveUrl(pageQuery(filters, page.next_cursor)), testid: 'archive-next' }, w('archive.next_page')) : null));
  }

  let loaded = false;
  return {
    async onReady() {
      if (loaded) return;
      try {
        // Over the WebSocket (not /api/games): a player's private games are listed to them.
        const page = await app.conn.request(listGamesRequest(filters, cursor));
        loaded = true;
        draw(page);
      } catch (err) {
        if (err.code !== 'offline') replace(results, h('p', { class: 'form-error', role: 'alert', testid: 'archive-error' }, errorText(t, err)));
      }
    },
  };
}
