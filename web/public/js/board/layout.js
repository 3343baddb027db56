// Where squares go on the drawing for a given orientation, and where the arrow keys
// lead. Pure, no DOM. Display columns count from the left, rows from the top.
import { parseSquare, squareName } from './notation.js';

/**
 * The display cell of a square: the first side at the bottom puts a1 at the bottom
 * left; the second side turns the board half round (a1 at the top right).
 * @param {{files: number, ranks: number}} board @param {string} square @param {'first'|'second'} orientation
 * @returns {{col: number, row: number}}
 */
export function displayCell(board, square, orientation) {
  const { file, rank } = parseSquare(square);
  return orientation === 'second'
    ? { col: board.files - 1 - file, row: rank }
    : { col: file, row: board.ranks - 1 - rank };
}

/** The square shown at a display cell, or null outside the board. */
export function squareAt(board, col, row, orientation) {
  if (col < 0 || row < 0 || col >= board.files || row >= board.ranks) return null;
  return orientation === 'second'
    ? squareName(board.files - 1 - col, row)
    : squareName(col, board.ranks - 1 - row);
}

const steps = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * The square an arrow key moves the focus to, as the board is displayed, skipping
 * squares nobody plays on (draughts' light squares). When the square straight ahead
 * is one, a diagonal step is taken that stays in the same pair of columns (for up and
 * down) or rows (left and right): the zigzag keeps to the line the key follows, every
 * key is undone by its opposite, and every dark square can be reached. Null at the edge.
 * @param {{files: number, ranks: number, marked?: Object<string,string>}} board
 * @param {string} square @param {string} key @param {'first'|'second'} orientation
 */
export function arrowTarget(board, square, key, orientation) {
  const step = steps[key];
  if (!step) return null;
  const { col, row } = displayCell(board, square, orientation);
  const [dx, dy] = step;
  const paired = dx === 0 ? [[(col ^ 1) - col, 0], [col - (col ^ 1), 0]] : [[0, (row ^ 1) - row], [0, row - (row ^ 1)]];
  for (const [sx, sy] of [[0, 0], ...paired]) {
    const to = squareAt(board, col + dx + sx, row + dy + sy, orientation);
    if (to && board.marked?.[to] !== 'light') return to;
  }
  return null;
}
