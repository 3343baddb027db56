// Tournaments in the page (issue 31): the create form's request checked with the
// server's limits, a summary's state in words, the view read for the page (standings by
// group, rounds, results, the visitor's place and games), the routes, the pages' own
// words in both languages, where a tournament_paired game takes its player (app.js), and
// the tournament's page rendered (a small DOM of its own): its creator adding the
// computer at a level and taking it out again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCreateTournament, bothSides, pointsText, tieText, standingsByGroup, gamesByRound, resultMark, place, gamesOf, isComputer } from '../../public/js/app/tournament.js';
import { summaryState, relativeTime } from '../../public/js/app/tournament_summary.js';
import { parseRoute, tournamentUrl } from '../../public/js/app/router.js';
import { WORDS as TOURNAMENT_WORDS, tournamentWords } from '../../public/js/app/views/tournament_words.js';
import { WORDS as GAMES_WORDS } from '../../public/js/app/views/games_words.js';
import { WORDS as PAGE_WORDS } from '../../public/js/app/views/page_words.js';
import { WORDS as COMPUTER_WORDS } from '../../public/js/app/views/computer_words.js';
import { translator } from '../../public/js/app/i18n.js';
import { errorText } from '../../public/js/app/describe.js';
import { App } from '../../public/js/app/app.js';
import enTable from '../../public/js/app/i18n/en.js';
import ruTable from '../../public/js/app/i18n/ru.js';

const NOW = Date.UTC(2026, 10, 29, 12, 0);
const MIN = 60000;
const TABLUT = { id: 'tablut', first_side: 'attackers', second_side: 'defenders', options: [] };
const DRAUGHTS = { id: 'draughts', first_side: 'white', second_side: 'black', options: [] };
const SEATAFL = { id: 'seatafl', first_side: 'attackers', second_side: 'defenders', options: [{ name: 'size', allowed: [9, 11], default: 9 }] };
const form = (more = {}) => ({ name: ' Spring tablut ', format: 'round_robin', clock: '5+3', rated: true, private: false, cycles: '1', ...more });

test('the create form: a round robin with its settings, blank optional fields left to the server', () => {
  const r = buildCreateTournament(form(), TABLUT, NOW);
  assert.deepEqual(r, { ok: true, request: {
    type: 'create_tournament', name: 'Spring tablut', format: 'round_robin', game: 'tablut', options: {},
    clock: { initial_s: 300, increment_s: 3 }, rated: true, private: false, cycles: 1,
  } });
  const full = buildCreateTournament(form({ cycles: '2', group_size: '8', max_players: '24', min_rating: '1600', private: true, rated: false }), TABLUT, NOW);
  assert.equal(full.ok, true);
  assert.deepEqual([full.request.cycles, full.request.group_size, full.request.max_players, full.request.min_rating, full.request.private, full.request.rated], [2, 8, 24, 1600, true, false]);
  // Another format's fields are not sent.
  assert.equal('rounds' in full.request || 'duration_min' in full.request, false);
  assert.equal(bothSides(TABLUT), true);
  assert.equal(bothSides(DRAUGHTS), false);
});

test('the create form: Swiss rounds, an arena\'s duration, days per move, options', () => {
  const swiss = buildCreateTournament(form({ format: 'swiss', rounds: '7', cycles: '9' }), DRAUGHTS, NOW);
  assert.equal(swiss.request.rounds, 7);
  assert.equal('cycles' in swiss.request, false);
  const arena = buildCreateTournament(form({ format: 'arena', duration: '45', clock: '3+2' }), DRAUGHTS, NOW);
  assert.deepEqual([arena.request.duration_min, arena.request.clock], [45, { initial_s: 180, increment_s: 2 }]);
  const corr = buildCreateTournament(form({ clock: 'days', days: '3' }), TABLUT, NOW);
  assert.deepEqual(corr.request.clock, { days_per_move: 3 });
  const custom = buildCreateTournament(form({ clock: 'custom', minutes: '0.5', increment: '0' }), TABLUT, NOW);
  assert.deepEqual(custom.request.clock, { initial_s: 30, increment_s: 0 });
  const sea = buildCreateTournament(form({ options: { size: '11' } }), SEATAFL, NOW);
  assert.deepEqual(sea.request.options, { size: 11 });
  assert.equal(buildCreateTournament(form({ options: { size: '10' } }), SEATAFL, NOW).error, 'form.option_allowed');
});

