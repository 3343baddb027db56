// One live game's state as the page shows it, and how each message changes it. Pure;
// `now` is when the message arrived (performance.now()): running clocks count from it.

import { clockReading } from './clock.js';

// `legal`: a state's list, or a move's compact text (docs/protocol.md, "Games").
export const legalList = (l) =>
  Array.isArray(l) ? l : l?.split ? l.split(';').flatMap((g) => g.split(',').map((t, i, [h]) => i ? h.slice(0, h.search(/[-:]/) + 1) + t : t)) : null;

/**
 * GameView: the state in camelCase (fromState), plus clocksAt (when the clocks came),
 * previous and lastMove (for the capture marks), over and matchOver (game_over,
 * match_over), nextGameId (the match's next), gap (a move was missed: ask for the state
 * again), rewindTo (a takeback was accepted: the next state may be behind, at this ply).
 * @typedef {ReturnType<typeof fromState>} GameView
 */

/** A GameView from a full state object (game_started, game_state). */
export function fromState(s, now) {
  return {
    id: s.game_id,
    roomId: s.room_id,
    game: s.game,
    options: s.options || {},
    players: s.players,
    sides: s.sides,
    you: s.you ?? null,
    board: s.board ?? null,
    startPosition: s.start_position,
    position: s.position,
    previous: null,
    lastMove: s.moves?.length ? s.moves[s.moves.length - 1] : null,
    ply: s.ply,
    toMove: s.to_move,
    moves: s.moves || [],
    clocks: s.clocks ?? null,
    clocksAt: now,
    correspondence: s.correspondence ?? null,
    deadlineMs: s.deadline_ms ?? null, // unix ms: a correspondence move's deadline
    status: s.status || { state: 'ongoing' },
    drawOffer: s.draw_offer ?? null,
    absent: s.absent || [],
    spectators: s.spectators ?? null,
    match: s.match ?? null,
    rated: Boolean(s.rated),
    ratings: s.ratings ?? null,
    bots: s.bots ?? null, // the players that are bot accounts
    computerLevel: s.computer_level ?? null, // a game against the computer: its level
    tournamentId: s.tournament_id ?? null,
    takebackOffer: s.takeback_offer ?? null,
    legal: legalList(s.legal),
    over: null,
    matchOver: null,
    nextGameId: null,
    gap: false,
    rewindTo: null,
  };
}

export const isOver = (v) => v.status.state !== 'ongoing' || v.over !== null;

/** The status of a game_over's result: `first`/`second` won, `draw`, `aborted`. */
export function statusOfResult(result, reason) {
  if (result === 'draw') return { state: 'draw', winner: null, reason };
  if (result === 'aborted') return { state: 'aborted', winner: null, reason };
  return { state: 'win', winner: result, reason };
}

/**
 * A seat given back by resume (a game_state for a game not known before) that the lobby
 * goes to: a live game under way; not a correspondence one, as a player may have many.
 */
export const followsResume = (before, after) => !before && Boolean(after.you) && !after.correspondence && !isOver(after);

/** The player may ask to take back their last move: playing, has moved, nothing pending. */
export function canTakeBack(v) {
  if (!v.you || isOver(v) || v.takebackOffer) return false;
  return v.ply >= (v.you === 'first' ? 1 : 2);
}

/** The player may abort: playing, and a side has not made its first move (ply < 2). */
export const canAbort = (v) => Boolean(v.you) && !isOver(v) && v.ply < 2;

/** The opponent asks for a takeback the player may answer. */
export const takebackToAnswer = (v) => Boolean(v.you && v.takebackOffer && v.takebackOffer.side !== v.you && !isOver(v));

/** Unix ms by which the side to move must make its first move, or null. */
export const firstMoveDeadline = (v) => (isOver(v) ? null : v.clocks?.first_move_deadline_ms ?? null);

/** Clocks frozen at what they read at `now` (the game ended without a move saying so). */
function stopped(v, now) {
  const r = clockReading(v.clocks, v.clocksAt, now);
  if (!r) return { clocks: null, clocksAt: now };
  return { clocks: { ...v.clocks, first_ms: r.first, second_ms: r.second, running: null }, clocksAt: now };
}

/**
 * The view after `msg`; the same object when the message changes nothing (a duplicate
 * move, another game's message).
 * @param {GameView|undefined} v
 */
export function reduceGame(v, msg, now) {
  if (msg.type === 'game_state' || msg.type === 'game_started') {
    const next = fromState(msg.state, now);
    if (!v || v.id !== next.id) return next;
    // A seated player who also watches gets a spectator's copy: the seat stays.
    if (next.you === null && v.you !== null) return v;
    // A state that is behind (a late spectator copy) must not undo later moves; but
    // after a takeback it is meant to be.
    if (next.ply < v.ply && !(v.rewindTo !== null && next.ply === v.rewindTo)) return v;
    return { ...next, over: v.over, matchOver: v.matchOver, nextGameId: v.nextGameId };
  }
  if (!v || (msg.game_id !== undefined && msg.game_id !== v.id)) return v;
  switch (msg.type) {
    case 'move': {
      if (msg.ply <= v.ply) return v;
      const inOrder = msg.ply === v.ply + 1;
      return {
        ...v,
        previous: inOrder ? v.position : null,
        lastMove: msg.move,
        position: msg.position,
        ply: msg.ply,
        toMove: msg.to_move,
        moves: [...v.moves, msg.move],
        clocks: msg.clocks ?? null,
        clocksAt: now,
        deadlineMs: msg.deadline_ms ?? null,
        status: msg.status || v.status,
        drawOffer: null,
        takebackOffer: null,
        legal: legalList(msg.legal),
        gap: v.gap || !inOrder,
      };
    }
    case 'draw_offered':
      return { ...v, drawOffer: msg.side };
    case 'draw_declined':
      return { ...v, drawOffer: null };
    case 'takeback_offered':
      return { ...v, takebackOffer: { side: msg.side, plies: msg.plies } };
    case 'takeback_declined':
      return { ...v, takebackOffer: null };
    case 'takeback_accepted':
      // The full state at ply `msg.ply` follows.
      return { ...v, takebackOffer: null, rewindTo: msg.ply };
    case 'player_left': {
      const absent = v.absent.filter((a) => a.side !== msg.side);
      return { ...v, absent: [...absent, { side: msg.side, player: msg.player, deadline_ms: msg.deadline_ms }] };
    }
    case 'player_returned':
      return { ...v, absent: v.absent.filter((a) => a.side !== msg.side) };
    case 'spectators':
      return { ...v, spectators: msg.count };
    case 'game_over': {
      const status = v.status.state !== 'ongoing' ? v.status : statusOfResult(msg.result, msg.reason);
      const clocks = v.clocks && v.clocks.running ? stopped(v, now) : {};
      return { ...v, ...clocks, status, over: msg, match: msg.match ?? v.match, legal: null, drawOffer: null, takebackOffer: null, absent: [], deadlineMs: null };
    }
    default:
      return v;
  }
}

/** The match of `v` is over, or will be once this game ends: no next game follows. */
export function lastOfMatch(v) {
  const m = v.over ? v.over.match : v.match;
  return !m || m.number >= m.games;
}

/** The move texts in rows of full moves: `[{number:1, first:{ply:1,text}, second:{ply:2,text}}]`. */
export function moveRows(moves) {
  const rows = [];
  moves.forEach((text, i) => {
    if (i % 2 === 0) rows.push({ number: i / 2 + 1, first: { ply: i + 1, text }, second: null });
    else rows[rows.length - 1].second = { ply: i + 1, text };
  });
  return rows;
}
