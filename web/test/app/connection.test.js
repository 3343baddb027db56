import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection } from '../../public/js/app/connection.js';

/** Timers run by hand: advance(ms) fires what is due, in order. */
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const due = new Map();
  const add = (fn, ms, every) => { const id = ++seq; due.set(id, { at: now + ms, fn, every }); return id; };
  return {
    now: () => now,
    setTimeout: (fn, ms) => add(fn, ms, 0),
    setInterval: (fn, ms) => add(fn, ms, ms),
    clearTimeout: (id) => due.delete(id),
    clearInterval: (id) => due.delete(id),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        const [id, t] = next;
        now = t.at;
        if (t.every) t.at += t.every;
        else due.delete(id);
        t.fn();
      }
      now = end;
    },
  };
}

function harness() {
  const timers = fakeTimers();
  const sockets = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.readyState = 0; this.sent = []; this.closed = false; sockets.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.closed = true; }
    open() { this.readyState = 1; this.onopen?.(); }
    hear(msg) { this.onmessage?.({ data: JSON.stringify(msg) }); }
    drop(reason = '') { this.readyState = 3; this.onclose?.({ code: 1006, reason }); }
  }
  const conn = new Connection({ url: 'ws://h/ws', WebSocketImpl: FakeSocket, timers, random: () => 0, now: timers.now });
  const phases = [];
  const heard = [];
  conn.onPhase = (p) => phases.push(p);
  conn.onMessage = (m) => heard.push(m);
  conn.onWelcome = () => {};
  const last = () => sockets[sockets.length - 1];
  const welcome = () => { last().open(); last().hear({ type: 'welcome', protocol: 1, games: [] }); };
  return { conn, timers, sockets, phases, heard, last, welcome };
}

test('requests carry fresh ids and settle with the reply that echoes them', async () => {
  const { conn, last, welcome, heard } = harness();
  conn.start();
  welcome();
  conn.markReady();
  const a = conn.request({ type: 'list_rooms' });
  const b = conn.request({ type: 'move', game_id: 'g', ply: 0, move: 'e1-e3' });
  const [ra, rb] = last().sent;
  assert.notEqual(ra.id, rb.id);
  last().hear({ type: 'error', id: rb.id, code: 'illegal_move', message: 'no' });
  last().hear({ type: 'lobby', id: ra.id, rooms: [], games: [] });
  assert.equal((await a).type, 'lobby');
  await assert.rejects(b, (e) => e.code === 'illegal_move');
  assert.deepEqual(heard.map((m) => m.type), ['welcome', 'error', 'lobby']); // the app hears replies too
});

test('before it is ready only early requests (the identity) go out', async () => {
  const { conn, last, welcome } = harness();
  conn.start();
  await assert.rejects(conn.request({ type: 'list_rooms' }), (e) => e.code === 'offline');
  welcome();
  await assert.rejects(conn.request({ type: 'list_rooms' }), (e) => e.code === 'offline');
  const r = conn.request({ type: 'resume', token: 't' }, { early: true });
  last().hear({ type: 'identity', id: last().sent[0].id, player: 'a', token: 't', registered: false });
  assert.equal((await r).player, 'a');
});

test('a drop fails what was waiting, then reconnects after 1 s, 2 s, 4 s ... and a welcome resets the wait', async () => {
  const { conn, timers, sockets, phases, welcome, last } = harness();
  conn.start();
  welcome();
  conn.markReady();
  const waiting = conn.request({ type: 'list_rooms' });
  last().drop();
  await assert.rejects(waiting, (e) => e.code === 'offline');
  assert.equal(conn.phase, 'reconnecting');
  assert.equal(conn.ready, false);
  timers.advance(999);
  assert.equal(sockets.length, 1);
  timers.advance(1);
  assert.equal(sockets.length, 2);
  last().drop(); // the server is still down
  timers.advance(1999);
  assert.equal(sockets.length, 2);
  timers.advance(1);
  assert.equal(sockets.length, 3);
  last().drop();
  timers.advance(4000);
  assert.equal(sockets.length, 4);
  welcome();
  assert.equal(conn.phase, 'online');
  last().drop();
  timers.advance(1000);
  assert.equal(sockets.length, 5, 'back to 1 s after a good connection');
  assert.deepEqual([...new Set(phases)], ['connecting', 'online', 'reconnecting']);
});

test('a quiet line is pinged, and a line that does not answer is given up and reconnected', () => {
  const { conn, timers, sockets, welcome, last } = harness();
  conn.start();
  welcome();
  timers.advance(25000);
  assert.deepEqual(last().sent, []);
  timers.advance(5000);
  assert.deepEqual(last().sent, [{ type: 'ping' }]);
  last().hear({ type: 'pong' });
  timers.advance(30000);
  assert.equal(last().sent.length, 2);
  timers.advance(15000); // no pong
  assert.equal(sockets[0].closed, true);
  assert.equal(conn.phase, 'reconnecting');
  timers.advance(1000);
  assert.equal(sockets.length, 2);
});

test('session_replaced: closed for good, no reconnecting', () => {
  const { conn, timers, sockets, welcome, last } = harness();
  conn.start();
  welcome();
  last().hear({ type: 'session_replaced', message: 'elsewhere' });
  last().drop();
  timers.advance(60000);
  assert.equal(sockets.length, 1);
  assert.equal(conn.phase, 'replaced');
  conn.restart(); // "play here"
  assert.equal(sockets.length, 2);
});

test('an idle anonymous visitor closed for not identifying stays closed, quietly, until woken', () => {
  const { conn, timers, sockets, phases, welcome, last } = harness();
  conn.start();
  welcome();
  last().hear({ type: 'error', code: 'not_authenticated', message: 'no guest ... closing' });
  last().drop('identify_timeout');
  assert.equal(conn.phase, 'idle');
  timers.advance(60000);
  conn.retryNow(); // the tab shown again: still nothing to do
  assert.equal(sockets.length, 1);
  assert.ok(!phases.includes('reconnecting'));
  conn.wake(); // the page needs the server: a new connection at once
  assert.equal(sockets.length, 2);
  assert.equal(conn.phase, 'connecting');
  welcome();
  assert.equal(conn.phase, 'online');
  conn.wake(); // online: nothing to wake
  assert.equal(sockets.length, 2);
});

test('messages from a socket given up are ignored; bad frames too', () => {
  const { conn, timers, sockets, heard, welcome, last } = harness();
  conn.start();
  welcome();
  const old = last();
  conn.restart();
  old.hear({ type: 'lobby', rooms: [], games: [] });
  old.drop();
  last().onmessage({ data: 'not json' });
  last().onmessage({ data: '42' });
  timers.advance(20000);
  assert.equal(sockets.length, 2);
  assert.deepEqual(heard.map((m) => m.type), ['welcome']);
});

test('a request with no answer fails after its time', async () => {
  const { conn, timers, welcome } = harness();
  conn.start();
  welcome();
  conn.markReady();
  const r = conn.request({ type: 'resign', game_id: 'g' }, { timeoutMs: 500 });
  timers.advance(500);
  await assert.rejects(r, (e) => e.code === 'timeout');
});
