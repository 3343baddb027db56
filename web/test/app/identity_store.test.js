import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdentityStore, serverKey } from '../../public/js/app/identity_store.js';

const memory = () => {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k), m };
};
const TOKEN = '6f1c0d0e9a6b4c2f8e71d2a3b4c5d6e7';

test('one server, however its loopback address is written', () => {
  const keys = ['ws://127.0.0.1:8080/ws', 'ws://localhost:8080/ws/', 'ws://[::1]:8080/ws', 'ws://LOCALHOST:8080/ws'].map(serverKey);
  assert.deepEqual(new Set(keys), new Set(['ws://localhost:8080/ws']));
  assert.notEqual(serverKey('wss://play.example.org/ws'), serverKey('ws://play.example.org/ws'));
  assert.notEqual(serverKey('ws://h:8080/ws'), serverKey('ws://h:8081/ws'));
});

test('the identity is kept per server, without any password', () => {
  const s = memory();
  const a = new IdentityStore(s, 'ws://127.0.0.1:8080/ws');
  const b = new IdentityStore(s, 'ws://127.0.0.1:9090/ws');
  a.save({ player: 'alice', token: TOKEN, registered: true, password: 'secret words' });
  assert.deepEqual(a.load(), { player: 'alice', token: TOKEN, registered: true });
  assert.equal(b.load(), null);
  assert.ok(![...s.m.values()].some((v) => v.includes('secret')));
  a.forgetToken();
  assert.deepEqual(a.load(), { player: 'alice', token: null, registered: true });
  a.clear();
  assert.equal(a.load(), null);
});

test('damaged or foreign storage reads as nobody', () => {
  const s = memory();
  const a = new IdentityStore(s, 'ws://h/ws');
  s.setItem(a.key, '{not json');
  assert.equal(a.load(), null);
  s.setItem(a.key, JSON.stringify({ player: 'x', token: '<script>' }));
  assert.deepEqual(a.load(), { player: 'x', token: null, registered: false });
  const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('full'); }, removeItem() { throw new Error('denied'); } };
  const c = new IdentityStore(broken, 'ws://h/ws');
  assert.equal(c.load(), null);
  c.save({ player: 'x', token: TOKEN, registered: false });
  c.clear();
});
