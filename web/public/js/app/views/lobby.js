// The lobby: the visitor's open room or the form to create one, "Play the computer"
// (its dialog loaded on first use), open rooms, live games (a bot's name with its
// badge), each with the correspondence ones apart, the tournaments under way and about
// to start (a few, asked once a visit: list_tournaments), and the games with their rules.
// Live through subscribe_lobby. Above them, when the visitor has correspondence games,
// how many await their move, the first few, and a link to /games.

import { h, replace } from '../dom.js';
import { roomUrl, gameUrl, playerUrl, leaderboardUrl, tournamentUrl } from '../router.js';
import { ratingText } from '../rating.js';
import { gameName, optionsText, sideName, controlText, timeLeftText } from '../describe.js';
import { gameRows } from '../games_list.js';
import { summaryState } from '../tournament_summary.js';
import { gamesWords } from './games_words.js';
import { emptyLobby, reduceLobby, LOBBY_TYPES } from '../lobby_state.js';
import { createForm } from './create_form.js';
import { roomBox, forgetLostRoom } from './room.js';
import { seekForm } from './seek_form.js';
import { botBadge } from './bot_badge.js';
import './page_style.js';

/** @param {import('../app.js').App} app */
export function lobbyView(app, route, main) {
  const t = app.t;
  app.setTitle(t('nav.lobby'));
  // The lists stay on the app between visits, but only this page follows them: the
  // other pages do not load lobby_state.js.
  app.lobby ??= emptyLobby();
  const seek = h('section', { class: 'panel', 'aria-labelledby': 'seek-h' });
  const mine = h('section', { class: 'panel', 'aria-labelledby': 'mine-h' });
  const rooms = h('section', { class: 'panel', 'aria-labelledby': 'rooms-h' });
  const live = h('section', { class: 'panel', 'aria-labelledby': 'live-h' });
  const tours = h('section', { class: 'panel', testid: 'lobby-tournaments', 'aria-labelledby': 'tours-h' });
  const catalogue = h('section', { class: 'panel', testid: 'catalogue', 'aria-labelledby': 'cat-h' });
  const turns = h('p', { class: 'note', testid: 'lobby-turns', hidden: true });
  main.append(turns, h('div', { class: 'lobby' }, seek, mine, rooms, live, tours, catalogue));
  const w = gamesWords(t);
  let shownTurns = null;
  let tournaments = null; // list_tournaments's answer
  let subscribed = false;
  let form = null; // kept across redraws so that typed values stay
  let quick = null;
  let computer = null; // the open "Play the computer" dialog
  let gone = false;

  async function openComputer() {
    if (computer) return;
    const { openComputerDialog } = await import('./computer_dialog.js');
    if (gone || computer || !app.welcome) return;
    computer = openComputerDialog(app);
    computer.closed.then(() => { computer = null; });
  }
  const computerButton = h('p', { class: 'computer-cta' },
    h('button', { type: 'button', testid: 'play-computer', onclick: openComputer }, t('computer.open')));

  const info = (id) => app.welcome?.games.find((g) => g.id === id);
  const clockText = (x) => controlText(t, x) ?? t('clock.none');
  const sideOf = (game, side) => (side === 'random' ? t('side.random') : sideName(t, info(game)?.[`${side}_side`] || side));

  function drawSeek() {
    const head = h('h2', { id: 'seek-h' }, t('seek.title'));
    if (app.myRoom?.room.seek) return replace(seek, head, h('p', { class: 'muted', testid: 'seek-waiting' }, t('seek.waiting')));
    if (app.myRoom || !app.identity || !app.welcome) {
      quick = null;
      return replace(seek, head, h('p', { class: 'muted' }, app.myRoom ? t('seek.have_room') : t('seek.need_name')));
    }
    if (!quick || quick.registered !== app.identity.registered) quick = { registered: app.identity.registered, form: seekForm(app) };
    replace(seek, head, quick.form, computerButton);
  }

  function drawMine() {
    drawSeek();
    if (app.myRoom) {
      form = null;
      return replace(mine, h('h2', { id: 'mine-h' }, t('room.yours')), roomBox(app, app.myRoom));
    }
    if (!app.identity) return replace(mine, h('h2', { id: 'mine-h' }, t('create.title')), h('p', { class: 'muted' }, t('create.need_name')));
    if (!app.welcome) return replace(mine, h('h2', { id: 'mine-h' }, t('create.title')), h('p', { class: 'muted' }, t('conn.connecting')));
    if (form && form.dataset.registered !== String(app.identity.registered)) form = null;
    form = form || createForm(app);
    replace(mine, h('h2', { id: 'mine-h' }, t('create.title')), form);
  }

  // "And N more" under a list the server cut at its lobby limit.
  function more(total, listed, testid) {
    return total > listed ? h('p', { class: 'muted', testid }, t('lobby.more', { n: total - listed })) : null;
  }

  // A list's live entries, then its correspondence ones under a heading of their own.
  function grouped(list, row, testid) {
    const live = list.filter((x) => !x.correspondence);
    const slow = list.filter((x) => x.correspondence);
    return [live.length ? h('ul', { class: 'list' }, live.map(row)) : null,
      slow.length ? [h('h3', null, t('corr.title')), h('ul', { class: 'list', testid }, slow.map(row))] : null];
  }

  function drawRooms() {
    const list = app.lobby.rooms;
    replace(
      rooms,
      h('h2', { id: 'rooms-h' }, t('lobby.rooms')),
      list.length === 0
        ? h('p', { class: 'muted', testid: 'no-rooms' }, t('lobby.no_rooms'))
        : grouped(list, (r) => {
            const own = app.identity?.player === r.creator;
            return h('li', { class: 'item', testid: 'room-row', dataset: { room: r.room_id } },
              h('span', { class: 'what' }, gameName(t, r.game), r.options && Object.keys(r.options).length ? h('span', { class: 'muted' }, ` (${optionsText(t, r.options)})`) : null),
              h('span', null, h('a', { href: playerUrl(r.creator) }, r.creator), r.creator_rating ? h('span', { class: 'rating', testid: 'room-rating' }, ` ${ratingText(r.creator_rating)}`) : null,
                h('span', { class: 'muted' }, ` · ${sideOf(r.game, r.creator_side)}`)),
              h('span', { class: 'muted' }, clockText(r), r.games > 1 ? ` · ${t('room.match_of', { n: r.games })}` : '',
                ' · ', h('span', { testid: 'room-rated', dataset: { rated: String(Boolean(r.rated)) } }, t(r.rated ? 'seek.rated' : 'seek.casual'))),
              own ? h('span', { class: 'muted' }, t('room.yours_short')) : h('a', { class: 'button', href: roomUrl(r.room_id), testid: 'room-join' }, t('lobby.join')));
          }, 'corr-rooms'),
      more(app.lobby.roomsTotal, list.length, 'more-rooms'),
    );
  }

  function drawLive() {
    const list = app.lobby.games;
    replace(
      live,
      h('h2', { id: 'live-h' }, t('lobby.live')),
      list.length === 0
        ? h('p', { class: 'muted', testid: 'no-live' }, t('lobby.no_live'))
        : grouped(list, (g) =>
            h('li', { class: 'item', testid: 'live-row', dataset: { game: g.game_id } },
              h('span', { class: 'what' }, gameName(t, g.game), g.options && Object.keys(g.options).length ? h('span', { class: 'muted' }, ` (${optionsText(t, g.options)})`) : null),
              h('span', null, h('a', { href: playerUrl(g.players.first) }, g.players.first), botBadge(t, g.players.first, g.bots, g.computer_level), ' – ',
                h('a', { href: playerUrl(g.players.second) }, g.players.second), botBadge(t, g.players.second, g.bots, g.computer_level)),
              h('span', { class: 'muted' }, clockText(g), ` · ${t('lobby.ply', { n: g.ply })}`, g.rated ? ` · ${t('seek.rated')}` : ''),
              h('a', { class: 'button', href: gameUrl(g.game_id), testid: 'live-watch' }, t('lobby.watch'))), 'corr-games'),
      more(app.lobby.gamesTotal, list.length, 'more-live'),
    );
  }

  // The first few under way, then about to start; their pages have the rest.
  function drawTours() {
    const list = tournaments ? [...tournaments.running, ...tournaments.upcoming].slice(0, 5) : [];
    replace(tours, h('h2', { id: 'tours-h' }, t('nav.tournaments')),
      !tournaments ? null : list.length === 0 ? h('p', { class: 'muted', testid: 'no-tournaments' }, w('tour.none'))
        : h('ul', { class: 'list' }, list.map((s) => {
          const [key, params] = summaryState(s, Date.now(), t.lang);
          return h('li', { class: 'item', testid: 'lobby-tournament', dataset: { tournament: s.tournament_id } },
            h('a', { class: 'what', href: tournamentUrl(s.tournament_id) }, s.name),
            h('span', null, `${w(`tour.format_${s.format}`)} · ${gameName(t, s.game)} · ${clockText(s)} · ${w('tour.players', { n: s.players })}`),
            h('span', { class: 'muted' }, w(key, params)),
            h('a', { class: 'button', href: tournamentUrl(s.tournament_id) }, w('games.open')));
        })),
      h('p', null, h('a', { href: '/tournaments', testid: 'lobby-tournaments-all' }, w('tour.all'))));
  }

  function drawCatalogue() {
    const games = app.welcome?.games || [];
    replace(
      catalogue,
      h('h2', { id: 'cat-h' }, t('lobby.games')),
      h('p', null, h('a', { href: leaderboardUrl(), testid: 'lobby-leaderboard' }, t('nav.leaderboard'))),
      h('dl', { class: 'games' }, games.map((g) => [
        h('dt', null, gameName(t, g.id, g.name), h('span', { class: 'muted' }, ` · ${sideName(t, g.first_side)} / ${sideName(t, g.second_side)}`)),
        h('dd', null, w.maybe(`rules.${g.id}`, g.name),
          g.options.length ? h('span', { class: 'muted' }, ' ', t('lobby.options'), ' ', g.options.map((o) =>
            `${t.maybe(`option.${o.name}`, o.description)}${o.allowed.length ? ` (${o.allowed.join('/')})` : ''}`).join('; '), '.') : null),
      ])),
    );
  }

  // The visitor's correspondence games (app.turns): "Your move (3) →" and the first three.
  function drawTurns() {
    shownTurns = app.turns;
    const [turn, waiting] = gameRows(app.turns, app.identity?.player);
    turns.hidden = !app.identity || ![...turn, ...waiting].some((r) => r.correspondence);
    if (turns.hidden) return replace(turns);
    replace(turns,
      h('a', { href: '/games', testid: 'lobby-turns-link' }, turn.length ? `${w('games.your_move')} (${turn.length}) →` : `${t('nav.games')} →`),
      turn.slice(0, 3).map((r) => [' · ', h('a', { href: gameUrl(r.id), testid: 'lobby-turn' }, `${gameName(t, r.game)} ${w('games.against', { player: r.opponent })}`),
        r.deadline ? h('span', { class: 'muted' }, ` (${timeLeftText(t, r.deadline - Date.now())})`) : null]));
  }

  const drawAll = () => { drawTurns(); drawMine(); drawRooms(); drawLive(); drawTours(); drawCatalogue(); };
  drawAll();
  // A live game's ply is as of the listing (the server does not tell each move to the
  // lobby): list again now and then while the page is in view.
  const refresh = app.win.setInterval(() => {
    if (app.doc.visibilityState !== 'visible') return;
    drawTurns(); // the time left
    drawTours(); // when each starts
    if (app.conn.ready) app.conn.send({ type: 'list_rooms' });
  }, 20000);

  return {
    onReady() {
      subscribed = true;
      // A room of ours lost while we were away is forgotten (room.js).
      app.conn.request({ type: 'subscribe_lobby' }).then((lobby) => forgetLostRoom(app, lobby) && drawMine()).catch(() => {});
      // Not followed: once a visit (and connection) is enough for a short list.
      app.conn.request({ type: 'list_tournaments' }).then((reply) => {
        tournaments = reply;
        tours.hidden = false;
        if (!gone) drawTours();
      }, () => { tours.hidden = true; }); // a server that keeps none (a cluster's node)
      drawAll();
    },
    // Rooms too: one of them may be the visitor's own, listed before they logged in.
    onIdentity() { drawTurns(); drawMine(); drawRooms(); },
    onMessage(msg) {
      computer?.onMessage(msg);
      if (app.turns !== shownTurns) drawTurns();
      if (LOBBY_TYPES.includes(msg.type)) {
        app.lobby = reduceLobby(app.lobby, msg);
        drawRooms();
        drawLive();
      }
      if (['room_created', 'room_cancelled', 'room_closed', 'game_started'].includes(msg.type)) drawMine();
    },
    destroy() {
      gone = true;
      computer?.close();
      app.win.clearInterval(refresh);
      if (subscribed && app.conn.ready) app.conn.send({ type: 'unsubscribe_lobby' });
    },
  };
}
