// The WebAssembly engine in Chromium (docs/wasm.md): served by the real server, loaded
// in a Web Worker from the page, it answers legal moves and finds the tablut escape; the
// page's own timers keep running while it searches (the page never freezes); a bad
// question is answered with the rules' reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stackForFile, visitor } from './support/stack.mjs';

const held = stackForFile();

test('the engine runs in a Web Worker of the page and the page stays responsive', async () => {
  const v = await visitor(held.browser, held.stack);
  await v.go('/');
  const answers = await v.page.evaluate(async () => {
    const worker = new Worker('/js/engine/worker.js', { type: 'module' });
    let next = 0;
    const ask = (question) => new Promise((resolve) => {
      const id = ++next;
      const heard = (e) => { if (e.data.id === id) { worker.removeEventListener('message', heard); resolve(e.data); } };
      worker.addEventListener('message', heard);
      worker.postMessage({ id, ...question });
    });
    const legal = await ask({ op: 'legal', game: 'brandubh' });
    const escape = await ask({ op: 'search', game: 'tablut', position: '4a4/9/9/9/a3k3a/9/9/9/9 d', level: 7, movetimeMs: 0 });
    // A one-second search from the start while the page counts its own 50 ms ticks.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const started = performance.now();
    const long = await ask({ op: 'search', game: 'copenhagen', level: 8, movetimeMs: 1000 });
    clearInterval(timer);
    const elapsed = performance.now() - started;
    const played = await ask({ op: 'state', game: 'tablut', moves: ['f9-f8', 'd5-d4'] });
    const refused = await ask({ op: 'legal', game: 'tablut', moves: ['e5-e9'] });
    worker.terminate();
    return { legal, escape, long, ticks, elapsed, played, refused };
  });
  assert.equal(answers.legal.result.length, 40);
  assert.equal(answers.escape.result.move, 'e5-e1');
  assert.equal(answers.escape.result.mateIn, 1);
  assert.ok(answers.long.result.depth >= 2, JSON.stringify(answers.long));
  // A page frozen by the search would count none; a loaded machine may count fewer than 20.
  assert.ok(answers.ticks >= 5, `${answers.ticks} ticks in ${answers.elapsed} ms`);
  assert.equal(answers.played.result.status, 'ongoing');
  assert.match(answers.played.result.position, / a$/, 'the attackers to move again');
  assert.ok(answers.refused.error, JSON.stringify(answers.refused));
  assert.deepEqual(v.problems, []);
});
