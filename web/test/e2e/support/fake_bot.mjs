// A stand-in for boardhall-bot in the browser tests: a WebSocket client that logs in
// with a bot account's password, answers each `challenge` with join_room (unless told to
// stay silent), and plays the first of its legal moves whenever it is to move. Run as a
// child process (Node 20 has WebSocket only behind a flag); it reports on stdout, one
// JSON line per event: ready (logged in), challenge, moved, error.
//
// Also: `node --experimental-websocket fake_bot.mjs WS_URL NAME SECRET_FILE [silent]`.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVER } from './stack.mjs';

const HERE = fileURLToPath(import.meta.url);

/** Makes NAME a bot account in the database `db`; its password is written to `secretFile`. */
export function createBot(db, name, secretFile) {
  execFileSync(SERVER, ['--db', db, '--create-bot', name, '--secret-file', secretFile], { stdio: 'pipe' });
}

/**
 * Starts the fake bot against the server at `httpUrl` (its /ws). Resolves once it is logged
 * in, with {events, stop()}: `events` the lines it reported so far (objects).
 */
export async function startFakeBot(httpUrl, name, secretFile, { silent = false } = {}) {
  const wsUrl = `${httpUrl.replace(/^http/, 'ws')}/ws`;
  const flags = typeof globalThis.WebSocket === 'function' ? [] : ['--experimental-websocket'];
  const proc = spawn(process.execPath, [...flags, HERE, wsUrl, name, secretFile, silent ? 'silent' : ''], { stdio: ['ignore', 'pipe', 'pipe'] });
  const events = [];
  let buffered = '';
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const ready = new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      buffered += d;
      let nl;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        try {
          const e = JSON.parse(line);
          events.push(e);
          if (e.event === 'ready') resolve();
          if (e.event === 'error' && e.code === 'auth_failed') reject(new Error(`the fake bot could not log in: ${line}`));
        } catch { /* not ours */ }
      }
    });
    proc.on('exit', (code) => reject(new Error(`the fake bot exited (${code}): ${stderr}`)));
    setTimeout(() => reject(new Error(`the fake bot did not log in: ${stderr}`)), 10000);
  });
  await ready;
  return {
    events,
    stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
    },
  };
}

// ---- the bot itself, in the child process ----

function runBot(wsUrl, name, secretFile, silent) {
  const password = fs.readFileSync(secretFile, 'utf8').trim();
  const say = (event, more = {}) => process.stdout.write(`${JSON.stringify({ event, ...more })}\n`);
  const ws = new WebSocket(wsUrl);
  let nextId = 1;
  const send = (msg) => ws.send(JSON.stringify({ ...msg, id: nextId++ }));
  const play = (gameId, ply, legal) => {
    if (!Array.isArray(legal) || legal.length === 0) return;
    send({ type: 'move', game_id: gameId, ply, move: legal[0] });
    say('moved', { game_id: gameId, ply, move: legal[0] });
  };
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'welcome') send({ type: 'login', name, password });
    else if (m.type === 'identity') say('ready', { player: m.player, bot: m.bot ?? null });
    else if (m.type === 'challenge') {
      say('challenge', { room_id: m.room_id, game: m.game, level: m.level, opponent: m.opponent });
      if (!silent) send({ type: 'join_room', room_id: m.room_id });
    } else if (m.type === 'game_started' || m.type === 'game_state') play(m.state.game_id, m.state.ply, m.state.legal);
    else if (m.type === 'move') play(m.game_id, m.ply, m.legal);
    else if (m.type === 'error') say('error', { code: m.code, message: m.message });
  });
  ws.addEventListener('close', () => process.exit(0));
  process.on('SIGTERM', () => { ws.close(); process.exit(0); });
}

if (process.argv[1] === HERE) runBot(process.argv[2], process.argv[3], process.argv[4], process.argv[5] === 'silent');
