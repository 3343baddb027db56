// board.js in a real browser: headless Chromium driven over the DevTools protocol
// (through --remote-debugging-pipe, so no library and no WebSocket are needed) clicks,
// drags, touches and types on input.html and checks the moves the board plays.
// Skipped when no Chromium is installed (set CHROMIUM to its path if it is elsewhere).
// BH_BOARD_SHOTS=DIR saves screenshots of the states on the way, for a human to look at.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const chromium = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
const skip = chromium ? false : 'no Chromium installed';

const legal = {
  tavlei: `a4-a2 a4-a3 a4-b4 a4-c4 a4-d4 a6-a7 a6-a8 a6-b6 a6-c6 a6-d6 b5-b1 b5-b2 b5-b3 b5-b4 b5-b6 b5-b7 b5-b8 b5-b9
    d1-b1 d1-c1 d1-d2 d1-d3 d1-d4 d9-b9 d9-c9 d9-d6 d9-d7 d9-d8 e2-a2 e2-b2 e2-c2 e2-d2 e2-f2 e2-g2 e2-h2 e2-i2 e8-a8
    e8-b8 e8-c8 e8-d8 e8-f8 e8-g8 e8-h8 e8-i8 f1-f2 f1-f3 f1-f4 f1-g1 f1-h1 f9-f6 f9-f7 f9-f8 f9-g9 f9-h9 h5-h1 h5-h2
    h5-h3 h5-h4 h5-h6 h5-h7 h5-h8 h5-h9 i4-f4 i4-g4 i4-h4 i4-i2 i4-i3 i6-f6 i6-g6 i6-h6 i6-i7 i6-i8`.split(/\s+/),
  draughts: ['a1:c3:a5', 'a1:c3:e5', 'e1:g3', 'g1:e3:c5:a3:c1'],
  huff: ['huff a3 a2-a3', 'huff a3 b1-c1', 'huff a3 b2-a3', 'huff a3 b2-c3', 'huff a3 e1-d1', 'huff a3 e1:c3:a3',
    'huff a3 e1:c3:c1', 'huff a3 e3-d3', 'huff b4 b1-c1', 'huff b4 b2-c3', 'huff b4 b2:b4', 'huff b4 c4-b4',
    'huff b4 e1-d1', 'huff b4 e1:c3:c1', 'huff b4 e3-d3', 'huff c5 b1-c1', 'huff c5 b2-c3', 'huff c5 c4-c5',
    'huff c5 e1-d1', 'huff c5 e1:c3:c1', 'huff c5 e3-d3', 'huff c5 e3:c5'],
};
const tafl9 = '3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a';

let server;
let browser;
let cdp;

/** The DevTools protocol over Chromium's pipe: JSON messages ended by a NUL byte. */
function connect(child) {
  let next = 1;
  let buffer = '';
  const waiting = new Map();
  child.stdio[4].on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const w = waiting.get(message.id);
      if (!w) continue;
      waiting.delete(message.id);
      if (message.error) w.reject(new Error(`${w.method}: ${message.error.message}`));
      else w.resolve(message.result);
    }
  });
  let sessionId;
  const send = (method, params = {}, session = sessionId) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject, method });
      child.stdio[3].write(`${JSON.stringify({ id, method, params, sessionId: session })}\0`);
    });
  return {
    send,
    attach: (id) => (sessionId = id),
    async eval(expression) {
      const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description}`);
      return r.result.value;
    },
  };
}

before(async () => {
  if (skip) return;
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  server = createServer((req, res) => {
    const path = normalize(join(webRoot, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!path.startsWith(webRoot) || !existsSync(path) || !types[extname(path)]) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(path)] }).end(readFileSync(path));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = spawn(
    chromium,
    ['--headless', '--no-sandbox', '--disable-gpu', '--remote-debugging-pipe', '--window-size=800,700', '--no-first-run'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  cdp = connect(browser);
  const url = `http://127.0.0.1:${server.address().port}/test/board/input.html`;
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  cdp.attach((await cdp.send('Target.attachToTarget', { targetId, flatten: true })).sessionId);
  await cdp.send('Page.enable');
  await cdp.send('Page.navigate', { url });
  for (let i = 0; i < 100 && !(await cdp.eval('window.ready === true').catch(() => false)); i++)
    await new Promise((r) => setTimeout(r, 50));
});

after(() => {
  browser?.kill();
  server?.close();
});

const centre = (sq) => cdp.eval(`centre(${JSON.stringify(sq)})`);
const show = (game, position, list, side = 'first') =>
  cdp.eval(`show(${JSON.stringify(game)}, ${JSON.stringify(position)}, ${JSON.stringify(list)}, '${side}')`);
const played = () => cdp.eval('window.played');
async function shot(name) {
  const dir = process.env.BH_BOARD_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const clip = { x: 0, y: 0, width: 500, height: 560, scale: 1 };
  writeFileSync(join(dir, `${name}.png`), Buffer.from((await cdp.send('Page.captureScreenshot', { clip })).data, 'base64'));
}
const classes = (sq) => cdp.eval(`document.querySelector('[data-square="${sq}"]').getAttribute('class')`);

