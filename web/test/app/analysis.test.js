// The analysis board's arithmetic (analysis_state.js) and words, and its route.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forFirst, graphValue, mateMoves, pawnsText, markedMoves, graphPoints, barShare, routeEnds } from '../../public/js/app/analysis_state.js';
import { WORDS } from '../../public/js/app/views/analysis_words.js';
import { parseRoute, analysisUrl } from '../../public/js/app/router.js';

test('a score for the side to move is turned to the first side’s point of view', () => {
  assert.deepEqual(forFirst({ score: 120 }, 'first'), { cp: 120 });
  assert.deepEqual(forFirst({ score: 120 }, 'second'), { cp: -120 });
  // A forced win in 3 plies for the second side to move; a forced loss for the first to move.
  assert.deepEqual(forFirst({ score: 29997, mateIn: 3 }, 'second'), { mate: -3 });
  assert.deepEqual(forFirst({ score: -29996, mateIn: 4 }, 'first'), { mate: -4 });
  assert.deepEqual(mateMoves({ mate: -3 }), { winner: 'second', moves: 2 });
  assert.equal(graphValue({ mate: 5 }), 1000);
  assert.equal(graphValue({ cp: -5000 }), -1000);
  assert.equal(pawnsText(135), '+1.35');
  assert.equal(pawnsText(-40), '-0.40');
  assert.equal(pawnsText(0), '0.00');
  assert.equal(barShare({ cp: 0 }), 0.5);
  assert.ok(barShare({ cp: 500 }) > 0.8 && barShare({ cp: -500 }) < 0.2);
  assert.equal(barShare({ mate: -2 }), 0);
});

test('a move is marked by what it lost to its side, not when it was the engine’s own choice', () => {
  const values = [{ cp: 0 }, { cp: 20 }, { cp: 250 }, { cp: 240 }, { cp: -300 }, { mate: -3 }];
  const sides = ['first', 'second', 'first', 'second', 'first', 'second'];
  const moves = ['a', 'b', 'c', 'd', 'e'];
  // Ply 2, the second's: 20 -> 250 for the first, 230 lost (a mistake); ply 4 gains; ply
  // 5, the first's: -300 -> a forced loss (-1000 on the scale), 700 lost (a blunder).
  assert.deepEqual(markedMoves(values, sides, moves, ['a', 'x', 'c', 'x', 'x']).map((m) => [m.ply, m.side, m.kind, m.loss]),
    [[2, 'second', 'mistake', 230], [5, 'first', 'blunder', 700]]);
  // The same losses by the engine's own moves are not marked.
  assert.deepEqual(markedMoves(values, sides, moves, ['a', 'b', 'c', 'x', 'e']), []);
  // Missing values are skipped.
  assert.deepEqual(markedMoves([{ cp: 0 }, undefined, { cp: 900 }], ['first', 'second', 'first']), []);
});

test('the graph’s points: one per value, zero in the middle, capped', () => {
  assert.equal(graphPoints([{ cp: 0 }, { cp: 1000 }, { mate: -2 }], 300, 100), '0.0,50.0 150.0,0.0 300.0,100.0');
});

test('its words in English and Russian have the same keys', () => {
  assert.deepEqual(Object.keys(WORDS.ru).sort(), Object.keys(WORDS.en).sort());
});

test('its route and URL', () => {
  assert.deepEqual(parseRoute('/analysis/g12', '?ply=7'), { name: 'analysis', gameId: 'g12', ply: 7 });
  assert.deepEqual(parseRoute('/analysis/g12', '?ply=x'), { name: 'analysis', gameId: 'g12', ply: null });
  assert.equal(parseRoute('/analysis/a%2Fb').name, 'notfound');
  assert.equal(analysisUrl('g12', 3), '/analysis/g12?ply=3');
  assert.equal(analysisUrl('g12'), '/analysis/g12');
});

test('the king’s open routes are drawn on the squares they end on', () => {
  assert.deepEqual(routeEnds(['f6-f11', 'd4-a4xa3', 'e5-k5']), ['f11', 'a4', 'k5']);
  assert.deepEqual(routeEnds([]), []);
});
