// The archive page's filters: read from and written to the page's query string, and
// turned into a list_games request. Pure. Dates are calendar days in the browser's
// time zone; `to` includes its whole day.

export const FILTERS = ['game', 'player', 'winner', 'result', 'from', 'to'];
// 'aborted' games are listed only when asked for (docs/protocol.md, "Takeback and abort").
export const RESULTS = ['first', 'second', 'draw', 'aborted'];
export const PAGE_SIZE = 20;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a `YYYY-MM-DD` day, plus `days`, in Unix ms; null when not a day. */
export function dayStartMs(text, days = 0) {
  const m = DAY.exec(text || '');
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  return Number.isNaN(d.getTime()) ? null : d.getTime();
}

/** The filters in a query string, cleaned: unknown keys and empty values dropped. */
export function filtersFromQuery(query) {
  const q = new URLSearchParams(query);
  const f = {};
  for (const key of FILTERS) {
    const v = (q.get(key) || '').trim();
    if (!v) continue;
    if (key === 'result' && !RESULTS.includes(v)) continue;
    if ((key === 'from' || key === 'to') && dayStartMs(v) === null) continue;
    f[key] = v.slice(0, 64);
  }
  const cursor = q.get('cursor');
  return { filters: f, cursor: cursor ? cursor.slice(0, 256) : null };
}

/** The list_games request for those filters and page. */
export function listGamesRequest(filters, cursor = null, limit = PAGE_SIZE) {
  const req = { type: 'list_games', limit };
  for (const key of ['game', 'player', 'winner', 'result']) if (filters[key]) req[key] = filters[key];
  if (filters.from) req.from = dayStartMs(filters.from);
  if (filters.to) req.to = dayStartMs(filters.to, 1);
  if (cursor) req.cursor = cursor;
  return req;
}

/** The page's own query string for filters and a page. */
export function pageQuery(filters, cursor = null) {
  const q = new URLSearchParams();
  for (const key of FILTERS) if (filters[key]) q.set(key, filters[key]);
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}
