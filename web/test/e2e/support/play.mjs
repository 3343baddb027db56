// Playing by clicking squares, as a person does: the piece, then each landing square
// until the board has one legal move left and sends it (an Alquerque huff: the piece
// to huff first). Games that end by the rules in few moves, found with a small greedy
// search over the rules module's legal lists (`boardhall legal|play`, the capturing side
// taking the most, the other side feeding it pieces; the Alquerque one skips a capture
// once so that the opponent must choose a huff).

export const GAMES = [
  { id: 'tablut', options: {}, end: 'king_escaped', winner: 'second',
    moves: 'i4-i3 e6-h6 i3-i2 e5-e6 i2-h2 e6-c6 h2-g2 c6-c9' },
  { id: 'tavlei', options: {}, end: 'king_escaped', winner: 'second',
    moves: 'i4-i3 e6-h6 i3-i2 e5-e6 i2-h2 e6-c6 h2-g2 c6-c9 g2-g3 c9-a9' },
  { id: 'seatafl', options: { size: '11' }, end: 'king_escaped', winner: 'second',
    moves: 'k4-j4 f8-i8 j4-j3 f7-f9 j3-i3 f9-j9 i3-h3 f6-f9 h3-g3 f9-a9' },
  // Real games from tests/data/tafl (copenhagen.csv line 61, brandubh.csv line 106).
  { id: 'copenhagen', options: {}, end: 'king_escaped', winner: 'second',
    moves: 'k8-g8 h6-h8 j6-j11 g6-j6 k7-k10 f6-i6 k5-i5 i6-i11 k10-i10 i11-k11' },
  { id: 'brandubh', options: {}, end: 'king_captured', winner: 'first',
    moves: 'd2-e2 c4-c2 d6-c6 d3-a3 b4-b5 d4-b4 c6-c4' },
  { id: 'draughts', options: {}, end: 'no_pieces', winner: 'first',
    moves: 'a3-b4 d6-c5 b4:d6 c7:e5 b2-a3 e5-d4 c3:e5 f6:d4 e3:c5 b6:d4 a1-b2 d4-c3 b2:d4 a7-b6 a3-b4 b6-c5 b4:d6 e7:c5:e3 d2:f4 h6-g5 f4:h6 f8-e7 h6:f8:a3 d8-e7 a3:f8 h8-g7 f8:h6 b8-a7 c1-b2 a7-b6 b2-a3 b6-a5 a3-b4 a5:c3 e1-d2 c3:e1 f2-e3 e1:h4 e3-d4 h4-f2 g1:e3' },
  { id: 'alquerque', options: {}, end: 'no_pieces', winner: 'first',
    moves: 'b2-c3 a3-b2 a2-a3 huff c1 a4:a2 a1:a3:c1 a5-a4 c3:a3:a5 b4-c3 d2:b4:d4 c5-b4 huff e5 e3:e5:c5:a3 b5-b4 a3:c5' },
].map((g) => ({ ...g, moves: splitMoves(g.moves) }));

/** `a2-a3 huff c1 a4:a2` → ['a2-a3', 'huff c1 a4:a2']. */
export function splitMoves(text) {
  const out = [];
  const words = text.split(' ');
  for (let i = 0; i < words.length; i++) out.push(words[i] === 'huff' ? `huff ${words[++i]} ${words[++i]}` : words[i]);
  return out;
}

/** The squares to click for a move text: [huff square?, from, landing...]. */
export function clicksFor(text) {
  const m = /^huff (\S+) (.*)$/.exec(text);
  const body = m ? m[2] : text;
  return [...(m ? [m[1]] : []), ...body.split(/[-:]/)];
}

/** Plays `text` on `page`'s board; resolves once the page has sent it. */
export async function clickMove(page, text) {
  const board = page.getByTestId('board');
  const squares = clicksFor(text);
  for (let i = 0; i < squares.length; i++) {
    await board.locator(`[data-square="${squares[i]}"]`).click();
    // Sent: the page takes the legal moves away, so nothing is a target any more.
    if (i > 0 && (await board.locator('[data-square].target, [data-square].huff-choice').count()) === 0) return;
  }
  throw new Error(`the board did not send ${text}`);
}
