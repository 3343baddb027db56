// The opening explorer's pure parts (explorer_state.js): its address and the state it
// holds, the API's query, the filters, the line gone along back and forth, the results
// bar's shares; its words in every language; its route.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  stateFromQuery, explorerPageUrl, explorerApiUrl, stateQuery, parseOptions, optionsQuery, parseRating, ratingQuery, parseMonth,
  parseMoves, withFilters, filtered, unfiltered, variantKey, keepLine, clampPly, playOn, moveNumber, shares, gamesShare,
  ratingAvg, resultMark, sidesOf, DEFAULT_GAME, MAX_MOVES,
} from '../../public/js/app/explorer_state.js';
import { parseRoute, explorerUrl } from '../../public/js/app/router.js';
import { WORDS } from '../../public/js/app/views/explorer_words.js';
import { LANGUAGES } from '../../public/js/app/i18n.js';
import en from '../../public/js/app/i18n/en.js';

const stateOf = (url) => {
  const u = new URL(url, 'http://h');
  const route = parseRoute(u.pathname, u.search);
  assert.equal(route.name, 'explorer');
  return stateFromQuery(route.query);
};

test('the route, and the state read from the address', () => {
  assert.equal(parseRoute('/explorer').name, 'explorer');
  assert.equal(parseRoute('/explorer/', '?game=tablut').query.get('game'), 'tablut');
  const s = stateOf('/explorer?game=seatafl&options=size:11&moves=a4-a2,h11-h9&source=imported&rating=1600-2000&since=2025-03&until=2026-11');
  assert.deepEqual(s, {
    game: 'seatafl', options: { size: '11' }, moves: ['a4-a2', 'h11-h9'], source: 'imported',
    rating: { min: 1600, max: 2000 }, since: '2025-03', until: '2026-11',
  });
  // Nothing given: the default game, from the start, no filter.
  assert.deepEqual(stateOf('/explorer'), { game: DEFAULT_GAME, options: {}, moves: [], source: 'all', rating: { min: null, max: null }, since: null, until: null });
  // What cannot be read is left out: an unknown game or source, a bad month or band.
  const bad = stateOf('/explorer?game=chess&source=mine&rating=abc&since=2026-13&until=26-01&options=size,:9,x:1:2');
  assert.equal(bad.game, DEFAULT_GAME);
  assert.equal(bad.source, 'all');
  assert.deepEqual(bad.rating, { min: null, max: null });
  assert.equal(bad.since, null);
  assert.equal(bad.until, null);
  assert.deepEqual(bad.options, {});
});

test('the address is built back tidy, and reads back to the same state', () => {
  const s = stateOf('/explorer?until=2026-11&moves=c3:e5:g3,huff c3 c2-c3&game=draughts&rating=-2000&source=here');
  const url = explorerPageUrl(s);
  assert.equal(url, '/explorer?game=draughts&moves=c3:e5:g3,huff%20c3%20c2-c3&source=here&rating=-2000&until=2026-11');
  assert.deepEqual(stateOf(url), s);
  // Defaults are not written; options in name order, so one variant has one address.
  assert.equal(explorerPageUrl({ ...s, moves: [], source: 'all', rating: { min: null, max: null }, until: null }), '/explorer?game=draughts');
  assert.equal(optionsQuery({ size: 11, king_limit: 3 }), 'king_limit:3,size:11');
  assert.equal(variantKey({ game: 'seatafl', options: { size: '11' } }), variantKey(stateOf('/explorer?game=seatafl&options=size:11&moves=a1-a2')));
  assert.notEqual(variantKey({ game: 'seatafl', options: { size: '11' } }), variantKey({ game: 'seatafl', options: {} }));
});

test('the replay’s and the analysis board’s link (router.js) reads as the same state', () => {
  const url = explorerUrl('seatafl', { size: 11 }, ['d1-d3', 'e6-e8']);
  assert.deepEqual(stateOf(url), { ...stateOf('/explorer?game=seatafl&options=size:11&moves=d1-d3,e6-e8') });
  assert.deepEqual(stateOf(explorerUrl('brandubh', {}, [])).moves, []);
  assert.deepEqual(stateOf(explorerUrl('brandubh', undefined, ['d2-e2'])), stateOf('/explorer?game=brandubh&moves=d2-e2'));
});

