// The analysis board's arithmetic (docs/wasm.md): the engine's scores turned to the
// first side's point of view, their words, and the moves marked by what they lost. Pure.

export const MATE = 30000; // bot/engine/engine.hpp: mate_score
const CAP = 1000; // a graph's top and bottom: ten pieces, or a forced result

/**
 * A search's result ({score, mateIn?} for the side to move) from the first side's point
 * of view: `{cp}` in centi-pieces, or `{mate: plies}` (positive: the first side wins).
 */
export function forFirst(result, toMove) {
  const sign = toMove === 'first' ? 1 : -1;
  if (result.mateIn !== undefined) return { mate: sign * (result.score > 0 ? result.mateIn : -result.mateIn) };
  return { cp: sign * result.score };
}

/** A value of forFirst() on the graph's scale, -1000..1000. */
export function graphValue(v) {
  if (v.mate !== undefined) return v.mate > 0 ? CAP : -CAP;
  return Math.max(-CAP, Math.min(CAP, v.cp));
}

/** The side a forced result favours, and in how many of that side's own moves. */
export function mateMoves(v) {
  return { winner: v.mate > 0 ? 'first' : 'second', moves: Math.ceil(Math.abs(v.mate) / 2) };
}

/** "+1.35", "-0.40", "0.00": pieces, for the first side. */
export function pawnsText(cp) {
  const pieces = (cp / 100).toFixed(2);
  return cp > 0 ? `+${pieces}` : cp === 0 ? '0.00' : pieces;
}

/**
 * What each move lost, from `values` (forFirst() of every position, 0..n; missing ones
 * skipped): a move by the side to move at ply k-1 other than the engine's best there
 * (`bests[k-1]`; `moves[k-1]` the move played) is a mistake when the position after it
 * is worth 150 or more centi-pieces (a piece and a half) less to that side, a blunder at
 * 400 (on the graph's scale: a forced loss counts as ten pieces). The engine's own move
 * is never marked: what a short search's score swings between one depth and the next is
 * not the player's doing. [{ply, side, loss, kind}].
 */
export function markedMoves(values, sides, moves = [], bests = []) {
  const marks = [];
  for (let k = 1; k < values.length; k++) {
    if (!values[k - 1] || !values[k]) continue;
    if (bests[k - 1] !== undefined && bests[k - 1] === moves[k - 1]) continue;
    const side = sides[k - 1];
    const sign = side === 'first' ? 1 : -1;
    const loss = sign * (graphValue(values[k - 1]) - graphValue(values[k]));
    if (loss >= 400) marks.push({ ply: k, side, loss, kind: 'blunder' });
    else if (loss >= 150) marks.push({ ply: k, side, loss, kind: 'mistake' });
  }
  return marks;
}

/** The points of an SVG polyline of `values` on a `width` × `height` graph (0 in the middle). */
export function graphPoints(values, width, height) {
  const n = Math.max(1, values.length - 1);
  return values
    .map((v, k) => (v ? `${((k / n) * width).toFixed(1)},${((1 - (graphValue(v) + CAP) / (2 * CAP)) * height).toFixed(1)}` : null))
    .filter(Boolean)
    .join(' ');
}

/** The first side's share of the evaluation bar, 0..1 (a logistic of the score). */
export function barShare(v) {
  if (v.mate !== undefined) return v.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-v.cp / 250));
}

/** The squares the king's open routes end on, from their move texts ("f6-f11", "d4-a4xa3"). */
export function routeEnds(moves) {
  return moves.map((m) => m.split('-')[1]?.split('x')[0]).filter(Boolean);
}
