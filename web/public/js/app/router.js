// Routes of the page: parsed from a URL's path and query, and built back. Pure (no DOM).

/** @typedef {{name:'lobby'|'account'|'admin'}|{name:'archive'|'explorer', query:URLSearchParams}|{name:'room', roomId:string, invite:string|null}
 *   |{name:'game', gameId:string, ply:number|null}|{name:'player', player:string}|{name:'leaderboard', game:string|null}|{name:'games'}
 *   |{name:'tournaments'}|{name:'tournament', tournamentId:string, invite:string|null}|{name:'analysis', gameId:string, ply:number|null}
 *   |{name:'notfound', path:string}} Route */

// Ids are the server's (r..., g...); anything else cannot be one.
const ID = /^[A-Za-z0-9._-]{1,64}$/;

/** @returns {Route} */
export function parseRoute(pathname, search = '') {
  const query = new URLSearchParams(search);
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/lobby') return { name: 'lobby' };
  if (path === '/archive') return { name: 'archive', query };
  if (path === '/leaderboard') return { name: 'leaderboard', game: query.get('game') || null };
  if (path === '/games') return { name: 'games' };
  if (path === '/tournaments') return { name: 'tournaments' };
  if (path === '/explorer') return { name: 'explorer', query };
  if (path === '/account/tokens') return { name: 'account' };
  if (path === '/admin') return { name: 'admin' };
  const p = /^\/player\/([^/]+)$/.exec(path);
  if (p) {
    let name;
    try {
      name = decodeURIComponent(p[1]);
    } catch {
      return { name: 'notfound', path };
    }
    // A player's name: 1 to 32 characters, no control characters (the server checks the rest).
    if (![...name].length || [...name].length > 32 || /[\u0000-\u001f\u007f]/.test(name)) return { name: 'notfound', path };
    return { name: 'player', player: name };
  }
  const m = /^\/(room|game|tournament|analysis)\/([^/]+)$/.exec(path);
  if (m) {
    let id;
    try {
      id = decodeURIComponent(m[2]);
    } catch {
      return { name: 'notfound', path };
    }
    if (!ID.test(id)) return { name: 'notfound', path };
    const invite = query.get('invite') || null;
    if (m[1] === 'room') return { name: 'room', roomId: id, invite };
    if (m[1] === 'tournament') return { name: 'tournament', tournamentId: id, invite };
    const ply = query.get('ply');
    return { name: m[1] === 'analysis' ? 'analysis' : 'game', gameId: id, ply: ply !== null && /^\d{1,5}$/.test(ply) ? Number(ply) : null };
  }
  return { name: 'notfound', path };
}

const invited = (path, id, invite) => `/${path}/${encodeURIComponent(id)}` + (invite ? `?invite=${encodeURIComponent(invite)}` : '');
export const roomUrl = (roomId, invite) => invited('room', roomId, invite);
export const tournamentUrl = (id, invite) => invited('tournament', id, invite);
export const gameUrl = (gameId, ply = null) =>
  `/game/${encodeURIComponent(gameId)}` + (ply === null ? '' : `?ply=${ply}`);
export const analysisUrl = (gameId, ply = null) =>
  `/analysis/${encodeURIComponent(gameId)}` + (ply === null ? '' : `?ply=${ply}`);
export const archiveUrl = (query) => {
  const text = new URLSearchParams(query).toString();
  return '/archive' + (text ? `?${text}` : '');
};
export const playerUrl = (name) => `/player/${encodeURIComponent(name)}`;
export const leaderboardUrl = (key = null) => '/leaderboard' + (key ? `?game=${encodeURIComponent(key)}` : '');
// The opening explorer at a game's moves (explorer_state.js reads it).
export const explorerUrl = (game, options, moves) =>
  '/explorer?' + `${new URLSearchParams({ game, options: Object.entries(options ?? {}).map((e) => e.join(':')), moves })}`.replace(/%2C|%3A/g, decodeURIComponent);
