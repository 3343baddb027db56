// Hand-written `board` objects as the server sends them (server/app/board_view.cpp in
// the legal-board branch: the tafl king's letter is the position string's `k`), for the
// tests and the demo page. The Alquerque lines follow RULES.md section 3.
import { squareName } from '../../public/js/board/notation.js';

const taflPieces = [
  { letter: 'a', side: 'first', kind: 'man', name: 'attacker' },
  { letter: 'd', side: 'second', kind: 'man', name: 'defender' },
  { letter: 'k', side: 'second', kind: 'royal', name: 'king' },
];

export const tavlei = {
  files: 9,
  ranks: 9,
  marked: { a1: 'exit', a9: 'exit', i1: 'exit', i9: 'exit', e5: 'throne' },
  lines: null,
  pieces: taflPieces,
  note: null,
};
export const tablut = { ...tavlei, marked: { e5: 'throne' }, note: 'king escapes at any edge' };
export const seatafl = { ...tavlei, marked: {}, note: 'king escapes at any edge' };
export const seatafl11 = { ...seatafl, files: 11, ranks: 11 };
export const copenhagen = {
  ...tavlei,
  files: 11,
  ranks: 11,
  marked: { a1: 'exit', a11: 'exit', k1: 'exit', k11: 'exit', f6: 'throne' },
};
export const brandubh = { ...tavlei, files: 7, ranks: 7, marked: { a1: 'exit', a7: 'exit', g1: 'exit', g7: 'exit', d4: 'throne' } };

const light = {};
for (let f = 0; f < 8; f++) for (let r = 0; r < 8; r++) if ((f + r) % 2) light[squareName(f, r)] = 'light';
export const draughts = {
  files: 8,
  ranks: 8,
  marked: light,
  lines: null,
  pieces: [
    { letter: 'w', side: 'first', kind: 'man', name: 'white' },
    { letter: 'b', side: 'second', kind: 'man', name: 'black' },
    { letter: 'W', side: 'first', kind: 'king', name: 'white-king' },
    { letter: 'B', side: 'second', kind: 'king', name: 'black-king' },
  ],
  note: null,
};

const lines = [];
for (let f = 0; f < 5; f++)
  for (let r = 0; r < 5; r++) {
    const a = squareName(f, r);
    if (f < 4) lines.push([a, squareName(f + 1, r)]);
    if (r < 4) lines.push([a, squareName(f, r + 1)]);
    if ((f + r) % 2 === 0 && f < 4 && r < 4) lines.push([a, squareName(f + 1, r + 1)]);
    if ((f + r) % 2 === 0 && f > 0 && r < 4) lines.push([a, squareName(f - 1, r + 1)]);
  }
export const alquerque = {
  files: 5,
  ranks: 5,
  marked: {},
  lines,
  pieces: [
    { letter: 'w', side: 'first', kind: 'man', name: 'white' },
    { letter: 'b', side: 'second', kind: 'man', name: 'black' },
  ],
  note: null,
};

// Start positions, as `boardhall play GAME --moves ""` prints them (the rules module).
export const starts = {
  tafl9: '3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a',
  tafl11: '3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a',
  tafl7: '3a3/3a3/3d3/aadkdaa/3d3/3a3/3a3 a',
  draughts: 'W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8',
  alquerque: 'bbbbb/bbbbb/bb1ww/wwwww/wwwww w - -',
};
