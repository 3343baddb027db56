// Reads the rules module's position string into what stands where. Two forms exist:
// - ranks from the top separated by '/', piece letters and runs of empty squares as
//   decimal numbers (tafl `3aaa3/... a`, Alquerque `bbbbb/... w - -`);
// - draughts' PDN form `W:Wa1,c1,Kd4:Bb8,h6` (side to move, then each side's squares,
//   `K` before a king), whose pieces are found by side and kind in `board.pieces`.
// Pure, no DOM.
import { parseSquare, squareName } from './notation.js';

/**
 * @typedef {{letter: string, side: 'first'|'second', kind: 'man'|'king'|'royal', name: string}} PieceKind
 * @typedef {{files: number, ranks: number, marked?: Object<string,string>, lines?: string[][]|null,
 *            pieces: PieceKind[], note?: string|null}} BoardSpec
 */

/**
 * What stands on each occupied square. Throws an Error on a string that does not fit
 * the board (the server never sends one; a throw shows a bug instead of a wrong board).
 * @param {string} text @param {BoardSpec} board @returns {Map<string, string>}
 */
export function parsePosition(text, board) {
  return /^[WB]:[WB]/.test(text) ? parsePdn(text, board) : parseRanks(text, board);
}

function fail(text, why) {
  return new Error(`bad position ${JSON.stringify(text.slice(0, 80))}: ${why}`);
}

/** The piece kind a letter names: exact, else the one kind whose letter differs only by case. */
function pieceByLetter(board, c) {
  const exact = board.pieces.find((p) => p.letter === c);
  if (exact) return exact;
  const loose = board.pieces.filter((p) => p.letter.toLowerCase() === c.toLowerCase());
  return loose.length === 1 ? loose[0] : null;
}

function parseRanks(text, board) {
  const rows = text.split(' ')[0].split('/');
  if (rows.length !== board.ranks) throw fail(text, `expected ${board.ranks} ranks`);
  const out = new Map();
  rows.forEach((row, i) => {
    const rank = board.ranks - 1 - i;
    let file = 0;
    for (const token of row.match(/[0-9]+|./g) ?? []) {
      if (/^[0-9]/.test(token)) {
        file += Number(token);
        continue;
      }
      const piece = pieceByLetter(board, token);
      if (!piece) throw fail(text, `unknown piece letter ${JSON.stringify(token)}`);
      if (file >= board.files) throw fail(text, `rank ${rank + 1} has more than ${board.files} squares`);
      out.set(squareName(file, rank), piece.name);
      file += 1;
    }
    if (file !== board.files) throw fail(text, `rank ${rank + 1} does not have ${board.files} squares`);
  });
  return out;
}

function parsePdn(text, board) {
  const out = new Map();
  for (const list of text.split(':').slice(1)) {
    const side = list[0] === 'W' ? 'first' : list[0] === 'B' ? 'second' : null;
    if (!side) throw fail(text, `a piece list starts with ${JSON.stringify(list[0])}`);
    for (const entry of list.slice(1).split(',').filter(Boolean)) {
      const king = entry.startsWith('K');
      const name = king ? entry.slice(1) : entry;
      const sq = parseSquare(name);
      if (!sq || sq.file >= board.files || sq.rank >= board.ranks) throw fail(text, `${entry} is not a square`);
      const piece = board.pieces.find((p) => p.side === side && (p.kind === 'man') !== king);
      if (!piece) throw fail(text, `no ${king ? 'king' : 'man'} of the ${side} side on this board`);
      out.set(name, piece.name);
    }
  }
  return out;
}
