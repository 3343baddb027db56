// A live game: the board from the player's side (a spectator's: the first side's), the
// clocks (or a correspondence move's time left), turn or result, moves, resign, draws,
// takebacks, abort, absent players, match score, chat, ratings, the end and rematch.

import { h, replace, setText } from '../dom.js';
import { clockReading, formatClock } from '../clock.js';
import { isOver, lastOfMatch, canTakeBack, canAbort, takebackToAnswer, firstMoveDeadline, statusOfResult } from '../game_state.js';
import { ratingText, changeText } from '../rating.js';
import { gameName, optionsText, sideName, statusLine, resultText, forfeiterOf, scoreText, errorText, controlText, timeLeftText } from '../describe.js';
import { gameUrl, playerUrl, tournamentUrl } from '../router.js';
import { BoardHost } from './board_host.js';
import { moveList } from './move_list.js';
import { confirmDialog } from './dialogs.js';
import { chatPanel } from './chat.js';
import { rematchBox } from './rematch.js';
import { botBadge } from './bot_badge.js';
import { nameWithMark } from '../bot_mark.js';

const other = (side) => (side === 'first' ? 'second' : 'first');

/** onEnded: the game is not live (any more), show its replay instead. */
export function liveGame(app, route, root, { onEnded }) {
  const t = app.t;
  const id = route.gameId;
  const el = {
    title: h('h1'),
    sub: h('p', { class: 'muted sub' }),
    score: h('p', { class: 'score', testid: 'match-score' }),
    top: h('div', { class: 'player-bar top' }),
    board: h('div', { class: 'board-wrap', testid: 'board' }),
    bottom: h('div', { class: 'player-bar bottom' }),
    status: h('p', { class: 'status', testid: 'status', role: 'status', 'aria-live': 'polite' }),
    watchers: h('p', { class: 'muted watchers', testid: 'spectators' }),
    notice: h('div', { class: 'notices', testid: 'notice', 'aria-live': 'polite' }),
    firstMove: h('p', { class: 'note first-move', testid: 'first-move', 'aria-live': 'off' }),
    controls: h('div', { class: 'controls' }),
    rematch: h('div', { class: 'rematch-wrap' }),
    moves: h('div', { class: 'moves-wrap' }),
    dialog: h('dialog', { class: 'over', testid: 'game-over', 'aria-labelledby': 'over-h' }),
  };
  root.append(
    h('div', { class: 'game-head' }, el.title, el.sub, el.score),
    h('div', { class: 'play' },
      h('div', { class: 'board-col' }, el.top, el.board, el.bottom),
      h('aside', { class: 'side-col' }, el.status, el.watchers, el.notice, el.firstMove, el.controls, el.rematch, el.moves)),
    el.dialog,
  );
  const chat = chatPanel(app, id);
  root.querySelector('.side-col').append(chat.el);
  el.dialog.addEventListener('close', () => draw());
  const host = new BoardHost(el.board, t);
  const clockEls = { first: h('span', { class: 'clock', testid: 'clock-first' }), second: h('span', { class: 'clock', testid: 'clock-second' }) };
  const absentEls = { first: h('span', { class: 'absent' }), second: h('span', { class: 'absent' }) };
  const left = h('span', { class: 'clock left', testid: 'time-left' });
  let flipped = false;
  let sending = false;
  let watching = false;
  let shownOver = false;
  let drawnMoves = -1;
  let timer = null;

  const view = () => app.games.get(id);

  function orientation(v) {
    const own = v.you === 'second' ? 'second' : 'first';
    return flipped ? other(own) : own;
  }

  function playerBar(v, side) {
    const running = v.clocks?.running === side;
    return [
      h('span', { class: `side-dot ${v.sides[side]}`, 'aria-hidden': 'true' }),
      h('a', { class: 'name', href: playerUrl(v.players[side]) }, v.players[side]),
      botBadge(t, v.players[side], v.bots, v.computerLevel),
      v.ratings?.[side] ? h('span', { class: 'rating', testid: `rating-${side}` }, ` ${ratingText(v.ratings[side])}`) : null,
      h('span', { class: 'muted' }, ` ${sideName(t, v.sides[side])}`, v.you === side ? ` · ${t('game.you')}` : ''),
      absentEls[side],
      v.correspondence ? (side === v.toMove && v.deadlineMs ? left : null)
        : v.clocks ? (clockEls[side].classList.toggle('running', running), clockEls[side]) : h('span', { class: 'clock none', testid: `clock-${side}` }, '–'),
    ];
  }

  function controls(v) {
    const ongoing = !isOver(v);
    const mine = v.you !== null && ongoing;
    const theirs = v.you && other(v.you);
    const button = (testid, text, onclick, extra = {}) => h('button', { type: 'button', testid, onclick, ...extra }, text);
    return [
      mine ? button('resign', t('game.resign'), resign, { class: 'danger' }) : null,
      mine && v.drawOffer !== theirs
        ? button('draw-offer', v.drawOffer === v.you ? t('game.draw_offered') : t('game.offer_draw'), () => act('offer_draw'), { disabled: v.drawOffer === v.you })
        : null,
      mine && v.drawOffer === theirs ? button('draw-accept', t('game.accept_draw'), () => act('accept_draw'), { class: 'primary' }) : null,
      mine && v.drawOffer === theirs ? button('draw-decline', t('game.decline_draw'), () => act('decline_draw')) : null,
      mine && canTakeBack(v) ? button('takeback', t('game.takeback'), () => act('takeback')) : null,
      mine && v.takebackOffer?.side === v.you ? button('takeback', t('game.takeback_asked'), null, { disabled: true }) : null,
      takebackToAnswer(v) ? button('takeback-accept', t('game.takeback_accept'), () => act('accept_takeback'), { class: 'primary' }) : null,
      takebackToAnswer(v) ? button('takeback-decline', t('game.takeback_decline'), () => act('decline_takeback')) : null,
      canAbort(v) ? button('abort', t('game.abort'), () => act('abort')) : null,
      mine && app.identity?.registered ? button('game-report', t('game.report'), () => app.report(v.players[theirs], { gameId: id, ply: v.ply })) : null,
      button('flip', t('game.flip'), () => { flipped = !flipped; draw(); }, { 'aria-pressed': String(flipped) }),
    ];
  }

  function notices(v) {
    const list = [];
    const prev = [...app.games.values()].find((g) => g.nextGameId === v.id && g.over);
    if (prev && v.ply === 0) list.push(h('p', { class: 'note' }, t('game.previous', { n: prev.over.match?.number ?? '', result: resultText(t, prev.players, prev.sides, prev.status) })));
    if (v.drawOffer && !isOver(v)) {
      const who = v.players[v.drawOffer];
      list.push(h('p', { class: 'note', testid: 'draw-note' }, v.drawOffer === v.you ? t('game.you_offered') : t('game.offers_draw', { player: who })));
    }
    if (v.takebackOffer && !isOver(v)) {
      const who = v.players[v.takebackOffer.side];
      list.push(h('p', { class: 'note', testid: 'takeback-note' }, v.takebackOffer.side === v.you ? t('game.you_asked_takeback') : t('game.asks_takeback', { player: who })));
    }
    if (v.over && !lastOfMatch(v)) list.push(h('p', { class: 'note' }, t('game.next_soon')));
    if (v.nextGameId) list.push(h('p', null, h('a', { href: gameUrl(v.nextGameId), testid: 'next-game', class: 'button primary' }, t('game.next_game'))));
    return list;
  }

  /** Redraws everything but the clocks' digits (the ticker does those). */
  function draw() {
    const v = view();
    if (!v) return;
    app.setTitle(`${gameName(t, v.game)} · ${nameWithMark(t, v.players.first, v.bots, v.computerLevel)} – ${nameWithMark(t, v.players.second, v.bots, v.computerLevel)}`);
    setText(el.title, gameName(t, v.game));
    setText(el.sub, [optionsText(t, v.options), controlText(t, v), v.rated ? t('seek.rated') : '', v.you === null ? t('game.watching') : ''].filter(Boolean).join(' · '));
    const m = v.over?.match ?? v.match;
    setText(el.score, m && m.games > 1 ? `${t('game.match_game', { n: m.number, of: m.games })} · ${scoreText(v.players, m.totals)}` : '');
    const bottom = orientation(v);
    replace(el.top, playerBar(v, other(bottom)));
    replace(el.bottom, playerBar(v, bottom));
    setText(el.status, statusLine(t, v));
    setText(el.watchers, v.spectators === null ? '' : t(v.spectators === 0 ? 'game.no_spectators' : 'game.spectators', { n: v.spectators }));
    el.status.classList.toggle('mine', v.you !== null && v.toMove === v.you && !isOver(v));
    replace(el.notice, notices(v));
    replace(el.controls, controls(v));
    chat.update();
    if (drawnMoves !== v.moves.length) {
      replace(el.moves, moveList(t, v.moves, v.ply));
      el.moves.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
      drawnMoves = v.moves.length;
    }
    host.setSpec(v.board, bottom, t('game.board_label', { game: gameName(t, v.game) }));
    host.setPosition(v.position, { previous: v.previous, lastMove: v.lastMove });
    const canMove = v.you !== null && !isOver(v) && v.toMove === v.you && !sending && app.conn.ready;
    host.setLegal(canMove ? v.legal : null, canMove ? play : null);
    tick();
    if (v.over && !shownOver && lastOfMatch(v)) showOver(v);
    else if (shownOver && el.dialog.open) fillOver(v);
    // In the end-of-game dialog while it is open, else beside the board.
    const rematchShown = v.you !== null && v.matchOver && !el.dialog.open;
    replace(el.rematch, rematchShown ? rematchBox(app, v, { onLeave: leave }) : null);
  }

  function tick() {
    const v = view();
    if (!v) return;
    const r = clockReading(v.clocks, v.clocksAt, app.win.performance.now());
    if (v.deadlineMs) setText(left, timeLeftText(t, v.deadlineMs - Date.now()));
    const deadline = firstMoveDeadline(v);
    setText(el.firstMove, deadline ? t('game.first_move', { player: v.players[v.toMove], s: Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) }) : '');
    for (const side of ['first', 'second']) {
      if (r) {
        setText(clockEls[side], formatClock(r[side]));
        clockEls[side].classList.toggle('low', r[side] < 10000 && v.clocks.running === side);
      }
      const away = v.absent.find((a) => a.side === side);
      setText(absentEls[side], away ? ` · ${t('game.away', { time: formatClock(Math.max(0, away.deadline_ms - Date.now())) })}` : '');
    }
  }

  async function play(move) {
    const v = view();
    sending = true;
    draw();
    try {
      await app.conn.request({ type: 'move', game_id: id, ply: v.ply, move });
    } catch (err) {
      app.showError(err);
    } finally {
      sending = false;
      draw();
    }
  }

  async function act(type) {
    try {
      await app.conn.request({ type, game_id: id }, { timeoutMs: 10000 });
    } catch (err) {
      // The answer is an event (the sender's copy with the id), or game_over (abort) without one.
      if (err.code !== 'timeout') app.showError(err);
    }
  }

  async function resign() {
    const v = view();
    if (!(await confirmDialog(app, t('game.resign_confirm'), t('game.resign'), t('game.keep_playing')))) return;
    if (!view() || isOver(view())) return;
    // No reply but game_over (no id): an error is the only answer that can come back.
    app.conn.request({ type: 'resign', game_id: v.id }, { timeoutMs: 10000 }).catch((err) => err.code !== 'timeout' && app.showError(err));
  }

  function fillOver(v) {
    const status = v.status.state !== 'ongoing' ? v.status : statusOfResult(v.over.result, v.over.reason);
    const points = v.over.result === 'aborted' ? null : v.over.points;
    const changes = v.over.rating_changes;
    const mo = v.matchOver;
    const tour = app.tourGames.get(v.id); // a tournament's game (paired while this page was open)
    replace(el.dialog,
      h('h2', { id: 'over-h' }, resultText(t, v.players, v.sides, status, forfeiterOf(v, status))),
      points ? h('p', null, t('game.points', { first: v.players.first, second: v.players.second, a: points.first, b: points.second })) : null,
      mo && mo.games > 1 ? h('p', { testid: 'match-result' }, mo.winner ? t('game.match_won', { player: mo.winner }) : t('game.match_drawn'), ' ', scoreText(v.players, mo.totals)) : null,
      changes ? h('ul', { class: 'rating-changes', testid: 'rating-change' }, ['first', 'second'].map((side) => changes[side]
        ? h('li', { dataset: { side } }, t('game.rating_change', { player: v.players[side], before: Math.round(changes[side].before), after: Math.round(changes[side].after), change: changeText(changes[side].change) }))
        : null)) : null,
      v.you !== null && mo ? rematchBox(app, v, { onLeave: () => { el.dialog.close(); leave(); } }) : null,
      v.over.archived === false ? h('p', { class: 'form-error' }, t('game.not_archived')) : null,
      h('form', { method: 'dialog', class: 'row' },
        v.over.archived !== false ? h('button', { type: 'button', testid: 'over-replay', onclick: () => { el.dialog.close(); onEnded(); } }, t('game.replay')) : null,
        tour ? h('a', { class: 'button', href: tournamentUrl(tour.tournament_id), testid: 'over-tournament', onclick: () => el.dialog.close() }, `← ${tour.name}`)
          : h('a', { class: 'button', href: '/', onclick: () => el.dialog.close() }, t('nav.lobby')),
        h('button', { value: 'close', class: 'primary', testid: 'over-close' }, t('game.close'))));
  }

  function leave() {
    app.navigate('/');
  }

  function showOver(v) {
    shownOver = true;
    fillOver(v);
    if (!el.dialog.open) el.dialog.showModal?.();
  }

  function watch() {
    watching = true;
    app.conn.request({ type: 'watch', game_id: id }).then(
      () => {
        if (view()?.you) unwatch(); // we are seated: the seat's messages are enough
        draw();
      },
      (err) => {
        watching = false;
        if (err.code === 'unknown_game' || err.code === 'game_over') onEnded();
        else if (err.code !== 'offline') app.showError(err);
      },
    );
  }

  function unwatch() {
    if (watching && app.conn.ready) app.conn.send({ type: 'unwatch', game_id: id });
    watching = false;
  }

  draw();
  if (!view()) replace(el.status, t('game.loading'));
  timer = app.win.setInterval(tick, 100);

  return {
    onReady() {
      const v = view();
      // Resume gives a live seat back; others, and our correspondence game, watch.
      if (!v || v.you === null || v.correspondence) watch();
      draw();
    },
    onMessage(msg) {
      const mine = msg.state ? msg.state.game_id === id : msg.game_id === id || msg.type === 'match_over';
      if (msg.type === 'error' || msg.type === 'identity') return;
      const rematch = msg.room_id !== undefined && msg.room_id === view()?.roomId && msg.type.startsWith('rematch_');
      if (mine || rematch || msg.type === 'game_started') draw();
      const v = view();
      if (v?.gap && v.you === null && msg.type === 'move') watch(); // a move was missed: the full state again
    },
    destroy() {
      app.win.clearInterval(timer);
      unwatch();
      host.destroy();
      if (el.dialog.open) el.dialog.close();
    },
  };
}