test('the create form says what is wrong before the server does', () => {
  const error = (more, info = TABLUT) => buildCreateTournament(form(more), info, NOW).error;
  assert.equal(error({ name: '   ' }), 'tour.bad_name');
  assert.equal(error({ name: 'x'.repeat(81) }), 'tour.bad_name');
  assert.equal(error({ name: 'я'.repeat(80) }), undefined);
  assert.equal(error({ format: 'knockout' }), 'tour.bad_format');
  assert.equal(error({}, null), 'form.no_game');
  assert.equal(error({ clock: 'none' }), 'tour.bad_clock'); // a tournament has a clock
  assert.equal(error({ clock: 'bank' }), 'tour.bad_clock'); // days per move only
  assert.equal(error({ clock: 'custom', minutes: '181', increment: '0' }), 'tour.bad_clock'); // over 3 hours
  assert.equal(error({ clock: 'custom', minutes: '10', increment: '181' }), 'tour.bad_clock');
  assert.equal(error({ clock: 'custom', minutes: '0.01', increment: '0' }), 'tour.bad_clock'); // under a second
  assert.equal(error({ format: 'arena', clock: 'days', days: '1' }), 'tour.arena_live');
  assert.equal(error({ format: 'swiss', rounds: '31' }), 'tour.bad_rounds');
  assert.equal(error({ format: 'swiss', rounds: '' }), undefined); // the server's 5
  assert.equal(error({ cycles: '3' }), 'tour.bad_cycles');
  assert.equal(error({ group_size: '2' }), 'tour.bad_group');
  assert.equal(error({ format: 'arena', duration: '0' }), 'tour.bad_duration');
  assert.equal(error({ max_players: '1' }), 'tour.bad_max');
  assert.equal(error({ min_rating: '-5' }), 'tour.bad_min_rating');
  assert.equal(error({ min_rating: '4001' }), 'tour.bad_min_rating');
});

test('the start time: a datetime-local value (the browser\'s time) within the next 90 days', () => {
  const local = (ms) => { const d = new Date(ms); d.setMinutes(d.getMinutes() - d.getTimezoneOffset()); return d.toISOString().slice(0, 16); };
  const soon = NOW + 60 * MIN;
  const r = buildCreateTournament(form({ starts: local(soon) }), TABLUT, NOW);
  assert.equal(r.request.starts_ms, soon);
  assert.equal(buildCreateTournament(form({ starts: local(NOW - 60 * MIN) }), TABLUT, NOW).error, 'tour.bad_start');
  assert.equal(buildCreateTournament(form({ starts: local(NOW + 91 * 86400000) }), TABLUT, NOW).error, 'tour.bad_start');
  assert.equal(buildCreateTournament(form({ starts: 'soon' }), TABLUT, NOW).error, 'tour.bad_start');
  assert.equal('starts_ms' in buildCreateTournament(form({ starts: '' }), TABLUT, NOW).request, false);
});

test('a summary\'s state: when it starts, its round, an arena\'s end, its winner', () => {
  const s = { format: 'swiss', status: 'upcoming', starts_ms: 0, round: 0, rounds: 5, started_ms: 0, duration_min: null, winner: null };
  assert.deepEqual(summaryState(s, NOW, 'en'), ['tour.by_creator', {}]);
  assert.deepEqual(summaryState({ ...s, starts_ms: NOW + 90 * MIN }, NOW, 'en'), ['tour.starts', { when: 'in 2 hours' }]);
  assert.deepEqual(summaryState({ ...s, starts_ms: NOW + 5 * MIN }, NOW, 'ru'), ['tour.starts', { when: 'через 5 минут' }]);
  assert.deepEqual(summaryState({ ...s, status: 'running', round: 2 }, NOW, 'en'), ['tour.round', { n: 2, of: 5 }]);
  const arena = { ...s, format: 'arena', status: 'running', started_ms: NOW - 20 * MIN, duration_min: 60 };
  assert.deepEqual(summaryState(arena, NOW, 'en'), ['tour.arena_ends', { when: 'in 40 minutes' }]);
  assert.deepEqual(summaryState({ ...arena, duration_min: 10 }, NOW, 'en'), ['tour.arena_closing', {}]);
  assert.deepEqual(summaryState({ ...s, status: 'finished', winner: 'anna' }, NOW, 'en'), ['tour.won_by', { player: 'anna' }]);
  assert.deepEqual(summaryState({ ...s, status: 'finished' }, NOW, 'en'), ['tour.finished', {}]);
  assert.equal(relativeTime('en', 3 * 86400000), 'in 3 days');
  assert.equal(relativeTime('en', 10000), 'in 1 minute');
  const w = tournamentWords(translator('ru', ruTable));
  assert.equal(w(...summaryState({ ...s, status: 'running', round: 2 }, NOW, 'ru')), 'тур 2 из 5');
});

