// The WebAssembly build of the rules and the engine (docs/wasm.md, web/public/wasm/):
// the same perft counts as the native build (the terminal client's `perft`, built from
// the same sources) for every game, from the start and from a position further on; its
// engine finds what the bot's own tests require (tests/bot/search_test.cpp); illegal
// input is refused with the rules' reason; and it stays within its size budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../public/js/engine/engine.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const wasmDir = path.join(repo, 'web/public/wasm');
const CLI = process.env.BOARDHALL_CLI || path.join(repo, 'build/client-cli/boardhall');
const engine = await loadEngine({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'boardhall-engine.wasm')) });

const GAMES = [
  ['tavlei', {}], ['tablut', {}], ['seatafl', {}], ['seatafl', { size: 11, king_limit: 4 }],
  ['copenhagen', {}], ['brandubh', {}], ['draughts', {}], ['alquerque', {}],
];

/** The native counts: "<depth> <count>" lines of `boardhall perft`. */
function nativePerft(game, options, position, depth) {
  const args = ['perft', game, String(depth), '--position', position];
  for (const [k, v] of Object.entries(options)) args.push('--option', `${k}=${v}`);
  const out = execFileSync(CLI, args, { encoding: 'utf8' });
  return out.trim().split('\n').map((line) => Number(line.split(' ')[1]));
}

test('the native terminal client is built (it gives the counts compared here)', () => {
  assert.ok(fs.existsSync(CLI), `${CLI} is missing: build the project first (scripts/build)`);
});

for (const [name, options] of GAMES) {
  test(`${name} ${JSON.stringify(options)}: perft as the native build, from the start and six plies on`, () => {
    const game = engine.open(name, { options });
    const positions = [game.position()];
    // Six plies on, each the middle legal move (not the first: a different corner).
    for (let i = 0; i < 6 && game.legal().length; i++) {
      const moves = game.legal().sort();
      game.play(moves[Math.floor(moves.length / 2)]);
    }
    positions.push(game.position());
    game.close();
    for (const position of positions) {
      const at = engine.open(name, { options, position });
      const depth = name === 'copenhagen' || name === 'tavlei' || options.size === 11 ? 2 : 3;
      const wasm = Array.from({ length: depth }, (_, i) => at.perft(i + 1));
      assert.deepEqual(wasm, nativePerft(name, options, position, depth), `${name} at ${position}`);
      at.close();
    }
  });
}

test('the engine finds a king escape in one and in two, a draughts shot and the longest Alquerque chain', () => {
  const choose = (game, position) => {
    const g = engine.open(game, { position });
    const r = g.search({ level: 7, movetimeMs: 0 });
    g.close();
    return r;
  };
  const one = choose('tablut', '4a4/9/9/9/a3k3a/9/9/9/9 d');
  assert.equal(one.move, 'e5-e1');
  assert.equal(one.mateIn, 1);
  const two = choose('tablut', '4a4/9/9/9/a3k3a/9/9/9/4a4 d');
  assert.ok(two.mateIn <= 3, JSON.stringify(two));
  // Its best line plays the escape out: the king is out at its end.
  const played = engine.open('tablut', { position: '4a4/9/9/9/a3k3a/9/9/9/4a4 d' });
  for (const m of two.line) played.play(m);
  assert.equal(played.status(), 'second king_escaped', JSON.stringify(two.line));
  played.close();
  const shot = choose('draughts', 'W:Wb4,d4,e3,f2:Bb6,d6,h8');
  assert.equal(shot.move, 'd4-c5');
  assert.ok(shot.score >= 80, JSON.stringify(shot));
  assert.equal(choose('alquerque', 'b4/3bb/5/1b3/w1w2 w - -').move, 'a1:c3:e5:e3');
  assert.equal(choose('brandubh', '2k1a2/7/7/7/7/7/3a3 d').move, 'c7-a7');
});

test('the king’s open routes: its moves that would escape at once, whichever side is to move', () => {
  const routes = (game, position) => {
    const g = engine.open(game, { position });
    const found = g.kingRoutes();
    g.close();
    return found;
  };
  assert.deepEqual(routes('tablut', '4a4/9/9/9/a3k3a/9/9/9/9 a'), ['e5-e1']);
  assert.deepEqual(routes('tablut', '4a4/9/9/9/a3k3a/9/9/9/9 d'), ['e5-e1']);
  assert.deepEqual(routes('tablut', '4a4/9/9/9/a3k3a/9/9/9/4a4 a'), []);
  assert.deepEqual(routes('brandubh', '2k1a2/7/7/7/7/7/3a3 a'), ['c7-a7']);
  assert.deepEqual(routes('draughts', ''), []);
});

test('a game played to its end says so; an illegal move and a bad position are refused with the reason', () => {
  const g = engine.open('tablut', { position: '4a4/9/9/9/a3k3a/9/9/9/9 d' });
  assert.throws(() => g.play('e5-e9'), /./);
  g.play('e5-e1');
  assert.equal(g.status(), 'second king_escaped');
  assert.deepEqual(g.legal(), []);
  assert.equal(g.search(), null);
  g.close();
  assert.throws(() => engine.open('chess'), /chess|unknown|game/i);
  assert.throws(() => engine.open('tablut', { position: 'not a position' }), /./);
  assert.throws(() => engine.open('seatafl', { options: { size: 12 } }), /size/);
});

test('the WebAssembly build stays within 400 KiB compressed', () => {
  const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(wasmDir, file)), { level: 9 }).length;
  const total = gz('boardhall-engine.wasm') + gz('boardhall-engine.js');
  assert.ok(total <= 400 * 1024, `${total} bytes`);
});
