// The page's one WebSocket: request ids and replies, a ping when the line is quiet (else
// a dropped network is noticed much later), reconnecting after a drop with growing
// waits. No UI: its phase goes to onPhase, each message to onMessage. The WebSocket
// class and the timers are passed in, so the tests drive it without a network.

import { reconnectDelay } from './backoff.js';

/** @typedef {'connecting'|'online'|'reconnecting'|'idle'|'replaced'|'stopped'} Phase */

const QUIET_MS = 25000; // no message for this long: send a ping
const PONG_MS = 10000; // no answer to it for this long: the line is dead
const TICK_MS = 5000;
const REQUEST_MS = 30000; // a request with no reply by then has failed

export class Connection {
  constructor({ url, WebSocketImpl = globalThis.WebSocket, timers = globalThis, random = Math.random, now = () => Date.now() }) {
    this.url = url;
    this.WebSocketImpl = WebSocketImpl;
    this.timers = timers;
    this.random = random;
    this.now = now;
    /** @type {Phase} */
    this.phase = 'stopped';
    this.ready = false; // identified (or decided to stay anonymous): views may send
    this.attempt = 0;
    this.retryAt = null;
    this.nextId = 1;
    this.pending = new Map();
    this.ws = null;
    this.retryTimer = null;
    this.tickTimer = null;
    this.lastHeard = 0;
    this.pingSentAt = null;
    this.onMessage = (msg) => {};
    this.onWelcome = (msg) => {};
    this.onPhase = () => {};
  }

  start() {
    if (this.ws) return;
    this.setPhase(this.attempt === 0 ? 'connecting' : 'reconnecting');
    this.open();
  }

  /** Closes and stays closed (phase `replaced` after session_replaced, else `stopped`). */
  stop(phase = 'stopped') {
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.setPhase(phase);
    this.discard();
  }

  /** A fresh connection at once (after signing out, or the user's "retry now"). */
  restart() {
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.discard();
    this.attempt = 0;
    this.setPhase('connecting');
    this.open();
  }

  /** While waiting to reconnect: try now (the network came back, the tab was shown). */
  retryNow() {
    if (this.phase === 'reconnecting' && !this.ws) this.restart();
  }

  /** The page needs the server again: connect if idle. */
  wake() {
    if (this.phase === 'idle') this.restart();
  }

  markReady() {
    this.ready = true;
  }

  /**
   * Sends `msg` with a fresh id: resolves with the reply (echoing the id) or rejects with
   * the error ({code, message}). Until ready only `early` ones (identity) go, others fail `offline`.
   */
  request(msg, { early = false, timeoutMs = REQUEST_MS } = {}) {
    if (!this.isOpen() || (!this.ready && !early))
      return Promise.reject({ type: 'error', code: 'offline', message: 'not connected' });
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.pending.delete(id);
        reject({ type: 'error', code: 'timeout', message: 'no answer from the server' });
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.write({ ...msg, id });
    });
  }

  /** Sends without waiting for a reply; false when not connected. */
  send(msg) {
    if (!this.isOpen()) return false;
    this.write(msg);
    return true;
  }

  isOpen() {
    return this.ws !== null && this.ws.readyState === 1;
  }

  // ---- inside ----

  setPhase(phase) {
    this.phase = phase;
    this.onPhase(phase, { retryAt: this.retryAt, attempt: this.attempt });
  }

  write(msg) {
    this.ws.send(JSON.stringify(msg));
  }

  open() {
    let ws;
    try {
      ws = new this.WebSocketImpl(this.url);
    } catch {
      return this.closed({ code: 1006, reason: '' });
    }
    this.ws = ws;
    this.lastHeard = this.now();
    this.pingSentAt = null;
    ws.onmessage = (e) => ws === this.ws && this.received(e.data);
    ws.onclose = (e) => ws === this.ws && this.closed(e);
    ws.onerror = () => {}; // a close follows
    this.tickTimer = this.timers.setInterval(() => this.tick(), TICK_MS);
  }

  received(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    this.lastHeard = this.now();
    this.pingSentAt = null;
    if (msg.type === 'welcome') {
      this.attempt = 0;
      this.retryAt = null;
      this.ready = false;
      this.setPhase('online');
      this.onWelcome(msg);
    } else if (msg.type === 'session_replaced') {
      this.phase = 'replaced'; // the close that follows must not reconnect
    }
    this.onMessage(msg);
    const waiting = msg.id !== undefined && msg.id !== null ? this.pending.get(msg.id) : undefined;
    if (waiting) {
      this.pending.delete(msg.id);
      this.timers.clearTimeout(waiting.timer);
      if (msg.type === 'error') waiting.reject(msg);
      else waiting.resolve(msg);
    }
  }

  tick() {
    if (!this.isOpen()) return;
    const now = this.now();
    if (this.pingSentAt !== null) {
      if (now - this.pingSentAt > PONG_MS) this.drop();
    } else if (now - this.lastHeard > QUIET_MS) {
      this.pingSentAt = now;
      this.write({ type: 'ping' });
    }
  }

  /** Gives the socket up as dead without waiting for its close handshake. */
  drop() {
    this.discard();
    this.closed({ code: 4000, reason: 'no_answer' });
  }

  /** Detaches and closes the current socket; its events are ignored from now on. */
  discard() {
    this.timers.clearInterval(this.tickTimer);
    this.tickTimer = null;
    const ws = this.ws;
    this.ws = null;
    this.ready = false;
    this.failPending();
    if (ws) {
      ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close();
      } catch {
        // already closed
      }
    }
  }

  failPending() {
    for (const [, p] of this.pending) {
      this.timers.clearTimeout(p.timer);
      p.reject({ type: 'error', code: 'offline', message: 'the connection was lost' });
    }
    this.pending.clear();
  }

  closed(event) {
    this.discard();
    if (this.phase === 'replaced' || this.phase === 'stopped') return this.setPhase(this.phase);
    // A visitor without a name who neither watches nor follows the lobby is closed after
    // a while (identify_timeout): stay closed until the page needs the server (wake).
    if (event && event.reason === 'identify_timeout') return this.setPhase('idle');
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    this.retryAt = this.now() + delay;
    this.setPhase('reconnecting');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }
}
