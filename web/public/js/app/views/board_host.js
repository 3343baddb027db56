// A view's board: the board module loaded on first use (the lobby never needs it), the
// latest wanted picture kept until then, the last move's captures marked (captures.js).

import { h, replace } from '../dom.js';

let loading = null;

function loadBoardModule() {
  if (!loading) {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = '/js/board/board.css';
    document.head.append(css);
  }
  loading ??= Promise.all([
    import('../../board/board.js'),
    import('../../board/position.js'),
    import('../../board/captures.js'),
  ]).then(([b, p, c]) => ({ createBoard: b.createBoard, parsePosition: p.parsePosition, capturedSquares: c.capturedSquares }));
  return loading;
}

export class BoardHost {
  /** @param {HTMLElement} container @param {(key:string)=>string} t */
  constructor(container, t) {
    this.container = container;
    this.t = t;
    this.mod = null;
    this.board = null;
    this.spec = null;
    this.want = { orientation: 'first', label: '', position: null, previous: null, lastMove: null, legal: null, onMove: null };
    this.drawn = {};
    this.dead = false;
    loadBoardModule().then(
      (mod) => { this.mod = mod; this.apply(); },
      () => !this.dead && replace(this.container, h('p', { class: 'form-error', role: 'alert' }, this.t('game.no_board_module'))),
    );
  }

  /** The server's `board` object; a new one (another game) makes a new drawing. */
  setSpec(spec, orientation, label) {
    Object.assign(this.want, { orientation, label });
    const key = JSON.stringify(spec ?? null);
    if (key !== this.specKey) {
      this.specKey = key;
      this.spec = spec;
      this.board?.destroy();
      this.board = null;
    }
    this.apply();
  }

  setPosition(position, { previous = null, lastMove = null } = {}) {
    Object.assign(this.want, { position, previous, lastMove });
    this.apply();
  }

  setLegal(legal, onMove) {
    Object.assign(this.want, { legal, onMove });
    this.apply();
  }

  /** The board's own words in the page's language. */
  text() {
    const t = this.t;
    return {
      empty: t('board.empty'), selected: t('board.selected'), target: t('board.target'), huffChoice: t('board.huff_choice'),
      huffPrompt: t('board.huff_prompt'), routePrompt: t('board.route_prompt'),
      // The rules module's one note (tafl escapes at any edge) in words of the page's language.
      note: this.spec.note && /any edge/.test(this.spec.note) ? t('board.edge_note') : undefined,
    };
  }

  captured() {
    const { previous, position, lastMove } = this.want;
    if (!previous || !lastMove) return [];
    try {
      const { parsePosition, capturedSquares } = this.mod;
      return capturedSquares(parsePosition(previous, this.spec), parsePosition(position, this.spec), lastMove) || [];
    } catch {
      return []; // a mark fewer is better than no board
    }
  }

  apply() {
    if (!this.mod || this.dead) return;
    const w = this.want;
    if (!this.spec) {
      replace(this.container, h('p', { class: 'muted' }, this.t('game.no_board')));
      return;
    }
    if (!this.board) {
      replace(this.container);
      this.board = this.mod.createBoard(this.container, { board: this.spec, orientation: w.orientation, label: w.label, text: this.text() });
      this.drawn = { orientation: w.orientation };
    }
    const d = this.drawn;
    if (d.orientation !== w.orientation) this.board.setOrientation((d.orientation = w.orientation));
    if (w.position && (d.position !== w.position || d.lastMove !== w.lastMove)) {
      this.board.setPosition(w.position, { lastMove: w.lastMove, captured: this.captured() });
      Object.assign(d, { position: w.position, lastMove: w.lastMove });
    }
    if (d.legal !== w.legal || d.onMove !== w.onMove) {
      this.board.setLegal(w.legal, w.onMove);
      Object.assign(d, { legal: w.legal, onMove: w.onMove });
    }
  }

  destroy() {
    this.dead = true;
    this.board?.destroy();
    this.board = null;
  }
}
