// A finished game from the archive (GET /api/games/{id}), stepped through ply by ply:
// buttons, a slider, ←/→ and Home/End, or a click on a move. The URL follows the ply
// shown (/game/{id}?ply=N) so that any position can be linked; the default is the end.

import { h, replace, setText } from '../dom.js';
import { formatClock } from '../clock.js';
import { gameName, optionsText, resultText, sideName, controlText } from '../describe.js';
import { gameUrl, analysisUrl, explorerUrl } from '../router.js';
import { replayFrame, clampPly, recordStatus } from '../replay_state.js';
import { BoardHost } from './board_host.js';
import { moveList } from './move_list.js';
import { botBadge } from './bot_badge.js';

/** @param {import('../app.js').App} app */
export function replayView(app, route, root) {
  const t = app.t;
  const id = route.gameId;
  root.append(h('p', { class: 'muted', testid: 'replay-loading' }, t('game.loading')));
  let record = null;
  let ply = 0;
  let flipped = false;
  let host = null;
  let dead = false;
  const el = {};

  const onKey = (e) => {
    if (!record || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, select, textarea')) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: record.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  function go(next) {
    ply = clampPly(record, next);
    app.win.history.replaceState(null, '', gameUrl(id, ply === record.moves.length ? null : ply));
    show();
  }

  function layout(rec) {
    const info = app.welcome?.games.find((g) => g.id === rec.game);
    const sides = { first: rec.sides?.first ?? info?.first_side ?? 'first', second: rec.sides?.second ?? info?.second_side ?? 'second' };
    const players = { first: rec.first_player, second: rec.second_player };
    // The bot marks: the record's when the server sends them, else the live game's if this page saw it.
    const seen = app.games.get(rec.game_id);
    el.bots = rec.bots ?? seen?.bots ?? null;
    el.level = rec.computer_level ?? seen?.computerLevel ?? null;
    const button = (testid, label, text, to) => h('button', { type: 'button', testid, 'aria-label': label, title: label, onclick: () => go(to()) }, text);
    Object.assign(el, {
      players, sides,
      top: h('div', { class: 'player-bar top' }),
      bottom: h('div', { class: 'player-bar bottom' }),
      board: h('div', { class: 'board-wrap', testid: 'board' }),
      ply: h('span', { class: 'ply', testid: 'replay-ply', 'aria-live': 'polite' }),
      slider: h('input', { type: 'range', min: '0', max: String(rec.moves.length), step: '1', testid: 'replay-slider', 'aria-label': t('replay.slider'),
        oninput: (e) => go(Number(e.target.value)) }),
      moves: h('div', { class: 'moves-wrap' }),
    });
    const mine = app.identity?.player;
    const status = recordStatus(rec);
    replace(root,
      h('div', { class: 'game-head' },
        h('h1', null, gameName(t, rec.game)),
        h('p', { class: 'muted sub' }, [optionsText(t, rec.options), controlText(t, rec), new Date(rec.ended_ms).toLocaleString(t.lang)].filter(Boolean).join(' · ')),
        h('p', { class: 'status', testid: 'status' }, resultText(t, players, sides, status),
          rec.match_id && rec.match_game ? h('span', { class: 'muted' }, ` · ${t('replay.match_game', { n: rec.match_game })}`) : null)),
      h('div', { class: 'play' },
        h('div', { class: 'board-col' }, el.top, el.board, el.bottom,
          h('div', { class: 'replay-bar' },
            button('replay-first', t('replay.first'), '⏮', () => 0),
            button('replay-prev', t('replay.prev'), '◀', () => ply - 1),
            el.ply,
            button('replay-next', t('replay.next'), '▶', () => ply + 1),
            button('replay-last', t('replay.last'), '⏭', () => rec.moves.length)),
          el.slider),
        h('aside', { class: 'side-col' },
          h('p', { class: 'muted small' }, t('replay.keys')),
          h('div', { class: 'controls' },
            h('button', { type: 'button', testid: 'flip', onclick: () => { flipped = !flipped; show(); } }, t('game.flip')),
            (el.analyse = h('a', { class: 'button', testid: 'analyse-link', href: analysisUrl(id) }, t('replay.analyse'))),
            (el.explore = h('a', { class: 'button', testid: 'explorer-link' }, t('replay.explorer')))),
          el.moves)));
    flipped = mine !== undefined && mine === rec.second_player;
    host = new BoardHost(el.board, t);
  }

  function bar(side, clocks) {
    return [
      h('span', { class: `side-dot ${el.sides[side]}`, 'aria-hidden': 'true' }),
      h('span', { class: 'name' }, el.players[side]),
      botBadge(t, el.players[side], el.bots, el.level),
      h('span', { class: 'muted' }, ` ${sideName(t, el.sides[side])}`),
      h('span', { class: clocks ? 'clock' : 'clock none', testid: `clock-${side}` }, clocks ? formatClock(clocks[side]) : '–'),
    ];
  }

  function show() {
    const f = replayFrame(record, ply);
    const bottom = flipped ? 'second' : 'first';
    replace(el.top, bar(bottom === 'first' ? 'second' : 'first', f.clocks));
    replace(el.bottom, bar(bottom, f.clocks));
    setText(el.ply, t('replay.ply', { n: ply, of: record.moves.length }));
    el.slider.value = String(ply);
    el.analyse.href = analysisUrl(id, ply);
    el.explore.href = explorerUrl(record.game, record.options, record.moves.slice(0, ply).map((m) => m.move));
    el.board.dataset.ply = String(ply);
    replace(el.moves, moveList(t, record.moves.map((m) => m.move), ply, go));
    el.moves.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
    host.setSpec(record.board ?? null, bottom, t('game.board_label', { game: gameName(t, record.game) }));
    host.setPosition(f.position, { previous: f.previous, lastMove: f.lastMove });
    host.setLegal(null, null);
  }

  async function load() {
    try {
      const res = await app.win.fetch(`/api/games/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } });
      if (dead) return;
      if (res.status === 404) return replace(root, h('section', { class: 'panel' }, h('h1', null, t('replay.not_found')), h('p', null, h('a', { href: '/archive' }, t('nav.archive')))));
      if (!res.ok) throw new Error(String(res.status));
      record = await res.json();
    } catch {
      if (!dead) replace(root, h('p', { class: 'form-error', role: 'alert' }, t('replay.failed')));
      return;
    }
    if (dead) return;
    app.setTitle(`${gameName(t, record.game)} · ${record.first_player} – ${record.second_player}`);
    layout(record);
    ply = clampPly(record, route.ply ?? record.moves.length);
    show();
  }

  app.doc.addEventListener('keydown', onKey);
  load();
  return {
    destroy() {
      dead = true;
      app.doc.removeEventListener('keydown', onKey);
      host?.destroy();
    },
  };
}