test('points as a score sheet writes them; tie-breaks with at most two decimals', () => {
  assert.deepEqual([0, 0.5, 1, 1.5, 2, 10.5].map(pointsText), ['0', '½', '1', '1½', '2', '10½']);
  assert.equal(pointsText(null), '');
  assert.deepEqual([0, 2.75, 1.3333, null].map(tieText), ['0', '2.75', '1.33', '']);
});

// A round robin of two groups as the server sends it (docs/protocol.md, "Tournaments").
const standing = (rank, group, player, points, cells) => ({ rank, group, player, points, played: 2, wins: 0, draws: 0, losses: 0, head_to_head: 0,
  sonneborn_berger: 0, buchholz: null, median_buchholz: null, performance: 1500, sheet: null, on_fire: null, cells });
const VIEW = {
  tournament_id: 't1', name: 'Spring', format: 'round_robin', status: 'running', creator: 'anna', round: 2, rounds: 3,
  entrants: [{ name: 'anna', rating: 1500, group: 1, withdrawn: false, bot: false }, { name: 'bob', rating: 1500, group: 1, withdrawn: false, bot: false },
    { name: 'carl', rating: 1500, group: 2, withdrawn: false, bot: false }, { name: 'dora', rating: 1500, group: 2, withdrawn: true, bot: false }],
  standings: [standing(1, 2, 'carl', 1, ['', '1']), standing(1, 1, 'bob', 1, ['', '1']), standing(2, 1, 'anna', 0, ['0', '']), standing(2, 2, 'dora', 0, ['0', ''])],
  games: [
    { round: 2, group: 1, game_id: 'g3', first: 'bob', second: 'anna', result: null },
    { round: 1, group: 1, game_id: 'g1', first: 'anna', second: 'bob', result: 'second' },
    { round: 1, group: 2, game_id: '', first: 'carl', second: 'dora', result: 'first_by_forfeit' },
    { round: 2, group: 2, game_id: '', first: 'carl', second: '', result: 'bye' },
  ],
};

test('the standings by group, the games by round, results as scores', () => {
  const groups = standingsByGroup(VIEW);
  assert.deepEqual(groups.map((g) => [g.group, g.rows.map((r) => r.player)]), [[1, ['bob', 'anna']], [2, ['carl', 'dora']]]);
  const rounds = gamesByRound(VIEW);
  assert.deepEqual(rounds.map((r) => [r.round, r.games.map((g) => g.game_id || g.first)]), [[1, ['g1', 'carl']], [2, ['g3', 'carl']]]);
  assert.deepEqual(['first', 'second', 'draw', 'first_by_forfeit', 'second_by_forfeit', 'both_forfeited', 'bye', null].map(resultMark),
    ['1–0', '0–1', '½–½', '+ −', '− +', '− −', null, null]);
  assert.deepEqual(standingsByGroup({}), []);
});

test('what the visitor may do: join, withdraw, start, as the status and their place allow', () => {
  const upcoming = { ...VIEW, status: 'upcoming' };
  const anna = { player: 'anna', registered: true };
  const eve = { player: 'eve', registered: true };
  const guest = { player: 'gus', registered: false };
  assert.deepEqual(place(upcoming, anna), { entrant: VIEW.entrants[0], playing: true, join: false, withdraw: true, start: true, addComputer: false, removeComputer: true });
  assert.deepEqual(place(upcoming, eve), { entrant: null, playing: false, join: true, withdraw: false, start: false, addComputer: false, removeComputer: false });
  assert.equal(place(upcoming, guest).join, false); // registered players only
  assert.equal(place(upcoming, null).join, false);
  assert.equal(place(upcoming, { player: 'dora', registered: true }).join, true); // before the start: back again
  assert.equal(place(VIEW, eve).join, false); // a round robin under way
  assert.equal(place(VIEW, anna).start, false);
  assert.equal(place({ ...VIEW, format: 'arena' }, eve).join, true); // an arena takes players while it runs
  assert.equal(place({ ...VIEW, format: 'arena' }, { player: 'dora', registered: true }).join, false); // withdrawn: final
  assert.deepEqual(place({ ...VIEW, status: 'finished' }, anna), { entrant: VIEW.entrants[0], playing: true, join: false, withdraw: false, start: false, addComputer: false, removeComputer: false });
});

