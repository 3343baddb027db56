// The analysis board (/analysis/{id}?ply=N; docs/wasm.md): a finished game of the
// archive, any position of it, and the engine's view of it, computed in this browser by
// the WebAssembly build of the rules and the bot's engine in Web Workers (the page never
// waits on a search). Any legal move may be tried on the board (a variation); "Analyse
// the whole game" searches every position to a fixed budget and draws the evaluation
// over the game, with the mistakes and blunders marked by what they lost.

import { h, replace, setText } from '../dom.js';
import { gameName, sideName } from '../describe.js';
import { gameUrl, explorerUrl } from '../router.js';
import { clampPly } from '../replay_state.js';
import { forFirst, pawnsText, mateMoves, markedMoves, graphPoints, graphValue, barShare, routeEnds } from '../analysis_state.js';
import { BoardHost } from './board_host.js';
import { engineWorker } from './engine_worker.js';
import { moveList } from './move_list.js';
import { analysisWords } from './analysis_words.js';
import './analysis_style.js';

const LIVE_MS = 1000; // the engine's budget for the position shown
const WHOLE_MS = 250; // per position when the whole game is analysed
const SVG = 'http://www.w3.org/2000/svg';

/** @param {import('../app.js').App} app */
export function analysisView(app, route, root) {
  const w = analysisWords(app.t);
  const id = route.gameId;
  root.append(h('p', { class: 'muted', testid: 'analysis-loading' }, w('game.loading')));
  let record = null;
  let ply = 0;
  let variation = null; // {from: ply, moves: [text]}
  let host = null;
  let dead = false;
  let quick = null; // legal moves and positions
  let deep = null; // the search of the position shown (replaced to stop it)
  let whole = null; // {values, bests, sides} once the whole game is analysed
  let shown = 0; // the position shown, to drop answers about an older one
  const el = {};

  const question = () => ({
    game: record.game,
    options: record.options ?? {},
    position: record.start_position,
    moves: [...record.moves.slice(0, ply).map((m) => m.move), ...(variation?.moves ?? [])],
  });

  function go(next) {
    variation = null;
    ply = clampPly(record, next);
    app.win.history.replaceState(null, '', `/analysis/${encodeURIComponent(id)}` + (ply === record.moves.length ? '' : `?ply=${ply}`));
    show();
  }

  function tryMove(move) {
    variation = variation ?? { from: ply, moves: [] };
    variation.moves.push(move);
    show();
  }

  function layout() {
    const players = { first: record.first_player, second: record.second_player };
    const button = (testid, label, text, to) => h('button', { type: 'button', testid, 'aria-label': label, title: label, onclick: () => go(to()) }, text);
    Object.assign(el, {
      board: h('div', { class: 'board-wrap', testid: 'board' }),
      ply: h('span', { class: 'ply', testid: 'analysis-ply', 'aria-live': 'polite' }),
      moves: h('div', { class: 'moves-wrap' }),
      variation: h('div', { class: 'variation', testid: 'variation' }),
      value: h('span', { class: 'eval-value', testid: 'engine-eval' }),
      depth: h('span', { class: 'muted', testid: 'engine-depth' }),
      bar: h('span', { testid: 'eval-bar' }),
      best: h('p', { class: 'small', testid: 'engine-best' }),
      line: h('p', { class: 'small muted engine-line', testid: 'engine-line' }),
      routes: h('p', { class: 'small', testid: 'king-routes' }),
      whole: h('button', { type: 'button', testid: 'analyse-game', onclick: analyseWhole }, w('an.whole')),
      progress: h('p', { class: 'small muted', testid: 'analysis-progress', 'aria-live': 'polite' }),
      graph: h('div', { testid: 'eval-graph-wrap' }),
      marks: h('div', { testid: 'analysis-marks' }),
    });
    el.players = players;
    replace(root,
      h('div', { class: 'game-head' },
        h('h1', null, `${w('an.title')} · ${gameName(app.t, record.game)}`),
        h('p', { class: 'muted sub' }, `${players.first} – ${players.second} · `, h('a', { href: gameUrl(id), testid: 'analysis-back' }, w('an.back')),
          ' · ', (el.explore = h('a', { testid: 'explorer-link' }, w('an.explorer'))))),
      h('div', { class: 'play' },
        h('div', { class: 'board-col' }, el.board,
          h('div', { class: 'replay-bar' },
            button('analysis-first', w('replay.first'), '⏮', () => 0),
            button('analysis-prev', w('replay.prev'), '◀', () => (variation ? variation.from : ply - 1)),
            el.ply,
            button('analysis-next', w('replay.next'), '▶', () => ply + 1),
            button('analysis-last', w('replay.last'), '⏭', () => record.moves.length))),
        h('aside', { class: 'side-col' },
          h('section', { class: 'engine-panel', testid: 'engine-panel', 'aria-label': w('an.engine') },
            h('div', { class: 'eval-head' }, el.value, el.depth),
            h('div', { class: 'eval-bar', 'aria-hidden': 'true', title: w('an.bar', { first: sideName(app.t, record.sides?.first ?? 'first') }) }, el.bar),
            el.best, el.line, el.routes),
          el.variation,
          h('p', { class: 'muted small' }, w('an.try')),
          el.moves,
          el.whole, el.progress, el.graph, el.marks,
          h('p', { class: 'muted small' }, w('an.offline')))));
    host = new BoardHost(el.board, app.t);
    host.setSpec(record.board ?? null, app.identity?.player === record.second_player ? 'second' : 'first',
      app.t('game.board_label', { game: gameName(app.t, record.game) }));
  }

  async function show() {
    const token = ++shown;
    setText(el.ply, app.t('replay.ply', { n: ply, of: record.moves.length }));
    replace(el.moves, moveList(app.t, record.moves.map((m) => m.move), variation ? -1 : ply, go));
    el.moves.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
    replace(el.variation, variation
      ? [h('span', { class: 'small' }, w('an.variation', { n: variation.from })),
        ...variation.moves.map((m) => h('span', { class: 'mv', testid: 'variation-move' }, m)),
        h('button', { type: 'button', testid: 'variation-exit', onclick: () => go(variation.from) }, w('an.exit'))]
      : []);
    const q = question();
    el.explore.href = explorerUrl(record.game, record.options, q.moves);
    if (!variation) {
      const at = (k) => (k === 0 ? record.start_position : record.moves[k - 1].position);
      host.setPosition(at(ply), { previous: ply > 0 ? at(ply - 1) : null, lastMove: ply > 0 ? record.moves[ply - 1].move : null });
    }
    const [state, legal] = await Promise.all([quick.ask({ ...q, op: 'state' }), quick.ask({ ...q, op: 'legal' })]);
    if (dead || token !== shown) return;
    if (state.error) return failed(state.error);
    if (variation) {
      const before = { ...q, moves: q.moves.slice(0, -1) };
      const previous = await quick.ask({ ...before, op: 'state' });
      if (dead || token !== shown) return;
      host.setPosition(state.result.position, { previous: previous.result?.position ?? null, lastMove: variation.moves.at(-1) });
    }
    host.setLegal(legal.result ?? [], (move) => tryMove(move));
    // What a tafl player looks at first: where the king could escape at once.
    const tafl = (record.board?.pieces ?? []).some((p) => p.kind === 'royal');
    setText(el.routes, !tafl ? '' : state.result.kingRoutes.length
      ? w('an.routes', { moves: state.result.kingRoutes.join(', ') }) : w('an.no_routes'));
    // The same on the board: the squares those routes end on, tinted (a class the board
    // itself never sets, so its redraws leave it).
    for (const g of el.board.querySelectorAll('.king-route')) g.classList.remove('king-route');
    for (const sq of tafl ? routeEnds(state.result.kingRoutes) : [])
      el.board.querySelector(`[data-square="${sq}"]`)?.classList.add('king-route');
    if (state.result.status !== 'ongoing') return engineSays(null, w('an.over'));
    engineSays(null, w('an.thinking'));
    deep?.stop();
    deep = engineWorker();
    const found = await deep.ask({ ...q, op: 'search', level: 8, movetimeMs: LIVE_MS });
    if (dead || token !== shown || found.stopped) return;
    if (found.error) return failed(found.error);
    engineSays(found.result);
  }

  function valueText(v) {
    if (v.mate === undefined) return pawnsText(v.cp);
    const { winner, moves } = mateMoves(v);
    const royal = (record.board?.pieces ?? []).find((p) => p.kind === 'royal');
    return royal && royal.side === winner ? w('an.escape', { n: moves }) : w('an.mate', { side: sideName(app.t, record.sides?.[winner] ?? winner), n: moves });
  }

  function engineSays(result, note = '') {
    if (!result) {
      setText(el.value, note);
      setText(el.depth, '');
      setText(el.best, '');
      setText(el.line, '');
      return;
    }
    const v = forFirst(result, result.toMove);
    setText(el.value, valueText(v));
    el.value.dataset.cp = String(graphValue(v));
    setText(el.depth, w('an.depth', { n: result.depth }));
    el.bar.style.width = `${(barShare(v) * 100).toFixed(1)}%`;
    setText(el.best, w('an.best', { move: result.move }));
    setText(el.line, w('an.line', { line: result.line.join(' ') }));
  }

  function failed(reason) {
    engineSays(null, w('an.failed', { reason }));
  }

  async function analyseWhole() {
    el.whole.disabled = true;
    const n = record.moves.length;
    const values = [];
    const bests = [];
    const sides = [];
    const worker = engineWorker();
    const started = app.win.performance.now();
    const base = { game: record.game, options: record.options ?? {}, position: record.start_position };
    for (let k = 0; k <= n && !dead; k++) {
      setText(el.progress, w('an.progress', { n: k + 1, of: n + 1 }));
      const q = { ...base, moves: record.moves.slice(0, k).map((m) => m.move) };
      const state = await worker.ask({ ...q, op: 'state' });
      if (state.error) break;
      sides[k] = state.result.toMove;
      if (state.result.status !== 'ongoing') {
        const status = state.result.status;
        values[k] = status.startsWith('first') ? { mate: 1 } : status.startsWith('second') ? { mate: -1 } : { cp: 0 };
        continue;
      }
      const found = await worker.ask({ ...q, op: 'search', level: 8, movetimeMs: WHOLE_MS });
      if (found.error || !found.result) continue;
      values[k] = forFirst(found.result, found.result.toMove);
      bests[k] = found.result.move;
    }
    worker.stop();
    if (dead) return;
    whole = { values, bests, sides };
    setText(el.progress, w('an.done', { of: n + 1, seconds: ((app.win.performance.now() - started) / 1000).toFixed(1) }));
    drawWhole();
    el.whole.disabled = false;
  }

  function drawWhole() {
    const { values, bests, sides } = whole;
    const marks = markedMoves(values, sides, record.moves.map((m) => m.move), bests);
    const svg = app.doc.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'eval-graph');
    svg.setAttribute('viewBox', '0 0 300 100');
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('role', 'img');
    svg.setAttribute('data-testid', 'eval-graph');
    svg.setAttribute('aria-label', w('an.graph', { first: el.players.first }));
    const axis = app.doc.createElementNS(SVG, 'line');
    for (const [k, v] of Object.entries({ x1: 0, y1: 50, x2: 300, y2: 50 })) axis.setAttribute(k, String(v));
    const line = app.doc.createElementNS(SVG, 'polyline');
    line.setAttribute('points', graphPoints(values, 300, 100));
    svg.append(axis, line);
    const span = Math.max(1, values.length - 1);
    for (const m of marks) {
      const dot = app.doc.createElementNS(SVG, 'circle');
      dot.setAttribute('class', m.kind);
      dot.setAttribute('cx', ((m.ply / span) * 300).toFixed(1));
      dot.setAttribute('cy', ((1 - (graphValue(values[m.ply]) + 1000) / 2000) * 100).toFixed(1));
      dot.setAttribute('r', '2.5');
      svg.append(dot);
    }
    replace(el.graph, svg);
    const item = (m) => {
      const move = record.moves[m.ply - 1].move;
      const number = `${Math.ceil(m.ply / 2)}${m.ply % 2 === 1 ? '.' : '…'}`;
      const better = bests[m.ply - 1] && bests[m.ply - 1] !== move ? `, ${w('an.instead', { move: bests[m.ply - 1] })}` : '';
      return h('li', { class: m.kind, testid: 'mark', dataset: { ply: String(m.ply), kind: m.kind } },
        h('button', { type: 'button', class: 'link', onclick: () => go(m.ply - 1) },
          `${number} ${move}${m.kind === 'blunder' ? '??' : '?'} — ${w(`an.${m.kind}`)}${better}`));
    };
    replace(el.marks, h('h2', { class: 'small' }, w('an.marks')),
      marks.length ? h('ol', { class: 'marks' }, marks.map(item)) : h('p', { class: 'muted small', testid: 'no-marks' }, w('an.no_marks')));
  }

  async function load() {
    try {
      const res = await app.win.fetch(`/api/games/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } });
      if (dead) return;
      if (res.status === 404) return replace(root, h('section', { class: 'panel' }, h('h1', null, w('replay.not_found')), h('p', null, h('a', { href: '/archive' }, w('nav.archive')))));
      if (!res.ok) throw new Error(String(res.status));
      record = await res.json();
    } catch {
      if (!dead) replace(root, h('p', { class: 'form-error', role: 'alert' }, w('replay.failed')));
      return;
    }
    if (dead) return;
    app.setTitle(`${w('an.title')} · ${record.first_player} – ${record.second_player}`);
    quick = engineWorker();
    layout();
    ply = clampPly(record, route.ply ?? record.moves.length);
    show();
  }

  load();
  return {
    destroy() {
      dead = true;
      quick?.stop();
      deep?.stop();
      host?.destroy();
    },
  };
}
