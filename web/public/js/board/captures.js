// Which squares lost a piece to a move, for marking them on the board. Pure, no DOM.
import { moveSquares } from './notation.js';

/**
 * The squares whose piece was taken by `moveText`, given the parsed positions before
 * and after it (parsePosition). The moved piece is followed from its first square to
 * its last, so a piece removed where it lands (an Alquerque huff of the piece that
 * just moved) counts, and a huffed square always counts, even when the mover lands
 * on it. Sorted by name.
 * @param {Map<string,string>} before @param {Map<string,string>} after @param {string} moveText
 * @returns {string[]}
 */
export function capturedSquares(before, after, moveText) {
  const { huff, squares } = moveSquares(moveText);
  const expected = new Map(before);
  if (huff) expected.delete(huff);
  const mover = expected.get(squares[0]);
  expected.delete(squares[0]);
  if (mover !== undefined) expected.set(squares[squares.length - 1], mover);
  const taken = new Set(huff && before.has(huff) ? [huff] : []);
  for (const sq of expected.keys()) if (!after.has(sq)) taken.add(sq);
  return [...taken].sort();
}