test('the visitor\'s games being played, latest round first', () => {
  assert.deepEqual(gamesOf(VIEW, 'anna'), [{ game_id: 'g3', round: 2, opponent: 'bob', side: 'second' }]);
  assert.deepEqual(gamesOf(VIEW, 'carl'), []); // a forfeit and a bye: no game
  assert.deepEqual(gamesOf(VIEW, null), []);
});

test('the routes: /tournaments, /tournament/{id} with its invitation', () => {
  assert.deepEqual(parseRoute('/tournaments'), { name: 'tournaments' });
  assert.deepEqual(parseRoute('/tournaments/'), { name: 'tournaments' });
  assert.deepEqual(parseRoute('/tournament/t1a2-b3'), { name: 'tournament', tournamentId: 't1a2-b3', invite: null });
  assert.deepEqual(parseRoute('/tournament/t1', '?invite=c0de'), { name: 'tournament', tournamentId: 't1', invite: 'c0de' });
  assert.equal(parseRoute('/tournament/a%20b').name, 'notfound');
  assert.equal(parseRoute('/tournament').name, 'notfound');
  assert.equal(tournamentUrl('t1'), '/tournament/t1');
  assert.equal(tournamentUrl('t1', 'a b'), '/tournament/t1?invite=a%20b');
  const u = new URL(tournamentUrl('t-1.x', 'c0de'), 'http://h');
  assert.deepEqual(parseRoute(u.pathname, u.search), { name: 'tournament', tournamentId: 't-1.x', invite: 'c0de' });
});

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/js/app');
const holes = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const asked = (file) => [...fs.readFileSync(path.join(appDir, file), 'utf8').matchAll(/\bw\(\s*'([a-z_]+\.[a-z_0-9.]+)'/g)].map((m) => m[1]);

test('each page\'s own words: every key in both languages, with the same placeholders', () => {
  for (const [name, WORDS] of Object.entries({ tournament: TOURNAMENT_WORDS, page: PAGE_WORDS, computer: COMPUTER_WORDS })) {
    assert.deepEqual(Object.keys(WORDS), ['en', 'ru'], name);
    assert.deepEqual(Object.keys(WORDS.ru).sort(), Object.keys(WORDS.en).sort(), name);
    for (const key of Object.keys(WORDS.en)) {
      assert.ok(WORDS.en[key].trim() && WORDS.ru[key].trim(), `${name}: ${key}`);
      assert.deepEqual(holes(WORDS.ru[key]), holes(WORDS.en[key]), `${name}: ${key}`);
      // Only an error's words may differ from the main table's (account_required: for a tournament).
      assert.ok(!(key in enTable) || key.startsWith('error.'), `${name}: ${key} is in the main table too`);
    }
  }
});

test('every key the pages ask for by name is in their words', () => {
  const tables = {
    tournament: { ...enTable, ...GAMES_WORDS.en, ...TOURNAMENT_WORDS.en },
    page: PAGE_WORDS.en,
    computer: COMPUTER_WORDS.en,
  };
  const files = { tournament: ['views/tournaments.js', 'views/tournament.js', 'views/tournament_form.js', 'views/tournament_parts.js'],
    page: ['views/archive.js', 'views/profile.js', 'views/leaderboard.js'], computer: ['views/computer_dialog.js'] };
  for (const [name, list] of Object.entries(files)) {
    const keys = list.flatMap(asked);
    assert.ok(keys.length > 5, name);
    assert.deepEqual(keys.filter((k) => !(k in tables[name])), [], name);
  }
  // Keys made from data: formats, cycles, the form's errors.
  for (const f of ['round_robin', 'swiss', 'arena']) assert.ok(`tour.format_${f}` in GAMES_WORDS.en && `tour.format_${f}` in GAMES_WORDS.ru, f);
  for (const n of [1, 2]) assert.ok(`tour.cycles_${n}` in TOURNAMENT_WORDS.en, n);
  const src = fs.readFileSync(path.join(appDir, 'tournament.js'), 'utf8');
  for (const m of src.matchAll(/'(tour\.bad_[a-z_]+|tour\.arena_live)'/g)) assert.ok(m[1] in TOURNAMENT_WORDS.en, m[1]);
  // The summary's keys, for the lobby (games_words.js) and the pages.
  const summary = fs.readFileSync(path.join(appDir, 'tournament_summary.js'), 'utf8');
  for (const m of summary.matchAll(/'(tour\.[a-z_]+)'/g)) assert.ok(m[1] in GAMES_WORDS.en && m[1] in GAMES_WORDS.ru, m[1]);
});

test('the tournament pages\' words fall back on the main table; their errors have Russian words', () => {
  const ru = tournamentWords(translator('ru', ruTable));
  assert.equal(ru('tour.join'), 'Участвовать');
  assert.equal(ru('tour.round', { n: 1, of: 3 }), 'тур 1 из 3'); // games_words.js
  assert.equal(ru('nav.tournaments'), 'Турниры'); // the main table
  assert.equal(ru.maybe('game.tablut', 'x'), 'Таблут');
  assert.equal(ru.lang, 'ru');
  assert.equal(errorText(ru, { code: 'tournament_full', message: 'the tournament is full' }), 'В турнире нет мест.');
  assert.equal(errorText(ru, { code: 'bad_options', message: 'rounds must be 1 to 30' }), 'rounds must be 1 to 30'); // the server's reason
  const en = tournamentWords(translator('en', enTable));
  assert.equal(errorText(en, { code: 'tournament_full', message: 'the tournament is full' }), 'the tournament is full');
  assert.equal(tournamentWords(translator('xx', {}))('tour.join'), 'Join');
});

// A stand-in for the few DOM calls of a toast (dom.js's h): the app's decisions only.
function fakeDom() {
  class FakeNode {
    constructor(tag) { this.tag = tag; this.children = []; this.attrs = {}; this.dataset = {}; }
    setAttribute(k, v) { this.attrs[k] = v; }
    addEventListener() {}
    append(...c) { this.children.push(...c); }
    get textContent() { return this.data ?? this.children.map((c) => (typeof c === 'string' ? c : c.textContent)).join(''); }
  }
  globalThis.Node = FakeNode;
  globalThis.document = { createElement: (tag) => new FakeNode(tag), createTextNode: (data) => Object.assign(new FakeNode('#text'), { data }) };
}

test('a tournament\'s live game: its player goes to it from the tournament\'s page, or is offered it (and taken from a game just over)', () => {
  fakeDom();
  const paired = { type: 'tournament_paired', tournament_id: 't1', name: 'Spring', round: 2, game_id: 'g2', opponent: 'bob', side: 'first' };
  const run = (route, { games = new Map(), correspondence = null, pairing = paired } = {}) => {
    const went = [];
    const toasts = [];
    const page = {
      games, route, tourGames: new Map(pairing ? [[pairing.game_id, pairing]] : []), rematchGame: null, myRoom: null,
      t: translator('en', enTable),
      win: { setTimeout: (f, ms) => { const url = f() === false ? null : went.at(-1); if (url) went[went.length - 1] = `${url} after ${ms ?? 0} ms`; } },
      navigate: (url) => went.push(url),
      toast: (el, kind) => { toasts.push([el.textContent, el.attrs.href, kind]); return { remove: () => toasts.push('removed') }; },
    };
    App.prototype.gameStarted.call(page, { id: 'g2', roomId: 'r2', you: 'first', correspondence });
    return { went, toasts };
  };
  const offer = ['Spring, round 2: your game against bob →', '/game/g2', 'info'];
  assert.deepEqual(run({ name: 'tournament', tournamentId: 't1' }), { went: ['/game/g2 after 0 ms'], toasts: [] });
  assert.deepEqual(run({ name: 'lobby' }).went, ['/game/g2 after 0 ms']); // as any game of one's own
  // From the page of a game just over: offered, and there in 3 s (the end is seen first).
  const over = new Map([['g1', { id: 'g1', roomId: 'r1', status: { state: 'win' }, over: null }]]);
  assert.deepEqual(run({ name: 'game', gameId: 'g1' }, { games: over }), { went: ['/game/g2 after 3000 ms'], toasts: [offer, 'removed'] });
  // Elsewhere: offered, with a link.
  assert.deepEqual(run({ name: 'archive' }), { went: [], toasts: [offer] });
  const live = new Map([['g9', { id: 'g9', roomId: 'r9', status: { state: 'ongoing' }, over: null }]]);
  assert.deepEqual(run({ name: 'game', gameId: 'g9' }, { games: live }).went, []); // watching a game under way
  assert.deepEqual(run({ name: 'tournament', tournamentId: 't2' }).went, []); // another tournament's page
  // A correspondence tournament's games (all a round robin's at once) wait on the pages.
  assert.deepEqual(run({ name: 'tournament', tournamentId: 't1' }, { correspondence: { days_per_move: 3 } }), { went: [], toasts: [] });
  // A game of no tournament: nothing new.
  assert.deepEqual(run({ name: 'archive' }, { pairing: null }), { went: [], toasts: [] });
});

test('a tournament\'s game ends with no rematch offered (match_over not kept for it)', () => {
  const page = { games: new Map([['g1', { id: 'g1', roomId: 'r1' }], ['g5', { id: 'g5', roomId: 'r5' }]]), tourGames: new Map([['g1', {}]]),
    turns: new Map(), identity: null, view: null, rematches: new Map(), chats: new Map() };
  App.prototype.handle.call(page, { type: 'match_over', room_id: 'r1', games: 1, totals: {}, winner: 'anna' });
  App.prototype.handle.call(page, { type: 'match_over', room_id: 'r5', games: 1, totals: {}, winner: 'anna' });
  assert.equal(page.games.get('g1').matchOver, undefined);
  assert.equal(page.games.get('g5').matchOver.winner, 'anna');
  App.prototype.handle.call(page, { type: 'tournament_paired', tournament_id: 't1', name: 'Spring', round: 1, game_id: 'g7', opponent: 'bob', side: 'first' });
  assert.equal(page.tourGames.get('g7').tournament_id, 't1');
});

test('the computer in a tournament: its creator adds it where bots may play, before the start, and takes it out', () => {
  const upcoming = { ...VIEW, status: 'upcoming', standings: [], games: [], bots: true };
  const anna = { player: 'anna', registered: true };
  const eve = { player: 'eve', registered: true };
  assert.deepEqual([place(upcoming, anna).addComputer, place(upcoming, anna).removeComputer], [true, true]);
  assert.deepEqual([place(upcoming, eve).addComputer, place(upcoming, eve).removeComputer], [false, false]); // not its creator
  assert.equal(place(upcoming, null).addComputer, false);
  assert.deepEqual([place({ ...upcoming, bots: false }, anna).addComputer, place({ ...upcoming, bots: false }, anna).removeComputer], [false, true]);
  assert.equal(place({ ...upcoming, bots: undefined }, anna).addComputer, false); // an older server's view
  assert.deepEqual([place({ ...upcoming, status: 'running' }, anna).addComputer, place({ ...upcoming, status: 'running' }, anna).removeComputer], [false, false]);
  assert.equal(isComputer({ name: 'computer', bot: true, level: 4 }), true);
  assert.equal(isComputer({ name: 'deep', bot: true }), false); // a bot account that joined by itself
  assert.equal(isComputer({ name: 'anna', bot: false }), false);
  assert.equal(isComputer(null), false);
});

// A small DOM for the tournament page's view (dom.js's h and replace, a select's value,
// clicks and changes); the stylesheets its modules link load at once.
function pageDom() {
  class El {
    constructor(tag) { this.tag = tag; this.children = []; this.attrs = {}; this.dataset = {}; this.listeners = {}; this.className = ''; }
    setAttribute(k, v) { this.attrs[k] = v; }
    getAttribute(k) { return this.attrs[k] ?? null; }
    addEventListener(type, f) { (this.listeners[type] ??= []).push(f); }
    append(...c) { this.children.push(...c); }
    replaceChildren(...c) { this.children = c; }
    get textContent() { return this.tag === '#text' ? this.data : this.children.map((c) => c.textContent).join(''); }
    set textContent(text) { this.children = [Object.assign(new El('#text'), { data: String(text) })]; }
    get value() {
      if (this.tag !== 'select' || this._value !== undefined) return this._value ?? '';
      const options = this.children.filter((c) => c.tag === 'option');
      return (options.find((o) => o.selected) ?? options[0])?.value ?? '';
    }
    set value(v) { this._value = v; }
    fire(type) { for (const f of this.listeners[type] ?? []) f({ target: this, preventDefault() {} }); }
    click() { if (!this.disabled) this.fire('click'); }
  }
  globalThis.Node = El;
  globalThis.document = {
    createElement: (tag) => new El(tag),
    createElementNS: (ns, tag) => new El(tag),
    createTextNode: (data) => Object.assign(new El('#text'), { data }),
    head: { append: (link) => link.onload?.() },
  };
  return El;
}

/** The nodes under `node` with data-testid `testid`, in document order. */
function byTestid(node, testid, found = []) {
  if (node.dataset?.testid === testid) found.push(node);
  for (const c of node.children ?? []) byTestid(c, testid, found);
  return found;
}
const one = (node, testid) => byTestid(node, testid)[0] ?? null;
const settle = () => new Promise((resolve) => setImmediate(resolve));

// An upcoming round robin of anna's where bots may play; `computer` is the connected bot.
const BOT_VIEW = {
  ...VIEW, status: 'upcoming', round: 0, standings: [], games: [], bots: true, players: 2,
  entrants: [{ name: 'anna', rating: 1500, group: 0, withdrawn: false, bot: false }, { name: 'bob', rating: 1480, group: 0, withdrawn: false, bot: false }],
};
const COMPUTER = (level) => ({ name: 'computer', rating: 1500, group: 0, withdrawn: false, bot: true, level });

/**
 * The page of tournament t1 as `player` sees it (null: a visitor without a name) in
 * `lang`. The server answers get_tournament with `view` and each other request with
 * `answer(msg)` (a view, or a thrown error). {main, sent, page}.
 */
async function render(view, { player = 'anna', lang = 'en', answer = () => view } = {}) {
  const El = pageDom();
  const { tournamentView } = await import('../../public/js/app/views/tournament.js');
  const sent = [];
  const app = {
    t: translator(lang, lang === 'ru' ? ruTable : enTable),
    identity: player ? { player, registered: true } : null,
    conn: { ready: true, phase: 'ready', request: async (msg) => { sent.push(msg); return msg.type === 'get_tournament' ? view : answer(msg); } },
    win: { setInterval: () => 1, clearInterval() {}, location: { href: 'http://localhost/tournament/t1' } },
    doc: { visibilityState: 'visible' },
    setTitle() {},
  };
  const main = new El('main');
  const page = tournamentView(app, { name: 'tournament', tournamentId: 't1', invite: null }, main);
  page.onReady();
  await settle();
  sent.shift(); // get_tournament
  return { main, sent, page };
}

test('the tournament page: "Add the computer" for its creator only, before the start, where bots may play', async () => {
  const shown = async (view, player) => one((await render(view, { player })).main, 'tournament-add-computer') !== null;
  assert.equal(await shown(BOT_VIEW, 'anna'), true);
  assert.equal(await shown(BOT_VIEW, 'bob'), false); // an entrant, not its creator
  assert.equal(await shown(BOT_VIEW, null), false); // a visitor without a name
  assert.equal(await shown({ ...BOT_VIEW, bots: false }, 'anna'), false);
  assert.equal(await shown({ ...BOT_VIEW, status: 'running', round: 1 }, 'anna'), false);
  assert.equal(await shown({ ...BOT_VIEW, status: 'finished' }, 'anna'), false);
  // The levels 1 to 8 as the "Play the computer" dialog words them, 4 chosen, described.
  const { main } = await render(BOT_VIEW);
  const select = one(main, 'tournament-computer-level');
  assert.deepEqual(select.children.map((o) => [o.value, o.textContent]), [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), `Level ${n}`]));
  assert.equal(select.value, '4');
  assert.equal(one(main, 'tournament-computer-level-about').textContent, COMPUTER_WORDS.en['computer.level_4']);
  assert.equal(one(main, 'tournament-add-computer-submit').textContent, 'Add the computer');
  const ru = await render(BOT_VIEW, { lang: 'ru' });
  assert.equal(one(ru.main, 'tournament-add-computer-submit').textContent, 'Добавить компьютер');
  assert.equal(one(ru.main, 'tournament-computer-level').children[5].textContent, 'Уровень 6');
});

