import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePosition } from '../../public/js/board/position.js';
import * as B from './boards.js';

const count = (map, name) => [...map.values()].filter((v) => v === name).length;

test('tafl 9x9 start: 16 attackers, 8 defenders, the king on the throne', () => {
  for (const board of [B.tavlei, B.tablut, B.seatafl]) {
    const p = parsePosition(B.starts.tafl9, board);
    assert.equal(count(p, 'attacker'), 16);
    assert.equal(count(p, 'defender'), 8);
    assert.equal(p.get('e5'), 'king');
    assert.equal(p.get('d9'), 'attacker');
    assert.equal(p.get('a5'), 'attacker');
    assert.equal(p.get('e7'), 'defender');
    assert.equal(p.has('a1'), false);
  }
});

test("a letter that differs only by case still finds its piece (the brief's example wrote the king K)", () => {
  const board = { ...B.tavlei, pieces: B.tavlei.pieces.map((p) => (p.name === 'king' ? { ...p, letter: 'K' } : p)) };
  assert.equal(parsePosition(B.starts.tafl9, board).get('e5'), 'king');
  // Letters that differ by case only are told apart when both are the board's (draughts w/W).
  const mixed = { ...B.alquerque, pieces: [...B.alquerque.pieces, { letter: 'W', side: 'first', kind: 'king', name: 'white-king' }] };
  assert.deepEqual([...parsePosition('wW3/5/5/5/5 w - -', mixed)], [['a5', 'white'], ['b5', 'white-king']]);
});

test('brandubh 7x7 start: a cross of 8 attackers, 4 defenders and the king on d4', () => {
  const p = parsePosition(B.starts.tafl7, B.brandubh);
  assert.equal(count(p, 'attacker'), 8);
  assert.equal(count(p, 'defender'), 4);
  assert.equal(p.get('d4'), 'king');
  assert.equal(p.get('d7'), 'attacker');
  assert.equal(p.get('g4'), 'attacker');
  assert.equal(p.has('a1'), false);
  assert.throws(() => parsePosition(B.starts.tafl7, B.copenhagen));
});

test('copenhagen 11x11 start: the sea tafl 11x11 start, with its throne and corners', () => {
  const p = parsePosition(B.starts.tafl11, B.copenhagen);
  assert.equal(count(p, 'attacker'), 24);
  assert.equal(count(p, 'defender'), 12);
  assert.equal(p.get('f6'), 'king');
});

test('sea tafl 11x11 start: two-digit runs, corners and centre', () => {
  const p = parsePosition(B.starts.tafl11, B.seatafl11);
  assert.equal(count(p, 'attacker'), 24);
  assert.equal(count(p, 'defender'), 12);
  assert.equal(p.get('f6'), 'king');
  assert.equal(p.get('k6'), 'attacker');
  assert.equal(p.get('h11'), 'attacker');
  assert.equal(p.has('k11'), false);
  assert.equal(p.has('a9'), false); // rank 9 is "11", all empty
});

test('draughts PDN: men on the dark squares, kings by K', () => {
  const p = parsePosition(B.starts.draughts, B.draughts);
  assert.equal(count(p, 'white'), 12);
  assert.equal(count(p, 'black'), 12);
  assert.equal(p.get('a1'), 'white');
  assert.equal(p.get('h8'), 'black');
  const k = parsePosition('B:WKa1,c3:Bb8,Kh2', B.draughts);
  assert.deepEqual([...k].sort(), [['a1', 'white-king'], ['b8', 'black'], ['c3', 'white'], ['h2', 'black-king']]);
  assert.equal(parsePosition('W:W:Bb8', B.draughts).size, 1);
});

test('alquerque: points and the huff field', () => {
  const p = parsePosition(B.starts.alquerque, B.alquerque);
  assert.equal(count(p, 'white'), 12);
  assert.equal(count(p, 'black'), 12);
  assert.equal(p.has('c3'), false);
  assert.equal(p.get('d3'), 'white');
  assert.equal(p.get('b3'), 'black');
  const huff = parsePosition('b4/5/5/1b2w/w1w2 b - a1,c1', B.alquerque);
  assert.deepEqual([...huff].sort(), [['a1', 'white'], ['a5', 'black'], ['b2', 'black'], ['c1', 'white'], ['e2', 'white']]);
});

test('the hand-written Alquerque board has the 56 lines of the rules (40 orthogonal, 16 diagonal)', () => {
  assert.equal(B.alquerque.lines.length, 56);
  assert.equal(new Set(B.alquerque.lines.map((l) => l.join())).size, 56);
});

test('strings that do not fit the board throw', () => {
  for (const bad of ['bbbbb/bbbbb/bb1ww/wwwww w - -', 'bbbbb/bbbbb/bb2ww/wwwww/wwwww w - -', 'bbbbb/bbbbb/bbxww/wwwww/wwwww w - -',
    'bbbbbb/bbbbb/bb1ww/wwwww/wwwww w - -'])
    assert.throws(() => parsePosition(bad, B.alquerque), bad);
  assert.throws(() => parsePosition('W:Wz9:B', B.draughts));
  assert.throws(() => parsePosition(B.starts.tafl9, B.seatafl11));
});
