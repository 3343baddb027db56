// The legal lists are real: printed by `boardhall legal GAME --position ...` (the rules module).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidates, clear, click, createSelection, view } from '../../public/js/board/selection.js';

const tavleiStart = `a4-a2 a4-a3 a4-b4 a4-c4 a4-d4 a6-a7 a6-a8 a6-b6 a6-c6 a6-d6 b5-b1 b5-b2 b5-b3 b5-b4 b5-b6 b5-b7
  b5-b8 b5-b9 d1-b1 d1-c1 d1-d2 d1-d3 d1-d4 d9-b9 d9-c9 d9-d6 d9-d7 d9-d8 e2-a2 e2-b2 e2-c2 e2-d2 e2-f2 e2-g2 e2-h2
  e2-i2 e8-a8 e8-b8 e8-c8 e8-d8 e8-f8 e8-g8 e8-h8 e8-i8 f1-f2 f1-f3 f1-f4 f1-g1 f1-h1 f9-f6 f9-f7 f9-f8 f9-g9 f9-h9
  h5-h1 h5-h2 h5-h3 h5-h4 h5-h6 h5-h7 h5-h8 h5-h9 i4-f4 i4-g4 i4-h4 i4-i2 i4-i3 i6-f6 i6-g6 i6-h6 i6-i7 i6-i8`
  .trim().split(/\s+/);
// draughts W:Wa1,e1,g1:Bb2,b4,d4,f2,h8: three pieces can capture; a1 has two routes through c3.
const draughtsCaptures = ['a1:c3:a5', 'a1:c3:e5', 'e1:g3', 'g1:e3:c5:a3:c1'];
// draughts W:WKa1:Bc3,f6,h8: a king with two routes to the same end, through d4 or e5.
const kingRoutes = ['a1:d4:g7', 'a1:e5:g7'];
// alquerque b4/5/5/1b2w/w1w2 b - a1,c1: Black must name a1 or c1 to huff first.
const huffList = `huff a1 a5-a4 huff a1 a5-b4 huff a1 a5-b5 huff a1 b2-a1 huff a1 b2-a2 huff a1 b2-b1 huff a1 b2-c2
  huff c1 a5-a4 huff c1 a5-b4 huff c1 a5-b5 huff c1 b2-a2 huff c1 b2-b1 huff c1 b2-c1 huff c1 b2-c2`
  .trim().split(/\s+(?=huff)/);

/** Clicks the squares in turn; returns the last state and every move played. */
function clicks(state, ...squares) {
  const moves = [];
  for (const sq of squares) {
    const r = click(state, sq);
    state = r.state;
    if (r.move) moves.push(r.move);
  }
  return { state, moves };
}

test('simple move: select a piece, its targets are marked, click one', () => {
  let s = createSelection(tavleiStart);
  assert.equal(view(s).movable.length, 12);
  assert.equal(view(s).movable.includes('e5'), false); // the king has no move at the start
  s = click(s, 'd1').state;
  assert.equal(view(s).selected, 'd1');
  assert.deepEqual(view(s).targets.sort(), ['b1', 'c1', 'd2', 'd3', 'd4']);
  assert.equal(view(s).prompt, null);
  const r = click(s, 'd3');
  assert.equal(r.move, 'd1-d3');
  assert.equal(view(r.state).selected, null);
});

test('nothing happens on a click that is no piece to move', () => {
  const s = createSelection(tavleiStart);
  for (const sq of ['e5', 'e3', 'a1']) assert.deepEqual(click(s, sq), { state: s, move: null });
});

test('another own piece reselects; the selected piece or any other square clears', () => {
  let s = click(createSelection(tavleiStart), 'd1').state;
  s = click(s, 'f1').state;
  assert.equal(view(s).selected, 'f1');
  assert.deepEqual(view(s).targets.sort(), ['f2', 'f3', 'f4', 'g1', 'h1']);
  assert.equal(view(click(s, 'f1').state).selected, null);
  assert.equal(view(click(s, 'a9').state).selected, null);
  assert.equal(view(click(s, 'e5').state).selected, null);
  assert.equal(click(s, 'a9').move, null);
});

test('escape clears the selection', () => {
  const s = click(createSelection(tavleiStart), 'd1').state;
  assert.equal(view(clear(s)).selected, null);
  assert.deepEqual(view(clear(s)).targets, []);
});

