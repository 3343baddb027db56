// /tournaments: the public tournaments (list_tournaments), starting soon (with Join for a
// registered player, and when each starts), under way (their round) and finished (their
// winner), each linking to its page; and the form to create one for a registered
// player (tournament_form.js). Listed again every 30 s while in view (over HTTP, GET
// /api/tournaments, while the connection of a visitor without a name is idle). Loaded
// only here.

import { h, replace } from '../dom.js';
import { tournamentUrl } from '../router.js';
import { errorText } from '../describe.js';
import { getJson } from '../api.js';
import { tournamentWords } from './tournament_words.js';
import { aboutText, stateText, signInButton } from './tournament_parts.js';
import { tournamentForm } from './tournament_form.js';
import './tournament_style.js';

const LISTS = [['upcoming', 'tour.upcoming'], ['running', 'tour.running'], ['finished', 'tour.finished_list']];

/** @param {import('../app.js').App} app */
export function tournamentsView(app, route, main) {
  const t = app.t;
  const w = tournamentWords(t);
  app.setTitle(t('nav.tournaments'));
  const lists = h('section', { class: 'panel', testid: 'tournaments', 'aria-live': 'polite' }, h('p', { class: 'muted' }, t('game.loading')));
  const create = h('section', { class: 'panel', testid: 'tournament-create', 'aria-labelledby': 'tc-h' });
  main.append(h('div', { class: 'tournaments' }, lists, create));
  let listed = null;
  let form = null; // kept across redraws so that typed values stay
  let gone = false;

  async function join(e, s) {
    e.target.disabled = true;
    try {
      await app.conn.request({ type: 'join_tournament', tournament_id: s.tournament_id });
      app.navigate(tournamentUrl(s.tournament_id));
    } catch (err) {
      app.toast(errorText(w, err));
      e.target.disabled = false;
    }
  }

  function row(s) {
    const joinable = app.identity?.registered && s.status === 'upcoming';
    const players = w('tour.players', { n: s.max_players ? `${s.players} / ${s.max_players}` : s.players });
    return h('li', { class: 'item', testid: 'tournament-row', dataset: { tournament: s.tournament_id, status: s.status } },
      h('a', { class: 'what', href: tournamentUrl(s.tournament_id) }, s.name),
      h('span', null, aboutText(w, s), ` · ${players}`),
      h('span', { class: 'muted', testid: 'tournament-state' }, stateText(w, s)),
      joinable
        ? h('button', { type: 'button', class: 'primary', testid: 'tournament-row-join', onclick: (e) => join(e, s) }, w('tour.join'))
        : h('a', { class: 'button', href: tournamentUrl(s.tournament_id) }, w('games.open')));
  }

  function drawLists() {
    if (!listed) return;
    replace(lists, h('h1', null, t('nav.tournaments')), LISTS.map(([key, title]) => [
      h('h2', null, w(title)),
      listed[key]?.length
        ? h('ul', { class: 'list', testid: `tournaments-${key}` }, listed[key].map(row))
        : h('p', { class: 'muted', testid: `tournaments-${key}-none` }, w('tour.empty')),
    ]));
  }

  function drawCreate() {
    const head = h('h2', { id: 'tc-h' }, w('tour.create'));
    if (!app.identity?.registered) {
      form = null;
      return replace(create, head, h('p', { class: 'muted', testid: 'tournament-need-account' }, w('tour.need_account'), ' ', app.identity ? null : signInButton(app)));
    }
    if (!app.welcome) return replace(create, head, h('p', { class: 'muted' }, t('conn.connecting')));
    form ??= tournamentForm(app, w);
    replace(create, head, form);
  }

  function load() {
    const shown = (reply) => {
      listed = reply;
      if (!gone) drawLists();
    };
    if (app.conn.phase === 'idle')
      return getJson(app.win, '/api/tournaments').then(({ status, body }) => status === 200 && body && shown(body), () => {});
    if (!app.conn.ready) return;
    app.conn.request({ type: 'list_tournaments' }).then(shown,
      (err) => !gone && !listed && replace(lists, h('h1', null, t('nav.tournaments')), h('p', { class: 'form-error', testid: 'tournaments-error' }, errorText(w, err))));
  }
  const every = app.win.setInterval(() => app.doc.visibilityState === 'visible' && load(), 30000);

  drawCreate();
  return {
    onReady() { load(); drawCreate(); },
    onIdentity() { drawLists(); drawCreate(); },
    destroy() {
      gone = true;
      app.win.clearInterval(every);
    },
  };
}
