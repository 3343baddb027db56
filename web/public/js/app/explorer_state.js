// The opening explorer's state (docs/web.md, "Opening explorer"): the address ⇄ state,
// the API's query, the line gone along, the results bar. Pure; the explorer page's only.

export const GAMES = ['tavlei', 'tablut', 'seatafl', 'copenhagen', 'brandubh', 'draughts', 'alquerque'];
export const DEFAULT_GAME = 'copenhagen';
export const SOURCES = ['all', 'here', 'imported'];
/** The rating bands' ends offered (the server counts in steps of 100). */
export const RATINGS = Array.from({ length: 25 }, (_, i) => 600 + 100 * i);
export const MAX_MOVES = 400;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const NONE = { min: null, max: null };

/** `size:11,king_limit:3` → {size:'11', king_limit:'3'}; a malformed pair is left out. */
export function parseOptions(text) {
  const options = {};
  for (const part of String(text ?? '').split(',')) {
    const m = /^([a-z_]{1,32}):(\w{1,16})$/.exec(part.trim());
    if (m) options[m[1]] = m[2];
  }
  return options;
}

/** {size: 11} → `size:11`, names sorted: one variant, one text. */
export const optionsQuery = (options = {}) => Object.keys(options).sort().map((k) => `${k}:${options[k]}`).join(',');

/** `1600-2000`, `1600-`, `-2000` → {min, max} (null: open); else, or an end off the 100s, no band. */
export function parseRating(text) {
  const m = /^(\d{1,4})?-(\d{1,4})?$/.exec(String(text ?? '').trim());
  if (!m || (!m[1] && !m[2])) return NONE;
  const [min, max] = [m[1], m[2]].map((s) => (s === undefined ? null : Number(s)));
  return min % 100 || max % 100 || (min !== null && max !== null && min > max) ? NONE : { min, max };
}

export const ratingQuery = ({ min = null, max = null } = {}) => (min === null && max === null ? '' : `${min ?? ''}-${max ?? ''}`);

/** `2026-03`, or null. */
export const parseMonth = (text) => (MONTH.test(text ?? '') ? text : null);

export const parseMoves = (text) => String(text ?? '').split(',').map((m) => m.trim()).filter(Boolean).slice(0, MAX_MOVES);

// Months the wrong way round are swapped (the server refuses them).
const months = (s) => (s.since && s.until && s.since > s.until ? { ...s, since: s.until, until: s.since } : s);

/** The state from the URL's query: {game, options, moves, source, rating: {min, max}, since, until}. */
export function stateFromQuery(query) {
  const q = new URLSearchParams(query ?? '');
  return months({
    game: GAMES.includes(q.get('game')) ? q.get('game') : DEFAULT_GAME,
    options: parseOptions(q.get('options')),
    moves: parseMoves(q.get('moves')),
    source: SOURCES.includes(q.get('source')) ? q.get('source') : 'all',
    rating: parseRating(q.get('rating')),
    since: parseMonth(q.get('since')),
    until: parseMonth(q.get('until')),
  });
}

/** The query of a state, what is not set left out; `,` and `:` written as they are. */
export function stateQuery(s) {
  const pairs = { game: s.game, options: optionsQuery(s.options), moves: s.moves.join(','), source: s.source === 'all' ? '' : s.source,
    rating: ratingQuery(s.rating), since: s.since, until: s.until };
  return Object.entries(pairs).filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',').replace(/%3A/g, ':')}`).join('&');
}

export const explorerPageUrl = (s) => `/explorer?${stateQuery(s)}`;
/** GET /api/explorer takes the same parameters. */
export const explorerApiUrl = (s) => `/api/explorer?${stateQuery(s)}`;

export const filtered = (s) => s.source !== 'all' || s.rating.min !== null || s.rating.max !== null || !!s.since || !!s.until;
export const unfiltered = (s) => ({ ...s, source: 'all', rating: NONE, since: null, until: null });
/** What depends on the game and options only (the board's drawing) is kept by this key. */
export const variantKey = (s) => `${s.game}?${optionsQuery(s.options)}`;

/** The filters from the form's strings (source, min, max, since, until); a band or months the wrong way round swapped. */
export function withFilters(s, { source = 'all', min = '', max = '', since = '', until = '' } = {}) {
  const ends = [min, max].map((v) => (/^\d{1,4}$/.test(v) && v % 100 === 0 ? Number(v) : null)).sort((a, b) => (a === null || b === null ? 0 : a - b));
  return months({ ...s, source: SOURCES.includes(source) ? source : 'all', rating: { min: ends[0], max: ends[1] }, since: parseMonth(since), until: parseMonth(until) });
}

// The line: the moves from the start the page keeps, `ply` of them shown.

/** The line kept in a history entry when the URL's moves begin it (to go forward again), else those moves. */
export const keepLine = (line, moves) =>
  Array.isArray(line) && line.every((m) => typeof m === 'string') && moves.every((m, i) => line[i] === m) ? line.slice(0, MAX_MOVES) : [...moves];

export const clampPly = (line, ply) => Math.max(0, Math.min(line.length, Number.isFinite(ply) ? Math.trunc(ply) : line.length));

/** `move` played after `ply` moves of `line`: the line's next move goes along it, another starts a new line. */
export const playOn = (line, ply, move) =>
  line[ply] === move ? { line, ply: ply + 1 } : { line: [...line.slice(0, ply), move], ply: ply + 1 };

/** `1.` before the first side's move, `1…` before the second's. */
export const moveNumber = (ply) => `${Math.ceil(ply / 2)}${ply % 2 ? '.' : '…'}`;

/**
 * The results bar of {games, first, draws, second}: whole percents of the games (largest
 * remainders, so they add up to 100 when every game has a result) and exact `widths`.
 */
export function shares(row) {
  const keys = ['first', 'draws', 'second'];
  const counts = keys.map((k) => Math.max(0, row[k] || 0));
  const known = counts.reduce((a, b) => a + b, 0);
  const games = Math.max(known, row.games || 0);
  const exact = counts.map((n) => (games ? (n * 100) / games : 0));
  const whole = exact.map(Math.floor);
  let left = games ? Math.round((known * 100) / games) - whole.reduce((a, b) => a + b, 0) : 0;
  for (const i of [0, 1, 2].sort((a, b) => exact[b] - whole[b] - (exact[a] - whole[a]) || a - b)) if (left-- > 0) whole[i]++;
  const out = Object.fromEntries(keys.map((k, i) => [k, whole[i]]));
  out.widths = Object.fromEntries(keys.map((k, i) => [k, exact[i]]));
  return out;
}

export const gamesShare = (row, total) => (total?.games ? Math.round((row.games * 100) / total.games) : 0);
export const ratingAvg = (v) => (Number.isFinite(v) ? Math.round(v) : null);
export const resultMark = (result) => ({ first: '1–0', second: '0–1', draw: '½–½' })[result] ?? '*';

/** The sides' names: the server's (welcome's games) when known, else the rules'. */
export function sidesOf(game, games = []) {
  const g = games?.find((x) => x.id === game);
  if (g?.first_side) return { first: g.first_side, second: g.second_side };
  return /draughts|alquerque/.test(game) ? { first: 'white', second: 'black' } : { first: 'attackers', second: 'defenders' };
}