async function mouse(type, { x, y }, buttons = 0) {
  await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 });
}
async function clickOn(...squares) {
  for (const sq of squares) {
    const at = await centre(sq);
    await mouse('mouseMoved', at);
    await mouse('mousePressed', at, 1);
    await mouse('mouseReleased', at);
  }
}
async function dragMouse(from, to, shotName = null) {
  const [a, b] = [await centre(from), await centre(to)];
  await mouse('mouseMoved', a);
  await mouse('mousePressed', a, 1);
  for (let i = 1; i <= 5; i++) await mouse('mouseMoved', { x: a.x + ((b.x - a.x) * i) / 5, y: a.y + ((b.y - a.y) * i) / 5 }, 1);
  if (shotName) await shot(shotName);
  await mouse('mouseReleased', b);
}
async function touchDrag(a, b) {
  const point = (p) => [{ x: p.x, y: p.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(a) });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point({ x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 }),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
const keyCodes = { ArrowUp: 38, ArrowDown: 40, ArrowLeft: 37, ArrowRight: 39, Enter: 13, Tab: 9, Escape: 27 };
async function keys(...names) {
  for (const key of names) {
    const code = keyCodes[key];
    const text = key === 'Enter' ? '\r' : undefined;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code: key, windowsVirtualKeyCode: code, text });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: key, windowsVirtualKeyCode: code });
  }
}

test('click a piece, then a target', { skip }, async () => {
  await show('tavlei', tafl9, legal.tavlei);
  await clickOn('d1');
  assert.match(await classes('d1'), /\bselected\b/);
  assert.match(await classes('d3'), /\btarget\b/);
  await clickOn('d3');
  assert.deepEqual(await played(), ['d1-d3']);
});

test('a click elsewhere clears; a second click on the piece too', { skip }, async () => {
  await show('tavlei', tafl9, legal.tavlei);
  await clickOn('d1', 'g3');
  assert.doesNotMatch(await classes('d1'), /\bselected\b/);
  await clickOn('d1', 'd1');
  assert.doesNotMatch(await classes('d1'), /\bselected\b/);
  assert.deepEqual(await played(), []);
});

test('drag and drop plays; a drop on no target puts the piece back', { skip }, async () => {
  await show('tavlei', tafl9, legal.tavlei);
  await dragMouse('d1', 'g4');
  assert.deepEqual(await played(), []);
  assert.equal(await cdp.eval(`document.querySelector('[data-square="d1"] [data-piece]').getAttribute('transform')`), null);
  await dragMouse('d1', 'd4', 'tavlei-dragging');
  assert.deepEqual(await played(), ['d1-d4']);
});

test('touch: a drag from a piece plays and does not scroll; a swipe elsewhere scrolls', { skip }, async () => {
  await show('tavlei', tafl9, legal.tavlei);
  await cdp.eval('window.scrollTo(0, 0)');
  await touchDrag(await centre('f1'), await centre('f3'));
  assert.deepEqual(await played(), ['f1-f3']);
  assert.equal(await cdp.eval('window.scrollY'), 0);
  const from = await centre('g7');
  await touchDrag(from, { x: from.x, y: from.y - 200 });
  for (let i = 0; i < 40 && (await cdp.eval('window.scrollY')) === 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok((await cdp.eval('window.scrollY')) > 0, 'the page scrolled');
  assert.deepEqual(await played(), ['f1-f3']);
});

test('keyboard: tab into the board, arrows, Enter, Escape', { skip }, async () => {
  await show('tavlei', tafl9, legal.tavlei);
  await keys('Tab');
  assert.equal(await cdp.eval('document.activeElement.dataset.square'), 'a1');
  await keys('ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter', 'ArrowUp');
  await shot('tavlei-keyboard');
  await keys('ArrowDown');
  assert.match(await classes('d1'), /\bselected\b/);
  assert.match(await cdp.eval('document.activeElement.getAttribute("aria-label")'), /^d1, attacker, selected/);
  await keys('Escape');
  assert.doesNotMatch(await classes('d1'), /\bselected\b/);
  await keys('Enter', 'ArrowUp', 'ArrowUp', 'Enter');
  assert.deepEqual(await played(), ['d1-d3']);
  assert.equal(await cdp.eval('document.querySelectorAll("[data-square][tabindex=\'0\']").length'), 1);
});

test('draughts: two routes through c3 are clicked through; light squares do nothing', { skip }, async () => {
  await show('draughts', 'W:Wa1,e1,g1:Bb2,b4,d4,f2,h8', legal.draughts);
  await clickOn('a1', 'b1');
  assert.match(await classes('a1'), /\bselected\b/);
  await clickOn('c3');
  await shot('draughts-route');
  assert.match(await cdp.eval('document.querySelector(".bh-board-prompt").textContent'), /route/);
  await clickOn('e5');
  assert.deepEqual(await played(), ['a1:c3:e5']);
});

test('alquerque: the huff is chosen first, then the move', { skip }, async () => {
  await show('alquerque', 'bbb1b/bbwbb/bb2w/wwbbw/ww2w w - a3,b4,c5', legal.huff);
  assert.match(await classes('b4'), /\bhuff-choice\b/);
  assert.match(await cdp.eval('document.querySelector(".bh-board-prompt").textContent'), /[Hh]uff/);
  await clickOn('e1'); // not yet: the huff comes first
  assert.doesNotMatch(await classes('e1'), /\bselected\b/);
  await shot('alquerque-huff');
  await clickOn('a3', 'e1');
  await keys('Tab');
  await shot('alquerque-huffed');
  await clickOn('c3', 'a3');
  assert.deepEqual(await played(), ['huff a3 e1:c3:a3']);
});

test('the second side sees the board turned; clicks still find their squares', { skip }, async () => {
  await show('draughts', 'W:Wa1,e1,g1:Bb2,b4,d4,f2,h8', legal.draughts, 'second');
  const [a1, h8] = [await centre('a1'), await centre('h8')];
  assert.ok(a1.x > h8.x && a1.y < h8.y, 'a1 at the top right');
  await dragMouse('e1', 'g3');
  assert.deepEqual(await played(), ['e1:g3']);
});
