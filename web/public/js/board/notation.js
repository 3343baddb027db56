// Square names and move texts of the rules module (docs/protocol.md): squares are a
// file letter and a rank number from 1 (`a1`, `k11`); a move is `from-to`, a capture
// chain `from:via:to`, optionally after a huff prefix `huff <square> `. Pure, no DOM.

/**
 * The name of a square from 0-based indexes: squareName(0, 0) is "a1".
 * @param {number} file @param {number} rank @returns {string}
 */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

/**
 * The 0-based indexes of a square name, or null when it is not one ("a0", "a01", "1a").
 * @param {string} name @returns {{file: number, rank: number} | null}
 */
export function parseSquare(name) {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  return m ? { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1 } : null;
}

/**
 * The squares a move text names, from the start square to the last landing square,
 * and the huffed square when it has a huff prefix. Throws on text that is not a move.
 * @param {string} text @returns {{huff: string|null, squares: string[]}}
 */
export function moveSquares(text) {
  let rest = text;
  let huff = null;
  const prefix = /^huff ([a-z][0-9]+) /.exec(rest);
  if (prefix) {
    huff = prefix[1];
    rest = rest.slice(prefix[0].length);
  }
  const squares = rest.split(/[-:]/);
  if (squares.length < 2 || (huff && !parseSquare(huff)) || !squares.every((s) => parseSquare(s)))
    throw new Error(`not a move text: ${JSON.stringify(text)}`);
  return { huff, squares };
}