test('the tournament page: adding the computer sends add_computer with the level chosen; it is listed as "bot · level N", as everywhere', async () => {
  const added = { ...BOT_VIEW, players: 3, entrants: [...BOT_VIEW.entrants, COMPUTER(6)] };
  const { main, sent } = await render(BOT_VIEW, { answer: () => added });
  const select = one(main, 'tournament-computer-level');
  select.value = '6';
  select.fire('change');
  assert.equal(one(main, 'tournament-computer-level-about').textContent, COMPUTER_WORDS.en['computer.level_6']);
  one(main, 'tournament-add-computer-submit').click();
  assert.equal(one(main, 'tournament-add-computer-submit').disabled, true); // while it is asked
  await settle();
  assert.deepEqual(sent, [{ type: 'add_computer', tournament_id: 't1', level: 6 }]);
  const entrant = byTestid(main, 'entrant').find((e) => e.dataset.player === 'computer');
  assert.equal(entrant.dataset.level, '6');
  assert.equal(one(entrant, 'entrant-computer').textContent, 'bot · level 6');
  assert.equal(one(main, 'tournament-error').textContent, '');
  // The level chosen stays chosen; the default is 4.
  assert.equal(one(main, 'tournament-computer-level').value, '6');
  const fresh = await render(BOT_VIEW, { answer: () => added });
  one(fresh.main, 'tournament-add-computer-submit').click();
  await settle();
  assert.deepEqual(fresh.sent, [{ type: 'add_computer', tournament_id: 't1', level: 4 }]);
  // In Russian; and a player who is no computer of its creator's has no such label.
  const ru = await render(added, { lang: 'ru', player: 'bob' });
  assert.deepEqual(byTestid(ru.main, 'entrant-computer').map((e) => e.textContent), ['бот · уровень 6']);
  const self = await render({ ...added, entrants: [...BOT_VIEW.entrants, { ...COMPUTER(null), level: undefined }] });
  assert.equal(byTestid(self.main, 'entrant-computer').length, 0);
  assert.equal(one(self.main, 'bot-badge').textContent, 'bot'); // a bot that joined by itself
  // Under way: its level beside its name in the standings and pairings.
  const running = { ...added, status: 'running', round: 1, standings: [standing(1, 0, 'computer', 0, null)],
    games: [{ round: 1, group: 0, game_id: 'g1', first: 'anna', second: 'computer', result: null }] };
  const live = await render(running);
  assert.deepEqual(byTestid(live.main, 'bot-badge').map((b) => b.textContent), ['bot · level 6', 'bot · level 6']);
});