test('the API’s address carries the same parameters', () => {
  const s = stateOf('/explorer?game=copenhagen&moves=a4-a2&source=imported&rating=1600-&since=2026-01');
  assert.equal(explorerApiUrl(s), '/api/explorer?game=copenhagen&moves=a4-a2&source=imported&rating=1600-&since=2026-01');
  assert.equal(explorerApiUrl(unfiltered(s)), '/api/explorer?game=copenhagen&moves=a4-a2');
  assert.equal(stateQuery({ game: 'tablut', options: {}, moves: [], source: 'all', rating: {}, since: null, until: null }), 'game=tablut');
});

test('options, bands, months and moves as the URL writes them', () => {
  assert.deepEqual(parseOptions('size:11'), { size: '11' });
  assert.deepEqual(parseOptions('size:11, king_limit:3'), { size: '11', king_limit: '3' });
  assert.deepEqual(parseOptions(null), {});
  assert.deepEqual(parseRating('1600-2000'), { min: 1600, max: 2000 });
  assert.deepEqual(parseRating('1600-'), { min: 1600, max: null });
  assert.deepEqual(parseRating('-2000'), { min: null, max: 2000 });
  for (const bad of ['-', '', '1650-2000', '2000-1600', '16OO-', '1600', '1600-2000-', '12345-']) assert.deepEqual(parseRating(bad), { min: null, max: null }, bad);
  assert.equal(ratingQuery({ min: 1600, max: null }), '1600-');
  assert.equal(ratingQuery({ min: null, max: null }), '');
  assert.equal(parseMonth('2026-01'), '2026-01');
  for (const bad of ['2026-1', '2026-00', '2026-13', '2026-01-05', 'x']) assert.equal(parseMonth(bad), null, bad);
  assert.deepEqual(parseMoves('a4-a2,,h11-h9, '), ['a4-a2', 'h11-h9']);
  assert.equal(parseMoves(Array(MAX_MOVES + 5).fill('a1-a2').join(',')).length, MAX_MOVES);
});

test('the filters from the form: checked, a band the wrong way round swapped, cleared', () => {
  const s = stateOf('/explorer?game=tablut&moves=e1-e3');
  assert.equal(filtered(s), false);
  const f = withFilters(s, { source: 'here', min: '2000', max: '1600', since: '2026-02', until: '' });
  assert.deepEqual([f.source, f.rating, f.since, f.until, f.moves], ['here', { min: 1600, max: 2000 }, '2026-02', null, ['e1-e3']]);
  assert.equal(filtered(f), true);
  assert.deepEqual(withFilters(s, { source: 'nope', min: '1650', max: 'x' }).rating, { min: null, max: null });
  // Months the wrong way round are swapped too (the server refuses them), from the form or the address.
  assert.deepEqual([withFilters(s, { since: '2026-05', until: '2026-02' })].map((x) => [x.since, x.until]), [['2026-02', '2026-05']]);
  assert.deepEqual([stateOf('/explorer?since=2026-05&until=2026-02')].map((x) => [x.since, x.until]), [['2026-02', '2026-05']]);
  assert.equal(withFilters(s, { source: 'nope' }).source, 'all');
  assert.deepEqual(unfiltered(f), { ...s });
  assert.equal(filtered(withFilters(s, { min: '1600' })), true);
});