test('capture chain with two routes sharing the first target: click through', () => {
  let s = click(createSelection(draughtsCaptures), 'a1').state;
  assert.deepEqual(view(s).targets, ['c3']);
  s = click(s, 'c3').state;
  assert.deepEqual(view(s).via, ['c3']);
  assert.deepEqual(view(s).targets.sort(), ['a5', 'e5']);
  assert.equal(view(s).prompt, 'route');
  assert.equal(click(s, 'e5').move, 'a1:c3:e5');
  assert.equal(click(s, 'a5').move, 'a1:c3:a5');
});

test('a click on the end square of exactly one chain plays it', () => {
  const s = click(createSelection(draughtsCaptures), 'a1').state;
  assert.equal(click(s, 'e5').move, 'a1:c3:e5');
  assert.equal(clicks(createSelection(draughtsCaptures), 'g1', 'c1').moves[0], 'g1:e3:c5:a3:c1');
});

test('a chain with one route plays at its first landing square', () => {
  assert.deepEqual(clicks(createSelection(draughtsCaptures), 'g1', 'e3').moves, ['g1:e3:c5:a3:c1']);
});

test('draughts: only pieces that can capture are movable, and each keeps its own moves', () => {
  const s = createSelection(draughtsCaptures);
  assert.deepEqual(view(s).movable.sort(), ['a1', 'e1', 'g1']);
  assert.deepEqual(clicks(s, 'a1', 'e1', 'g3').moves, ['e1:g3']);
  const via = clicks(s, 'a1', 'c3', 'g1').state; // mid-chain, another piece reselects
  assert.equal(view(via).selected, 'g1');
  assert.deepEqual(view(via).via, []);
  assert.deepEqual(view(via).targets, ['e3']);
});

test('routes that end on the same square: the end is ambiguous, the first landing decides', () => {
  let s = click(createSelection(kingRoutes), 'a1').state;
  assert.deepEqual(view(s).targets.sort(), ['d4', 'e5']);
  const r = click(s, 'g7');
  assert.equal(r.move, null);
  assert.equal(view(r.state).selected, 'a1');
  assert.equal(view(r.state).prompt, 'route');
  assert.equal(click(r.state, 'e5').move, 'a1:e5:g7');
  assert.equal(click(s, 'd4').move, 'a1:d4:g7');
});

test('huff: choose the piece to huff among the candidates, then the move', () => {
  let s = createSelection(huffList);
  let v = view(s);
  assert.deepEqual(v.huffChoices, ['a1', 'c1']);
  assert.equal(v.prompt, 'huff');
  assert.deepEqual(v.movable, []); // nothing moves before the huff is named
  assert.equal(click(s, 'b2').state, s); // a piece to move does not skip the choice
  s = click(s, 'a1').state;
  v = view(s);
  assert.deepEqual(v.huffChoices, []);
  assert.equal(v.huff, 'a1');
  assert.deepEqual(v.movable.sort(), ['a5', 'b2']);
  s = click(s, 'b2').state;
  assert.deepEqual(view(s).targets.sort(), ['a1', 'a2', 'b1', 'c2']); // a1 frees up once huffed
  assert.equal(click(s, 'a1').move, 'huff a1 b2-a1');
});

test('huff: the choice can be changed, and escape goes back to it', () => {
  let s = clicks(createSelection(huffList), 'a1', 'b2').state;
  s = click(s, 'c1').state; // another candidate: changes the huff, drops the piece
  assert.equal(view(s).huff, 'c1');
  assert.equal(view(s).selected, null);
  assert.deepEqual(clicks(s, 'b2', 'c1').moves, ['huff c1 b2-c1']);
  s = clear(clear(click(s, 'b2').state));
  assert.equal(view(s).prompt, 'huff');
  assert.equal(s.huff, null);
});

test('one huff square only is chosen already', () => {
  const s = createSelection(['huff d5 a1:c1']);
  assert.equal(view(s).prompt, null);
  assert.deepEqual(view(s).movable, ['a1']);
  assert.deepEqual(clicks(s, 'a1', 'c1').moves, ['huff d5 a1:c1']);
});

test('no legal moves: nothing is movable', () => {
  for (const legal of [null, []]) {
    const s = createSelection(legal);
    assert.deepEqual(view(s).movable, []);
    assert.equal(click(s, 'a1').move, null);
    assert.deepEqual(candidates(s), []);
  }
});