test('the tournament page: the server\'s refusals of add_computer, shown as join\'s are', async () => {
  const refuse = (code, message) => () => { throw { type: 'error', code, message }; };
  const en = await render(BOT_VIEW, { answer: refuse('no_computer', 'every computer player connected is in it already') });
  one(en.main, 'tournament-add-computer-submit').click();
  await settle();
  assert.equal(one(en.main, 'tournament-error').textContent, 'every computer player connected is in it already');
  assert.equal(one(en.main, 'tournament-error').attrs.role, 'alert');
  assert.ok(!one(en.main, 'tournament-add-computer-submit').disabled); // to try again
  for (const [code, words] of [['no_computer', TOURNAMENT_WORDS.ru['error.no_computer']], ['not_eligible', TOURNAMENT_WORDS.ru['error.not_eligible']]]) {
    const ru = await render(BOT_VIEW, { lang: 'ru', answer: refuse(code, 'x') });
    one(ru.main, 'tournament-add-computer-submit').click();
    await settle();
    assert.equal(one(ru.main, 'tournament-error').textContent, words, code);
  }
  assert.match(TOURNAMENT_WORDS.en['error.no_computer'], /No computer player is free/);
});

test('the tournament page: its creator takes a computer out ("remove", withdraw_tournament with player), before the start only', async () => {
  const added = { ...BOT_VIEW, players: 3, entrants: [...BOT_VIEW.entrants, COMPUTER(2)] };
  const { main, sent } = await render(added, { answer: () => BOT_VIEW });
  const remove = byTestid(main, 'entrant-remove');
  assert.equal(remove.length, 1); // beside the computer only (not anna, not bob)
  assert.equal(byTestid(main, 'entrant').find((e) => e.dataset.player === 'computer').children.includes(remove[0]), true);
  assert.equal(remove[0].textContent, 'remove');
  assert.equal(remove[0].attrs.title, 'Take computer out of the tournament');
  remove[0].click();
  await settle();
  assert.deepEqual(sent, [{ type: 'withdraw_tournament', tournament_id: 't1', player: 'computer' }]);
  assert.deepEqual(byTestid(main, 'entrant').map((e) => e.dataset.player), ['anna', 'bob']);
  assert.equal(byTestid(main, 'entrant-remove').length, 0);
  // Not for another player; not once it started; where bots may no longer be added, still for its creator.
  assert.equal(byTestid((await render(added, { player: 'bob' })).main, 'entrant-remove').length, 0);
  assert.equal(byTestid((await render({ ...added, status: 'running', round: 1 })).main, 'entrant-remove').length, 0);
  assert.equal(byTestid((await render({ ...added, bots: false })).main, 'entrant-remove').length, 1);
  // A refusal shows as join's and withdraw's do.
  const late = await render(added, { lang: 'ru', answer: () => { throw { type: 'error', code: 'tournament_started', message: 'the tournament has started' }; } });
  one(late.main, 'entrant-remove').click();
  await settle();
  assert.equal(one(late.main, 'tournament-error').textContent, 'Турнир уже начался.');
  assert.ok(!one(late.main, 'entrant-remove').disabled);
});