test('the line: back and forward along it, a new move cuts what came after', () => {
  const line = ['a', 'b', 'c', 'd'];
  assert.equal(clampPly(line, -3), 0);
  assert.equal(clampPly(line, 9), 4);
  assert.equal(clampPly(line, NaN), 4);
  // The next move of the line: one ply further, the rest kept to go forward.
  assert.deepEqual(playOn(line, 1, 'b'), { line, ply: 2 });
  // Another move: a new line that ends with it.
  assert.deepEqual(playOn(line, 1, 'x'), { line: ['a', 'x'], ply: 2 });
  assert.deepEqual(playOn(line, 4, 'e'), { line: ['a', 'b', 'c', 'd', 'e'], ply: 5 });
  assert.deepEqual(playOn([], 0, 'a'), { line: ['a'], ply: 1 });
  // A line kept in the history entry is kept when the address's moves are a part of it.
  assert.deepEqual(keepLine(line, ['a', 'b']), line);
  assert.deepEqual(keepLine(line, []), line);
  assert.deepEqual(keepLine(line, ['a', 'x']), ['a', 'x']);
  assert.deepEqual(keepLine(null, ['a']), ['a']);
  assert.deepEqual(keepLine([1, 2], []), []);
  assert.deepEqual([1, 2, 3, 4].map(moveNumber), ['1.', '1…', '2.', '2…']);
});

test('the results bar: whole percents that add up, exact widths', () => {
  const s = shares({ games: 12, first: 5, draws: 1, second: 6 });
  assert.deepEqual([s.first, s.draws, s.second], [42, 8, 50]);
  assert.equal(s.widths.first + s.widths.draws + s.widths.second, 100);
  // Thirds: the largest remainders get the extra point, the first of equal ones first.
  const third = shares({ games: 3, first: 1, draws: 1, second: 1 });
  assert.deepEqual([third.first, third.draws, third.second], [34, 33, 33]);
  for (const row of [{ games: 7, first: 3, draws: 0, second: 4 }, { games: 9, first: 1, draws: 1, second: 7 }, { games: 1, first: 1, draws: 0, second: 0 }]) {
    const r = shares(row);
    assert.equal(r.first + r.draws + r.second, 100, JSON.stringify(row));
  }
  assert.deepEqual(shares({ games: 0, first: 0, draws: 0, second: 0 }), { first: 0, draws: 0, second: 0, widths: { first: 0, draws: 0, second: 0 } });
  // Games without a result (none is counted as such) leave the rest of the bar empty.
  const some = shares({ games: 4, first: 1, draws: 0, second: 1 });
  assert.deepEqual([some.first, some.draws, some.second], [25, 0, 25]);
  assert.equal(gamesShare({ games: 7 }, { games: 12 }), 58);
  assert.equal(gamesShare({ games: 7 }, { games: 0 }), 0);
  assert.equal(ratingAvg(1623.5), 1624);
  assert.equal(ratingAvg(null), null);
  assert.deepEqual(['first', 'second', 'draw', 'aborted'].map(resultMark), ['1–0', '0–1', '½–½', '*']);
});

test('the sides of a game: the server’s, else the rules’', () => {
  assert.deepEqual(sidesOf('tablut'), { first: 'attackers', second: 'defenders' });
  assert.deepEqual(sidesOf('draughts'), { first: 'white', second: 'black' });
  assert.deepEqual(sidesOf('x', [{ id: 'x', first_side: 'north', second_side: 'south' }]), { first: 'north', second: 'south' });
});

test('its words in every language, with the same keys and placeholders', () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  assert.deepEqual(Object.keys(WORDS).sort(), [...LANGUAGES].sort());
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(WORDS[lang]).sort(), Object.keys(WORDS.en).sort(), lang);
    for (const [key, text] of Object.entries(WORDS[lang])) {
      assert.ok(text.trim(), `${lang} ${key}`);
      assert.deepEqual(placeholders(text), placeholders(WORDS.en[key]), `${lang} ${key}`);
    }
  }
});

test('every word the page asks for is in its table or the main one', () => {
  const view = fs.readFileSync(new URL('../../public/js/app/views/explorer.js', import.meta.url), 'utf8');
  const asked = [...view.matchAll(/\bw\('([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]);
  asked.push(...['all', 'here', 'imported'].map((s) => `ex.source_${s}`));
  assert.ok(asked.length > 30);
  assert.deepEqual(asked.filter((k) => !(k in WORDS.en) && !(k in en)), []);
});
