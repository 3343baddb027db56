// Issue 28, figure (c): how long a dead node's games wait. GAMES games of tablut are
// started on the node at FIRST_PORT, each with two plies; that node is killed
// (kill -9 of KILL_PID); then both players of every game reconnect at once to the other
// nodes (OTHER_PORTS, round robin: a player may land on a node that relays it to the
// game's new owner), resuming with their tokens until they are back, and the side to move
// plays. Printed: the time from the kill to each game's move being acknowledged, p50,
// p95 and max, and how many games made it within 30 s.
//   node --experimental-websocket failover_fig.mjs FIRST_PORT KILL_PID GAMES OTHER_PORT...
// The server's rules are not needed: the first two plies and the third are fixed moves
// of tablut that are legal from the start.
const [firstPort, killPid, games, ...others] = process.argv.slice(2).map(Number);
const PLIES = ['i4-i3', 'e6-h6'], THIRD = 'i6-i7';
const wsUrl = (port) => `ws://127.0.0.1:${port}/ws`;

function open(port) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(port));
    const waiting = [];
    ws.inbox = [];
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      const i = waiting.findIndex((w) => w.test(m));
      if (i >= 0) waiting.splice(i, 1)[0].resolve(m);
      else ws.inbox.push(m);
    };
    ws.take = (test, ms = 10000) => {
      const i = ws.inbox.findIndex(test);
      if (i >= 0) return Promise.resolve(ws.inbox.splice(i, 1)[0]);
      return new Promise((res, rej) => {
        const w = { test, resolve: (m) => { clearTimeout(w.timer); res(m); } };
        w.timer = setTimeout(() => { waiting.splice(waiting.indexOf(w), 1); rej(new Error('timeout')); }, ms);
        waiting.push(w);
      });
    };
    ws.send_ = (m) => ws.send(JSON.stringify(m));
    ws.onopen = () => resolve(ws);
    ws.onerror = () => reject(new Error('connect'));
  });
}
const type = (t) => (m) => m.type === t;

async function startGame(i) {
  const p = [await open(firstPort), await open(firstPort)];
  const tokens = [];
  for (let s = 0; s < 2; ++s) {
    p[s].send_({ type: 'guest', name: `f${i}${s ? 'b' : 'a'}`, id: 1 });
    tokens.push((await p[s].take(type('identity'))).token);
  }
  p[0].send_({ type: 'create_room', game: 'tablut', side: 'first', id: 2 });
  const room = (await p[0].take(type('room_created'))).room.room_id;
  p[1].send_({ type: 'join_room', room_id: room, id: 3 });
  const id = (await p[0].take(type('game_started'))).state.game_id;
  for (let ply = 0; ply < 2; ++ply) {
    p[ply % 2].send_({ type: 'move', game_id: id, ply, move: PLIES[ply], id: 10 + ply });
    await p[ply % 2].take((m) => m.type === 'move' && m.ply === ply + 1);
  }
  return { id, tokens, sockets: p };
}

let next = 0;
async function resume(token) {
  for (;;) {
    const port = others[next++ % others.length];
    try {
      const ws = await open(port);
      ws.send_({ type: 'resume', token, id: 1 });
      const answer = await ws.take((m) => m.type === 'identity' || m.type === 'error', 5000);
      if (answer.type === 'identity') return ws;
      ws.close();
    } catch { /* a node not up: the next one */ }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const started = [];
for (let i = 0; i < games; i += 20) started.push(...(await Promise.all(
  Array.from({ length: Math.min(20, games - i) }, (_, k) => startGame(i + k)))));
for (const g of started) for (const s of g.sockets) s.onclose = s.onerror = null;
process.kill(killPid, 'SIGKILL');
const killed = performance.now();
const times = await Promise.all(started.map(async (g) => {
  const [first] = await Promise.all([resume(g.tokens[0]), resume(g.tokens[1])]);
  const deadline = setTimeout(() => {}, 0);
  clearTimeout(deadline);
  for (;;) {
    first.send_({ type: 'move', game_id: g.id, ply: 2, move: THIRD, id: 50 });
    const m = await first.take((x) => (x.type === 'move' && x.ply === 3) || (x.type === 'error' && x.id === 50), 30000)
      .catch(() => null);
    if (m && m.type === 'move') return performance.now() - killed;
    if (performance.now() - killed > 30000) return Infinity;
    await new Promise((r) => setTimeout(r, 100));  // e.g. the game still paused: try again
  }
}));
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const ok = times.filter(Number.isFinite).length;
console.log(`${games} games on the killed node: kill to the next move acknowledged ` +
  `p50 ${(at(0.5) / 1000).toFixed(2)} s, p95 ${(at(0.95) / 1000).toFixed(2)} s, max ${(times[times.length - 1] / 1000).toFixed(2)} s; ` +
  `${ok}/${games} within 30 s`);
process.exit(0);
