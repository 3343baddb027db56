// The opening explorer (docs/web.md, "Opening explorer"): GET /api/explorer's answer
// for the position after a line of moves. A move of the table or the board goes a ply
// deeper, the line back; each step a history entry (its state: the whole line).

import { h, replace, setText } from '../dom.js';
import { gameName, sideName } from '../describe.js';
import { gameUrl, analysisUrl } from '../router.js';
import { getJson } from '../api.js';
import * as X from '../explorer_state.js';
import { BoardHost } from './board_host.js';
import { engineWorker } from './engine_worker.js';
import { explorerWords } from './explorer_words.js';
import './explorer_style.js';

const answers = new Map(); // API address → {at, body}, the latest 100, for two minutes
const boards = new Map(); // variantKey → the board's drawing
const positions = new Map(); // variantKey|moves → the position, for the last move's captures

const fresh = (url) => {
  const kept = answers.get(url);
  return kept && Date.now() - kept.at < 120000 ? kept.body : null;
};

/** @param {import('../app.js').App} app */
export function explorerView(app, route, root) {
  const t = app.t;
  const w = explorerWords(t);
  const start = X.stateFromQuery(route.query);
  let base = start; // the game, its options and the filters (its moves unused)
  let line = X.keepLine(app.win.history.state?.explorerLine, start.moves);
  let ply = start.moves.length;
  let dead = false;
  let shown = 0; // the position asked for last: older answers are dropped
  let host = null;
  let flipped = false;
  let worker = null;
  let typing = 0; // a month being typed is applied once the typing stops
  const el = {};
  const state = () => ({ ...base, moves: line.slice(0, ply) });
  const atKey = (s, moves) => `${X.variantKey(s)}|${moves}`;
  const cap = (text) => text.charAt(0).toLocaleUpperCase(t.lang) + text.slice(1);
  const sizeOption = () => app.welcome?.games?.find((g) => g.id === 'seatafl')?.options?.find((o) => o.name === 'size');
  const label = () => t('game.board_label', { game: gameName(t, base.game) });

  /** The address follows the state, each change a new history entry. */
  function commit(push) {
    const url = X.explorerPageUrl(state());
    app.win.history[push && url !== app.win.location.pathname + app.win.location.search ? 'pushState' : 'replaceState']({ explorerLine: line }, '', url);
    show();
  }

  const go = (to) => {
    ply = X.clampPly(line, to);
    commit(true);
  };
  const play = (move) => {
    ({ line, ply } = X.playOn(line, ply, move));
    commit(true);
  };
  /** New game, options or filters; the form is drawn again for another game (never while a field is edited). */
  function rebase(next, redraw = next.game !== base.game) {
    if (X.variantKey(next) !== X.variantKey(base)) line = [];
    ply = Math.min(ply, line.length);
    base = next;
    if (redraw) drawForm();
    // Else the fields stay, but for the values put right (months or a band swapped).
    else for (const [f, v] of [['since', base.since], ['until', base.until], ['min', base.rating.min], ['max', base.rating.max]]) {
      if (el.form.elements[f].value !== String(v ?? '')) el.form.elements[f].value = v ?? '';
    }
    const on = X.filtered(base);
    setText(el.summary, w(on ? 'ex.filters_on' : 'ex.filters'));
    el.clear.hidden = !on;
    commit(true);
  }

  const onKey = (e) => {
    // The board's squares take the arrows themselves.
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.('input, select, .bh-board')) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: line.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  function layout() {
    const button = (name, text, to) => (el[name] = h('button', { type: 'button', testid: `explorer-${name}`, 'aria-label': w(`replay.${name}`), title: w(`replay.${name}`), onclick: () => go(to()) }, text));
    Object.assign(el, {
      title: h('h1'),
      form: h('form', { class: 'ex-form', testid: 'explorer-filters', onsubmit: (e) => { e.preventDefault(); applyForm(); }, onchange: (e) => {
        app.win.clearTimeout(typing);
        if (e.target.type === 'month') typing = app.win.setTimeout(applyForm, 700);
        else applyForm();
      } }),
      board: h('div', { class: 'board-wrap', testid: 'board' }),
      ply: h('span', { class: 'ply', testid: 'explorer-ply' }),
      line: h('ol', { class: 'ex-line', testid: 'explorer-line' }),
      status: h('p', { class: 'status', testid: 'explorer-status', 'aria-live': 'polite' }),
      results: h('div', { testid: 'explorer-results' }),
      examples: h('section', { class: 'ex-examples', testid: 'explorer-examples' }),
    });
    replace(root, h('section', { class: 'explorer', testid: 'explorer' },
      h('div', { class: 'game-head' }, el.title, h('p', { class: 'muted sub' }, w('ex.intro'))),
      el.form,
      h('div', { class: 'play' },
        h('div', { class: 'board-col' }, el.board,
          h('div', { class: 'replay-bar' }, button('first', '⏮', () => 0), button('prev', '◀', () => ply - 1), el.ply,
            button('next', '▶', () => ply + 1), button('last', '⏭', () => line.length)),
          h('button', { type: 'button', testid: 'flip', onclick: () => { flipped = !flipped; drawSpec(); } }, t('game.flip'))),
        h('div', { class: 'side-col' },
          h('nav', { 'aria-label': w('ex.line') }, el.line),
          el.status, el.results,
          h('p', { class: 'muted small' }, w('ex.try')),
          el.examples))));
    drawForm();
  }

  function drawForm() {
    const field = (name, text, control) => h('div', { class: 'field' }, h('label', { for: `ex-${name}` }, text), control);
    const select = (name, values, chosen, text) => h('select', { id: `ex-${name}`, name, testid: `explorer-${name}` },
      values.map((v) => h('option', { value: v, selected: String(v) === String(chosen ?? '') }, text(v))));
    const month = (name) => h('input', { id: `ex-${name}`, name, type: 'month', testid: `explorer-${name}`, value: base[name] ?? '', pattern: '\\d{4}-\\d{2}', placeholder: 'YYYY-MM' });
    const band = (name) => select(name, ['', ...X.RATINGS], base.rating[name], (v) => v || w('ex.any'));
    const size = sizeOption();
    const on = X.filtered(base);
    const focused = el.form.contains(app.doc.activeElement) && app.doc.activeElement.id;
    // The game always in view, the filters folded away until one is set (a phone's screen).
    replace(el.form,
      h('div', { class: 'grid' },
        field('game', w('ex.game'), select('game', X.GAMES, base.game, (g) => gameName(t, g))),
        base.game === 'seatafl' ? field('size', cap(t('option.size')), select('size', size?.allowed ?? [9, 11], base.options.size ?? size?.default ?? 9, String)) : null),
      h('details', { class: 'ex-more', open: el.form.querySelector('details')?.open || on },
        (el.summary = h('summary', { testid: 'explorer-filters-toggle' }, w(on ? 'ex.filters_on' : 'ex.filters'))),
        h('div', { class: 'grid' },
          field('source', w('ex.source'), select('source', X.SOURCES, base.source, (s) => w(`ex.source_${s}`))),
          field('min', w('ex.rating_min'), band('min')),
          field('max', w('ex.rating_max'), band('max')),
          field('since', w('ex.since'), month('since')),
          field('until', w('ex.until'), month('until'))),
        h('button', { type: 'submit', class: 'visually-hidden', tabindex: '-1' }, w('ex.apply')),
        (el.clear = h('button', { type: 'button', testid: 'explorer-clear', hidden: !on, onclick: () => rebase(X.unfiltered(base), true) }, w('ex.clear')))));
    if (focused) el.form.querySelector(`#${focused}`)?.focus();
  }

  function applyForm() {
    app.win.clearTimeout(typing);
    const v = Object.fromEntries(new FormData(el.form));
    const game = X.GAMES.includes(v.game) ? v.game : base.game;
    const options = game === base.game ? { ...base.options } : {};
    // Sea tafl's size; its default is no option at all.
    if (game === 'seatafl' && v.size) {
      delete options.size;
      if (v.size !== String(sizeOption()?.default ?? 9)) options.size = v.size;
    }
    const next = X.withFilters({ ...base, game, options }, v);
    if (X.stateQuery({ ...next, moves: [] }) !== X.stateQuery({ ...base, moves: [] })) rebase(next);
  }

  function drawLine() {
    const item = (to, text, aria) => h('button', { type: 'button', class: `mv${to === ply ? ' current' : to > ply ? ' ahead' : ''}`, dataset: { ply: to },
      testid: to ? 'explorer-line-move' : 'explorer-start', 'aria-current': to === ply ? 'step' : null, 'aria-label': aria, onclick: () => go(to) }, text);
    const focused = el.line.contains(app.doc.activeElement);
    replace(el.line, h('li', null, item(0, w('ex.start'), w('ex.at_start'))),
      line.map((m, i) => h('li', null, i % 2 ? null : h('span', { class: 'num', 'aria-hidden': 'true' }, X.moveNumber(i + 1)), item(i + 1, m, `${X.moveNumber(i + 1)} ${m}`))));
    setText(el.ply, ply ? w('ex.after', { move: `${X.moveNumber(ply)} ${line[ply - 1]}` }) : w('ex.at_start'));
    el.first.disabled = el.prev.disabled = !ply;
    el.next.disabled = el.last.disabled = ply >= line.length;
    // The current move in view within the line (never scrolling the page), focused if the line was.
    const current = el.line.querySelector('.current');
    el.line.scrollTop = Math.max(0, current.parentNode.offsetTop - el.line.clientHeight / 2);
    if (focused) current.focus();
  }

  async function show() {
    const token = ++shown;
    const s = state();
    const title = `${w('ex.title')} · ${gameName(t, s.game)}`;
    app.setTitle(title);
    setText(el.title, title);
    drawLine();
    host?.setLegal(null, null); // until this position's moves are known
    const url = X.explorerApiUrl(s);
    let body = fresh(url);
    if (!body) {
      el.results.setAttribute('aria-busy', 'true');
      if (!el.results.firstChild) replace(el.results, h('p', { class: 'muted' }, w('game.loading')));
      const res = await getJson(app.win, url).catch(() => null);
      if (dead || token !== shown) return;
      el.results.removeAttribute('aria-busy');
      if (res?.status !== 200 || !Array.isArray(res.body?.played)) return failed(s, res);
      body = res.body;
      answers.delete(url);
      answers.set(url, { at: Date.now(), body });
      if (answers.size > 100) answers.delete(answers.keys().next().value);
    }
    positions.set(atKey(s, s.moves), body.position);
    drawAnswer(s, body);
    drawBoard(s, body, token);
  }

  function failed(s, res) {
    replace(el.status);
    replace(el.examples);
    replace(el.results,
      h('p', { class: 'form-error', role: 'alert', testid: 'explorer-error' },
        res?.status === 400 && res.body?.message ? w('ex.bad', { message: res.body.message }) : w(res?.status === 503 ? 'ex.unavailable' : 'ex.failed')),
      s.moves.length ? h('button', { type: 'button', class: 'link', testid: 'explorer-back-start', onclick: () => go(0) }, w('ex.back_start')) : null);
    host?.setLegal(null, null);
  }

  function drawAnswer(s, a) {
    const sides = X.sidesOf(s.game, app.welcome?.games);
    setText(el.status, a.to_move ? cap(w('ex.to_move', { side: sideName(t, a.to_move) })) : '');
    const total = a.total ?? { games: 0 };
    const focused = el.results.contains(app.doc.activeElement);
    const note = s.moves.length >= a.indexed_plies ? w('ex.depth', { n: a.indexed_plies })
      : a.played.length ? null : w(total.games ? 'ex.ended' : X.filtered(s) ? 'ex.none_filtered' : 'ex.none');
    const link = (move) => h('a', { class: 'ex-move', href: X.explorerPageUrl({ ...s, moves: [...s.moves, move] }), onclick: (e) => {
      if (e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      play(move);
    } }, move);
    const num = (n) => n.toLocaleString(t.lang);
    const row = (m) => h('tr', { testid: 'explorer-row', dataset: { move: m.move, games: m.games }, onclick: (e) => e.target.closest('a') || play(m.move) },
      h('th', { scope: 'row' }, link(m.move)),
      h('td', { class: 'num' }, num(m.games), h('span', { class: 'muted share' }, ` ${X.gamesShare(m, total)}%`)),
      h('td', null, bar(m, sides)),
      h('td', { class: 'num' }, X.ratingAvg(m.rating_avg) ?? '–'));
    replace(el.results,
      h('table', { class: 'ex-table', testid: 'explorer-table', tabindex: '-1' },
        h('caption', { class: 'visually-hidden' }, w('ex.caption')),
        h('thead', null, h('tr', null,
          h('th', { scope: 'col' }, w('ex.move')),
          h('th', { scope: 'col', class: 'num' }, w('ex.games')),
          h('th', { scope: 'col' }, w('ex.results')),
          h('th', { scope: 'col', class: 'num', title: w('ex.rating') }, h('span', { 'aria-hidden': 'true' }, w('ex.rating_short')), h('span', { class: 'visually-hidden' }, w('ex.rating'))))),
        h('tbody', null, a.played.map(row)),
        total.games ? h('tfoot', null, h('tr', { testid: 'explorer-total', dataset: { games: total.games } },
          h('th', { scope: 'row' }, w('ex.total')), h('td', { class: 'num' }, num(total.games)), h('td', null, bar(total, sides)), h('td'))) : null),
      note ? h('p', { class: 'muted', testid: 'explorer-note' }, note) : null);
    // A keyboard's move of the table goes on from the new table.
    if (focused) (el.results.querySelector('.ex-move') ?? el.results.firstChild).focus();
    drawExamples(s, a.examples ?? [], sides);
  }

  function bar(row, sides) {
    const sh = X.shares(row);
    const said = w('ex.bar', { first: sideName(t, sides.first), a: sh.first, d: sh.draws, second: sideName(t, sides.second), b: sh.second });
    const seg = (key, cls) => {
      const span = h('span', { class: cls }, sh.widths[key] >= 12 ? `${sh[key]}%` : '');
      span.style.width = `${sh.widths[key].toFixed(2)}%`;
      return span;
    };
    return h('div', { class: 'ex-bar', role: 'img', 'aria-label': said, title: said, testid: 'explorer-bar', dataset: { first: sh.first, draws: sh.draws, second: sh.second } },
      seg('first', sides.first), seg('draws', 'draws'), seg('second', sides.second));
  }

  function drawExamples(s, games, sides) {
    const n = s.moves.length;
    const result = (g) => (g.result === 'draw' ? w('ex.draw') : sides[g.result] ? w('ex.won', { side: sideName(t, sides[g.result]) }) : '');
    replace(el.examples, games.length ? [
      h('h2', null, w('ex.examples')),
      h('ul', null, games.map((g) => h('li', { testid: 'explorer-example', dataset: { game: g.game_id } },
        h('span', { class: 'players' }, `${g.first_player} – ${g.second_player}`),
        h('span', { title: result(g) }, X.resultMark(g.result)),
        h('span', { class: 'muted small' }, [g.ended_ms && new Date(g.ended_ms).toLocaleDateString(t.lang), g.imported && w('ex.imported')].filter(Boolean).join(' · ')),
        h('span', { class: 'ex-links' },
          h('a', { href: gameUrl(g.game_id, n), testid: 'explorer-example-replay' }, w('game.replay')),
          h('a', { href: analysisUrl(g.game_id, n), testid: 'explorer-example-analyse' }, w('replay.analyse')))))),
    ] : []);
  }

  /** The board's drawing: the answer's if it has one, else an archived game's of this variant (GET /api/games/{id}). */
  async function boardFor(s, a) {
    const key = X.variantKey(s);
    if (a.board) boards.set(key, a.board);
    if (boards.has(key)) return boards.get(key);
    const url = X.explorerApiUrl(X.unfiltered({ ...s, moves: [] }));
    const id = a.examples?.[0]?.game_id ?? (fresh(url) ?? (await getJson(app.win, url).catch(() => null))?.body)?.examples?.[0]?.game_id;
    const board = id && (await getJson(app.win, `/api/games/${encodeURIComponent(id)}`).catch(() => null))?.body?.board;
    if (board) boards.set(key, board);
    return board || null;
  }

  function drawSpec() {
    host?.setSpec(boards.get(X.variantKey(base)), flipped ? 'second' : 'first', label());
  }

  async function drawBoard(s, a, token) {
    const board = await boardFor(s, a);
    if (dead || token !== shown) return;
    el.board.dataset.ply = s.moves.length;
    if (!board) {
      host?.destroy();
      host = null;
      return replace(el.board, h('p', { class: 'muted', testid: 'explorer-no-board' }, w('ex.no_board')));
    }
    host ??= new BoardHost(el.board, t);
    drawSpec();
    const n = s.moves.length;
    host.setPosition(a.position, { previous: (n && positions.get(atKey(s, s.moves.slice(0, -1)))) || null, lastMove: n ? s.moves[n - 1] : null });
    worker ??= engineWorker();
    const legal = await worker.ask({ op: 'legal', game: s.game, options: s.options, moves: s.moves });
    if (!dead && token === shown) host.setLegal(legal.result ?? null, play);
  }

  layout();
  commit(false);
  app.doc.addEventListener('keydown', onKey);
  return {
    destroy() {
      dead = true;
      app.win.clearTimeout(typing);
      app.doc.removeEventListener('keydown', onKey);
      worker?.stop();
      host?.destroy();
    },
  };
}
