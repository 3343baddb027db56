// Stepping through an archived game record (docs/protocol.md, "Archive"). Pure.

/** The ply within 0 .. number of moves. */
export function clampPly(record, ply) {
  const n = record.moves.length;
  return Math.max(0, Math.min(n, Number.isFinite(ply) ? Math.trunc(ply) : n));
}

/**
 * What to show after `ply` moves: the position, the one before it and the move between
 * (to mark the move and its captures), and both clocks as they were (null without a clock).
 */
export function replayFrame(record, ply) {
  const n = clampPly(record, ply);
  const at = (k) => (k === 0 ? record.start_position : record.moves[k - 1].position);
  const move = n > 0 ? record.moves[n - 1] : null;
  let clocks = null;
  if (record.clock) {
    clocks = move && move.first_ms !== null && move.first_ms !== undefined
      ? { first: move.first_ms, second: move.second_ms }
      : { first: record.clock.initial_ms, second: record.clock.initial_ms };
  }
  return { ply: n, position: at(n), previous: n > 0 ? at(n - 1) : null, lastMove: move ? move.move : null, clocks };
}

/** The record's result as a game status: {state:'win', winner:'first', reason} or a draw. */
export function recordStatus(record) {
  if (record.result === 'draw') return { state: 'draw', winner: null, reason: record.reason };
  if (record.result === 'first' || record.result === 'second') return { state: 'win', winner: record.result, reason: record.reason };
  return { state: 'ongoing' };
}
