// /tournament/{id}: a tournament, live. Its settings in a line and its state; Join,
// Withdraw and Start (its creator) as they apply, with the server's refusals shown; for
// its creator before the start, "Add the computer" at a level (add_computer, where bots
// may play) and "remove" beside each computer it added (withdraw_tournament with
// `player`), the computer listed with its level; a private one's invitation link for its
// creator, and `?invite=CODE` joining once the visitor is a registered player; the
// visitor's games being played ("your next game", also from tournament_paired: app.js
// takes a live one's player to the game at once from here); the standings (a round robin's crosstable per group, a Swiss's with Buchholz,
// an arena's leaderboard with each player's sheet and the fire mark) and the rounds with
// their pairings and results, each game linking to its page. Followed with get_tournament
// on each connection (tournament_updated, tournament_finished; following one keeps a
// visitor's connection without a name, as watching a game does); while the page has no
// connection (idle), it reads GET /api/tournaments/{id} every 15 s instead. Loaded only here.

import { h, replace } from '../dom.js';
import { gameUrl, playerUrl, tournamentUrl } from '../router.js';
import { errorText } from '../describe.js';
import { getJson } from '../api.js';
import { place, isComputer, gamesOf, standingsByGroup, gamesByRound, resultMark, pointsText, tieText } from '../tournament.js';
import { LEVELS, DEFAULT_LEVEL } from '../computer_form.js';
import { tournamentWords } from './tournament_words.js';
import { computerWords } from './computer_words.js';
import { aboutText, stateText, signInButton } from './tournament_parts.js';
import { botBadge } from './bot_badge.js';
import './tournament_style.js';

const UPDATES = ['tournament_updated', 'tournament_finished'];
const ARENA_GAMES = 30; // an arena's latest games listed
const POLL_MS = 15000;

/** A small flame (no emoji font needed): an arena player on fire. */
function fireMark(label) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 12 16');
  svg.setAttribute('class', 'fire');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  const title = document.createElementNS(ns, 'title');
  title.textContent = label;
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M6 0C7 4 12 6 12 10.5A6 5.5 0 0 1 0 10.5C0 7.5 2 6 3 4c.5 2 1.5 3 2.5 3C5 4.5 5 2 6 0z');
  svg.append(title, path);
  return h('span', { testid: 'on-fire' }, svg);
}

