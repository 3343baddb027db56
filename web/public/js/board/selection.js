// The click state machine of a board over the server's `legal` list. It never decides
// what is legal: it only narrows the list by the squares clicked so far. Pure, no DOM:
// every function takes a state and returns a new one.
//
// A move is chosen by clicking its squares in order: the piece, then landing square
// after landing square until one legal move is left. A click on a later square of
// exactly one remaining move (say the end of a capture chain) also chooses it. With a
// pending Alquerque huff (every legal move starts with "huff <square> "), the piece to
// huff is chosen first.
import { moveSquares } from './notation.js';

/**
 * @typedef {{text: string, huff: string|null, squares: string[]}} LegalMove
 * @typedef {{moves: LegalMove[], huffs: string[], huff: string|null, from: string|null,
 *            path: string[], ambiguous: boolean}} Selection
 * `huffs`: the squares a huff may name (empty when no huff is pending); `huff` the one
 * chosen; `from` the selected piece; `path` the landing squares clicked since.
 */

/** @param {string[]|null} legal @returns {Selection} */
export function createSelection(legal) {
  const moves = (legal ?? []).map((text) => ({ text, ...moveSquares(text) }));
  const huffs = moves.length > 0 && moves.every((m) => m.huff) ? [...new Set(moves.map((m) => m.huff))].sort() : [];
  const huff = huffs.length === 1 ? huffs[0] : null;
  return { moves, huffs, huff, from: null, path: [], ambiguous: false };
}

/** The moves still possible after the huff, piece and squares chosen so far. */
export function candidates(s) {
  return s.moves.filter(
    (m) =>
      (!s.huff || m.huff === s.huff) &&
      (!s.from || (m.squares[0] === s.from && s.path.every((sq, i) => m.squares[i + 1] === sq))),
  );
}

const huffPending = (s) => s.huffs.length > 0 && !s.huff;
const unique = (list) => [...new Set(list)];

/** Squares of pieces that have a move now (none while a huff is to be chosen). */
export function movable(s) {
  return huffPending(s) ? [] : unique(candidates({ ...s, from: null, path: [] }).map((m) => m.squares[0]));
}

/** The next squares to click for the selected piece. */
export function targets(s) {
  if (!s.from) return [];
  const next = s.path.length + 1;
  return unique(candidates(s).flatMap((m) => (m.squares.length > next ? [m.squares[next]] : [])));
}

/**
 * Everything a board draws from a selection. `prompt` is 'huff' while the piece to
 * huff must be chosen, 'route' while a capture chain with several routes is being
 * clicked through (or a click could not tell them apart), else null.
 */
export function view(s) {
  return {
    huffChoices: huffPending(s) ? s.huffs : [],
    huff: s.huffs.length > 1 ? s.huff : null,
    movable: movable(s),
    selected: s.from,
    via: s.path,
    targets: targets(s),
    prompt: huffPending(s) ? 'huff' : s.from && (s.path.length > 0 || s.ambiguous) ? 'route' : null,
  };
}

/** Escape: drop the selected piece, or else a chosen huff that was a choice. */
export function clear(s) {
  if (s.from) return { ...s, from: null, path: [], ambiguous: false };
  return s.huffs.length > 1 ? { ...s, huff: null } : s;
}

/**
 * A click (or tap, drop, Enter) on `square`.
 * @param {Selection} s @param {string} square
 * @returns {{state: Selection, move: string|null}} move: the chosen legal move text
 */
export function click(s, square) {
  const same = (state) => ({ state, move: null });
  const play = (m) => ({ state: { ...s, from: null, path: [], ambiguous: false }, move: m.text });
  if (huffPending(s)) return same(s.huffs.includes(square) ? { ...s, huff: square } : s);

  if (s.from) {
    const left = candidates(s);
    if (targets(s).includes(square)) {
      const path = [...s.path, square];
      const narrowed = left.filter((m) => m.squares[path.length] === square);
      const done = narrowed.find((m) => m.squares.length === path.length + 1);
      if (narrowed.length === 1 || done) return play(done ?? narrowed[0]);
      return same({ ...s, path, ambiguous: false });
    }
    const later = left.filter((m) => m.squares.indexOf(square, s.path.length + 2) > 0);
    if (later.length === 1) return play(later[0]);
    if (later.length > 1) return same({ ...s, ambiguous: true });
    if (square === s.from) return same(clear(s));
  }
  if (movable(s).includes(square)) return same({ ...s, from: square, path: [], ambiguous: false });
  if (s.huffs.length > 1 && s.huffs.includes(square))
    return same({ ...s, huff: square, from: null, path: [], ambiguous: false });
  return same(s.from ? clear(s) : s);
}