/** @param {import('../app.js').App} app */
export function tournamentView(app, route, main) {
  const t = app.t;
  const w = tournamentWords(t);
  const cw = computerWords(t); // the levels, as "Play the computer" words them
  const id = route.tournamentId;
  app.setTitle(t('nav.tournaments'));
  const head = h('section', { class: 'panel tournament-head', testid: 'tournament' }, h('p', { class: 'muted' }, t('game.loading')));
  const board = h('section', { class: 'panel', testid: 'tournament-standings', hidden: true });
  const games = h('section', { class: 'panel', testid: 'tournament-rounds', hidden: true });
  main.append(h('div', { class: 'tournament-page' }, head, board, games));
  let view = null;
  let paired = null; // the last tournament_paired of this tournament for the visitor
  let error = '';
  let busy = false;
  let invited = false; // ?invite= joined once
  let level = DEFAULT_LEVEL; // the computer's level chosen, kept across redraws
  const opened = new Map(); // round → open, as the visitor toggled it
  let gone = false;

  const me = () => app.identity?.player ?? null;
  const entrantOf = (name) => view.entrants.find((e) => e.name === name);
  const botNames = () => view.entrants.filter((e) => e.bot).map((e) => e.name);
  const nameCell = (name) => [h('a', { href: playerUrl(name) }, name), botBadge(t, name, botNames(), entrantOf(name)?.level ?? null),
    entrantOf(name)?.withdrawn ? h('span', { class: 'muted' }, ` (${w('tour.withdrawn')})`) : null];

  function follow() {
    app.conn.request({ type: 'get_tournament', tournament_id: id }).then((v) => {
      if (gone) return;
      view = v;
      draw();
      joinByInvite();
    }, (err) => {
      if (gone || err.code === 'offline') return;
      if (err.code === 'unknown_tournament') app.setTitle(w('tour.not_found'));
      replace(head, h('h1', null, w('tour.not_found')), h('p', { class: 'form-error', testid: 'tournament-error' }, errorText(w, err)),
        h('p', null, h('a', { href: '/tournaments' }, t('nav.tournaments'))));
    });
  }

  async function act(type, extra = {}) {
    busy = true;
    error = '';
    draw();
    try {
      view = await app.conn.request({ type, tournament_id: id, ...extra });
    } catch (err) {
      error = errorText(w, err);
    }
    busy = false;
    if (!gone) draw();
  }

  // The invitation in the address joins once, when the visitor may.
  function joinByInvite() {
    if (invited || !route.invite || !view || !place(view, app.identity).join) return;
    invited = true;
    act('join_tournament', { invite_code: route.invite });
  }

  function settingsText() {
    const v = view;
    const parts = [aboutText(w, v)];
    if (v.format === 'round_robin') {
      parts.push(w(v.cycles === 2 ? 'tour.double' : 'tour.single'));
      if (v.group_size) parts.push(w('tour.groups_of', { n: v.group_size }));
    } else if (v.format === 'swiss') {
      parts.push(w('tour.rounds_n', { n: v.rounds }));
      if (v.mini_match) parts.push(w('tour.mini_match'));
      if (v.bye_points !== null && v.bye_points !== undefined && v.bye_points !== 1) parts.push(w('tour.bye_points', { points: pointsText(v.bye_points) }));
    } else if (v.duration_min) {
      parts.push(w('tour.minutes', { n: v.duration_min }));
    }
    parts.push(w('tour.max', { n: v.players, max: v.max_players }));
    if (v.min_rating) parts.push(w('tour.min', { n: v.min_rating }));
    if (v.private) parts.push(w('tour.private_mark'));
    parts.push(v.creator ? w('tour.created_by', { player: v.creator }) : w('tour.by_operator'));
    return parts.join(' · ');
  }

  // "Add the computer" at a level (1-8, described as in the "Play the computer" dialog).
  function addComputer() {
    const about = h('span', { class: 'muted level-about', testid: 'tournament-computer-level-about' }, cw(`computer.level_${level}`));
    const select = h('select', { id: 'tr-level', testid: 'tournament-computer-level', onchange: () => {
      level = Number(select.value);
      about.textContent = cw(`computer.level_${level}`);
    } }, LEVELS.map((n) => h('option', { value: String(n), selected: n === level }, cw('computer.level_option', { n }))));
    return h('div', { class: 'row add-computer', testid: 'tournament-add-computer' },
      h('label', { for: 'tr-level' }, cw('computer.level')), select,
      h('button', { type: 'button', testid: 'tournament-add-computer-submit', disabled: busy || !app.conn.ready, onclick: () => act('add_computer', { level }) }, w('tour.add_computer')),
      about);
  }

  function drawHead() {
    const v = view;
    const can = place(v, app.identity);
    const button = (testid, key, type, cls = '') =>
      h('button', { type: 'button', class: cls || null, testid, disabled: busy || !app.conn.ready, onclick: () => act(type, type === 'join_tournament' && (v.invite_code || route.invite) ? { invite_code: v.invite_code || route.invite } : {}) }, w(key));
    const when = v.status === 'upcoming' && v.starts_ms ? ` (${new Date(v.starts_ms).toLocaleString(t.lang, { dateStyle: 'medium', timeStyle: 'short' })})` : '';
    const status = v.status === 'finished' && v.winner
      ? h('p', { class: 'status mine', testid: 'tournament-status', dataset: { status: v.status } }, w('tour.winner', { player: v.winner }))
      : h('p', { class: 'status', testid: 'tournament-status', dataset: { status: v.status } }, stateText(w, v), when);
    const open = v.status === 'upcoming' || (v.status === 'running' && v.format === 'arena');
    const mine = gamesOf(v, me());
    // The pairing told before the view shows its game.
    if (paired && !mine.some((g) => g.game_id === paired.game_id) && !v.games.some((g) => g.game_id === paired.game_id && g.result !== null))
      mine.unshift({ game_id: paired.game_id, round: paired.round, opponent: paired.opponent });
    let invite = null;
    if (v.invite_code) {
      const url = new URL(tournamentUrl(v.tournament_id, v.invite_code), app.win.location.href).href;
      invite = h('div', { class: 'field' }, h('label', { for: 'tr-invite' }, w('tour.invite')),
        h('input', { id: 'tr-invite', testid: 'tournament-invite', readonly: true, value: url, onfocus: (e) => e.target.select() }));
    }
    replace(head,
      h('h1', { testid: 'tournament-name' }, v.name),
      h('p', { class: 'muted', testid: 'tournament-settings' }, settingsText()),
      status,
      mine.map((g) => h('p', { class: 'note your-game', testid: 'tournament-your-game', dataset: { game: g.game_id } },
        w('tour.your_game', { round: g.round, player: g.opponent }), ' ',
        h('a', { class: 'button primary', href: gameUrl(g.game_id), testid: 'tournament-go' }, w('tour.go')))),
      h('div', { class: 'row' },
        can.join ? button('tournament-join', 'tour.join', 'join_tournament', 'primary') : null,
        can.withdraw ? button('tournament-withdraw', 'tour.withdraw', 'withdraw_tournament', 'danger') : null,
        can.start ? button('tournament-start', 'tour.start', 'start_tournament', 'primary') : null,
        can.playing && v.status !== 'finished' ? h('span', { class: 'muted', testid: 'tournament-in' }, w('tour.you_in')) : null,
        can.entrant?.withdrawn ? h('span', { class: 'muted' }, w('tour.you_withdrew')) : null,
        open && !app.identity?.registered ? h('span', { class: 'muted', testid: 'tournament-log-in' }, w('tour.log_in'), ' ', app.identity ? null : signInButton(app)) : null),
      can.addComputer ? addComputer() : null,
      h('p', { class: 'form-error', role: 'alert', testid: 'tournament-error' }, error),
      invite,
      v.games.some((g) => g.game_id && g.result) ? h('p', { class: 'small' }, h('a', { href: `/api/tournaments/${encodeURIComponent(id)}/export`, download: `${id}.txt`, testid: 'tournament-export' }, w('tour.export'))) : null);
  }

  const th = (key, title = null) => h('th', { scope: 'col', title }, w(key));
  const thn = (key, title = null) => h('th', { scope: 'col', class: 'num', title }, w(key)); // a column of numbers
  const num = (text, testid = null) => h('td', { class: 'num', testid }, text);
  const rank = (r) => num(String(r.rank));
  const player = (r) => h('td', { class: 'name' }, nameCell(r.player));
  const points = (r) => num(pointsText(r.points), 'standing-points');
  const row = (r, ...cells) => h('tr', { testid: 'standing-row', dataset: { player: r.player, rank: String(r.rank) } }, cells);

  function crosstables() {
    const groups = standingsByGroup(view);
    return groups.map(({ group, rows }) => [
      groups.length > 1 ? h('h3', null, w('tour.group', { n: group })) : null,
      h('div', { class: 'scroll' }, h('table', { class: 'table crosstable', testid: 'crosstable', dataset: { group: String(group) } },
        h('thead', null, h('tr', null, thn('tour.rank'), th('tour.player'), rows.map((_, i) => h('th', { scope: 'col', class: 'cell' }, String(i + 1))),
          thn('tour.points'), thn('tour.sb', w('tour.sb_long')), thn('tour.perf'))),
        h('tbody', null, rows.map((r, i) => row(r, rank(r), player(r),
          rows.map((_, j) => h('td', { class: i === j ? 'cell self' : 'cell', testid: 'cell' }, r.cells?.[j] ?? '')),
          points(r), num(tieText(r.sonneborn_berger)), num(r.played ? String(r.performance) : '')))))),
    ]);
  }

  function swissTable() {
    return h('div', { class: 'scroll' }, h('table', { class: 'table', testid: 'swiss-standings' },
      h('thead', null, h('tr', null, thn('tour.rank'), th('tour.player'), thn('tour.points'), thn('tour.buchholz'), thn('tour.median'), thn('tour.perf'), thn('tour.wdl'))),
      h('tbody', null, view.standings.map((r) => row(r, rank(r), player(r), points(r), num(tieText(r.buchholz)), num(tieText(r.median_buchholz)),
        num(r.played ? String(r.performance) : ''), num(`${r.wins} / ${r.draws} / ${r.losses}`))))));
  }

  function arenaTable() {
    return h('div', { class: 'scroll' }, h('table', { class: 'table', testid: 'arena-standings' },
      h('thead', null, h('tr', null, thn('tour.rank'), th('tour.player'), thn('tour.points'), th('tour.sheet'), thn('tour.perf'))),
      h('tbody', null, view.standings.map((r) => row(r, rank(r),
        h('td', { class: 'name' }, nameCell(r.player), r.on_fire ? fireMark(w('tour.on_fire')) : null),
        points(r), h('td', { class: 'sheet', testid: 'standing-sheet' }, (r.sheet || []).join(' ')), num(r.played ? String(r.performance) : ''))))));
  }

  // A computer its creator added: "bot · level 4", and for its creator "remove".
  function entrantItem(e, can) {
    if (!isComputer(e)) return h('li', { testid: 'entrant', dataset: { player: e.name } }, nameCell(e.name), h('span', { class: 'muted' }, ` ${e.rating}`));
    return h('li', { testid: 'entrant', dataset: { player: e.name, level: String(e.level) } },
      h('a', { href: playerUrl(e.name) }, e.name),
      h('span', { class: 'bot-badge', testid: 'entrant-computer', title: t('bot.title') }, w('tour.computer_level', { n: e.level })),
      h('span', { class: 'muted' }, ` ${e.rating}`),
      can.removeComputer ? h('button', { type: 'button', class: 'link remove', testid: 'entrant-remove', title: w('tour.remove_title', { player: e.name }),
        disabled: busy || !app.conn.ready, onclick: () => act('withdraw_tournament', { player: e.name }) }, w('tour.remove')) : null);
  }

  function entrantsList() {
    const list = view.entrants.filter((e) => !e.withdrawn);
    const can = place(view, app.identity);
    return list.length
      ? h('ul', { class: 'entrants', testid: 'tournament-entrants' }, list.map((e) => entrantItem(e, can)))
      : h('p', { class: 'muted', testid: 'tournament-no-entrants' }, w('tour.no_entrants'));
  }

  function drawBoard() {
    board.hidden = false;
    const v = view;
    if (v.status === 'upcoming' || !v.standings.length)
      return replace(board, h('h2', null, `${w('tour.entrants')} (${v.players})`), entrantsList());
    replace(board, h('h2', null, w('tour.standings')), v.format === 'round_robin' ? crosstables() : v.format === 'swiss' ? swissTable() : arenaTable());
  }

  function gameItem(g) {
    const mark = resultMark(g.result);
    const result = g.result === 'bye' ? w('tour.bye') : mark ?? w('tour.playing');
    return h('li', { testid: 'tournament-game', dataset: { game: g.game_id, result: g.result ?? '' } },
      h('span', { class: 'pair' }, nameCell(g.first), g.second ? [' – ', nameCell(g.second)] : null),
      ' ', g.game_id ? h('a', { href: gameUrl(g.game_id), class: 'result' }, result) : h('span', { class: 'result muted' }, result));
  }

  function drawGames() {
    const v = view;
    games.hidden = v.status === 'upcoming';
    if (games.hidden) return replace(games);
    if (!v.games.length) return replace(games, h('h2', null, w('tour.games_h')), h('p', { class: 'muted' }, w('tour.no_games')));
    if (v.format === 'arena')
      return replace(games, h('h2', null, w('tour.games_h')), h('ul', { class: 'pairings' }, v.games.slice(-ARENA_GAMES).reverse().map(gameItem)));
    const rounds = gamesByRound(v);
    const last = rounds[rounds.length - 1].round;
    // The last round open, the others closed, but as the visitor left them.
    replace(games, h('h2', null, w('tour.rounds_h')), rounds.map(({ round, games: list }) => {
      const open = opened.get(round) ?? round === last;
      const el = h('details', { class: 'round', open, testid: 'tournament-round', dataset: { round: String(round) } },
        h('summary', { onclick: () => opened.set(round, !el.open) }, w('tour.round_n', { n: round })),
        h('ul', { class: 'pairings' }, list.map(gameItem)));
      return el;
    }));
  }

  function draw() {
    if (!view) return;
    app.setTitle(view.name);
    drawHead();
    drawBoard();
    drawGames();
  }

  // Idle (no name, closed by the server): the HTTP view now and then, while it can change.
  const poll = app.win.setInterval(() => {
    if (app.conn.phase !== 'idle' || app.doc.visibilityState !== 'visible' || !view || view.status === 'finished') return;
    getJson(app.win, `/api/tournaments/${encodeURIComponent(id)}`).then(({ status, body }) => {
      if (!gone && status === 200 && body && app.conn.phase === 'idle') {
        view = body;
        draw();
      }
    }, () => {});
  }, POLL_MS);

  return {
    onReady: follow, // each connection follows it again (a reconnection too)
    // Signed in here: the view again as this player sees it (a creator's invitation).
    onIdentity() {
      if (app.conn.ready) follow();
      else draw();
    },
    onMessage(msg) {
      if (msg.tournament_id !== id) return;
      if (UPDATES.includes(msg.type)) {
        view = msg;
        draw();
      } else if (msg.type === 'tournament_paired') {
        paired = msg;
        if (view) drawHead();
      }
    },
    destroy() {
      gone = true;
      app.win.clearInterval(poll);
    },
  };
}
