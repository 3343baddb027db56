// The board of a game page: draws the server's `board` object in SVG and turns clicks,
// taps, drags and keys into a move text from the server's `legal` list. The squares
// are made once; a new position only changes their children and classes, so nothing
// moves on the page. DOM hooks (docs/web.md): every square or point is an element with
// `data-square`, a piece on it a child with `data-piece`; marks are classes on the
// square (`selected`, `target`, `via`, `movable`, `last-move`, `captured`,
// `huff-choice`, `huff-chosen`). The logic lives in the pure modules beside this one.
import { arrowTarget, displayCell, squareAt } from './layout.js';
import { moveSquares, squareName } from './notation.js';
import { parsePosition } from './position.js';
import { clear, click, createSelection, view } from './selection.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 60;
const MARGIN = 28; // room for the coordinates left of and below the board
const PAD = 4;
const DRAG_START_PX = 6;

/**
 * English texts; `createBoard(..., {text})` may replace any of them (e.g. Russian).
 * `pieces` maps a piece name to its spoken name (default: the name, "white-king" read
 * as "white king"); `note`, when given, replaces the server's board note (null hides it).
 */
export const defaultText = {
  empty: 'empty',
  selected: 'selected',
  target: 'legal target',
  huffChoice: 'may be huffed',
  huffPrompt: 'Huff: your opponent did not capture. Choose which of their marked pieces to remove, then move.',
  routePrompt: 'Several capture routes: click the next landing square.',
  pieces: {},
};

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.append(node);
  return node;
}

// Shapes drawn on a piece of radius about 23, centred on 0,0.
const CROWN = 'M-13 7L-15-7-7 0 0-11 7 0 15-7 13 7Z';
const CROSS = 'M-3-13h6v10h10v6H3v10h-6V3h-10v-6h10Z';

function tone(piece) {
  if (/attacker|black/.test(piece.name)) return 'dark';
  if (/defender|white|king/.test(piece.name)) return 'light';
  return piece.side === 'first' ? 'light' : 'dark';
}

/**
 * Draws one game's board as SVG inside `container` and handles input on it.
 * @param {HTMLElement} container
 * @param {{board: import('./position.js').BoardSpec, orientation?: 'first'|'second', label?: string,
 *          text?: Partial<typeof defaultText>}} options
 */
export function createBoard(container, { board, orientation = 'first', label = '', text = {} }) {
  const t = { ...defaultText, ...text, pieces: { ...defaultText.pieces, ...text.pieces } };
  const lined = Array.isArray(board.lines);
  const kinds = new Map(board.pieces.map((p) => [p.name, p]));
  const w = board.files * CELL;
  const h = board.ranks * CELL;

  const root = document.createElement('div');
  const checkered = Object.values(board.marked ?? {}).includes('light');
  root.className = `bh-board ${lined ? 'bh-lined' : checkered ? 'bh-checkered' : 'bh-squared'}`;
  const svg = el('svg', {
    viewBox: `${-MARGIN} ${-PAD} ${w + MARGIN + PAD} ${h + MARGIN + PAD}`,
    role: 'group',
    'aria-label': label,
  });
  el('rect', { class: 'bh-frame', x: -MARGIN, y: -PAD, width: w + MARGIN + PAD, height: h + MARGIN + PAD }, svg);
  el('rect', { class: 'bh-ground', x: 0, y: 0, width: w, height: h }, svg);
  const linesLayer = el('g', { class: 'bh-lines' }, svg);
  const squaresLayer = el('g', { class: 'bh-squares' }, svg);
  const labelsLayer = el('g', { class: 'bh-labels', 'aria-hidden': 'true' }, svg);
  const prompt = document.createElement('p');
  prompt.className = 'bh-board-prompt';
  prompt.setAttribute('aria-live', 'polite');
  root.append(svg, prompt);
  const noteText = t.note === undefined ? board.note : t.note;
  if (noteText) {
    const note = document.createElement('p');
    note.className = 'bh-board-note';
    note.textContent = noteText;
    root.append(note);
  }

  /** @type {Map<string, SVGGElement>} */
  const squares = new Map();
  for (let rank = 0; rank < board.ranks; rank++)
    for (let file = 0; file < board.files; file++) {
      const name = squareName(file, rank);
      const kind = board.marked?.[name] ?? 'plain';
      const g = el('g', { 'data-square': name, class: `bh-square ${kind}` }, squaresLayer);
      const half = CELL / 2;
      el('rect', { class: 'bh-cell', x: -half, y: -half, width: CELL, height: CELL }, g);
      if (lined) el('circle', { class: 'bh-point', r: 4 }, g);
      if (kind === 'throne') el('rect', { class: 'bh-sign', x: -14, y: -14, width: 28, height: 28, transform: 'rotate(45)' }, g);
      if (kind === 'exit') el('path', { class: 'bh-sign', d: 'M-18-18L18 18M18-18L-18 18' }, g);
      // Marks tint this inset rect, and the focus ring is its stroke: inside the
      // square, so the squares drawn after it do not cover it.
      el('rect', { class: 'bh-tint', x: 2 - half, y: 2 - half, width: CELL - 4, height: CELL - 4 }, g);
      el('circle', { class: 'bh-ghost', r: 20 }, g);
      el('circle', { class: 'bh-hint', r: 10 }, g);
      if (kind === 'light') g.setAttribute('aria-hidden', 'true');
      else g.setAttribute('role', 'button');
      squares.set(name, g);
    }

  let position = new Map();
  let marks = { last: new Set(), captured: new Set() };
  let sel = null; // a Selection while the board takes input
  let onMove = null;
  let drag = null;
  let focusSquare = null;

  function place() {
    for (const [name, g] of squares) {
      const { col, row } = displayCell(board, name, orientation);
      g.setAttribute('transform', `translate(${col * CELL + CELL / 2} ${row * CELL + CELL / 2})`);
    }
    const centre = (sq) => {
      const { col, row } = displayCell(board, sq, orientation);
      return [col * CELL + CELL / 2, row * CELL + CELL / 2];
    };
    linesLayer.replaceChildren();
    for (const [a, b] of board.lines ?? []) {
      const [[x1, y1], [x2, y2]] = [centre(a), centre(b)];
      el('line', { x1, y1, x2, y2 }, linesLayer);
    }
    labelsLayer.replaceChildren();
    for (let col = 0; col < board.files; col++) {
      const file = squareAt(board, col, board.ranks - 1, orientation)[0];
      el('text', { x: col * CELL + CELL / 2, y: h + MARGIN * 0.72 }, labelsLayer).textContent = file;
    }
    for (let row = 0; row < board.ranks; row++) {
      const rank = squareAt(board, 0, row, orientation).slice(1);
      el('text', { x: -MARGIN / 2, y: row * CELL + CELL / 2 + 6 }, labelsLayer).textContent = rank;
    }
    if (!focusSquare || !squares.has(focusSquare)) {
      focusSquare = [...squares.keys()].find((sq) => board.marked?.[sq] !== 'light');
    }
  }

  function makePiece(name) {
    const kind = kinds.get(name) ?? { name, side: 'first', kind: 'man' };
    const g = el('g', { 'data-piece': name, class: `bh-piece bh-${tone(kind)} bh-${kind.kind}` });
    el('circle', { class: 'bh-body', r: kind.kind === 'royal' ? 25 : 22 }, g);
    if (checkered) el('circle', { class: 'bh-rim', r: 14 }, g);
    if (kind.kind === 'king') el('path', { class: 'bh-crown', d: CROWN }, g);
    if (kind.kind === 'royal') el('path', { class: 'bh-crown', d: CROSS }, g);
    return g;
  }

  function pieceLabel(name) {
    return t.pieces[name] ?? name.replace('-', ' ');
  }

  function render() {
    const v = sel ? view(sel) : null;
    const has = (list, sq) => (v ? list.includes(sq) : false);
    for (const [sq, g] of squares) {
      const name = position.get(sq);
      const current = g.querySelector('[data-piece]');
      if ((current?.getAttribute('data-piece') ?? undefined) !== name) {
        current?.remove();
        if (name) g.append(makePiece(name));
      }
      const state = {
        occupied: !!name,
        selected: v?.selected === sq,
        via: has(v?.via ?? [], sq),
        target: has(v?.targets ?? [], sq),
        movable: has(v?.movable ?? [], sq),
        'huff-choice': has(v?.huffChoices ?? [], sq),
        'huff-chosen': v?.huff === sq,
        'last-move': marks.last.has(sq),
        captured: marks.captured.has(sq),
      };
      for (const [cls, on] of Object.entries(state)) g.classList.toggle(cls, on);
      if (board.marked?.[sq] === 'light') continue;
      g.setAttribute('tabindex', sq === focusSquare ? '0' : '-1');
      const words = [sq, name ? pieceLabel(name) : t.empty];
      if (state.selected) words.push(t.selected);
      if (state.target) words.push(t.target);
      if (state['huff-choice']) words.push(t.huffChoice);
      g.setAttribute('aria-label', words.join(', '));
    }
    prompt.textContent = v?.prompt === 'huff' ? t.huffPrompt : v?.prompt === 'route' ? t.routePrompt : '';
    root.classList.toggle('bh-input', !!sel);
  }

  function act(sq) {
    if (!sel) return;
    const r = click(sel, sq);
    sel = r.state;
    render();
    if (r.move) onMove?.(r.move);
  }

  function squareOf(node) {
    return node?.closest?.('[data-square]')?.getAttribute('data-square') ?? null;
  }

  function moveFocus(sq) {
    focusSquare = sq;
    render();
    squares.get(sq).focus();
  }

  // ---- pointer: click, tap, drag and drop ----
  function endDrag() {
    if (!drag) return;
    squares.get(drag.sq)?.classList.remove('dragging');
    squares.get(drag.sq)?.querySelector('[data-piece]')?.removeAttribute('transform');
    drag = null;
  }

  svg.addEventListener('pointerdown', (e) => {
    const sq = squareOf(e.target);
    if (!sel || !sq || e.button > 0 || board.marked?.[sq] === 'light') return;
    focusSquare = sq;
    const grab = view(sel).movable.includes(sq) && !view(sel).targets.includes(sq);
    drag = { sq, grab, wasSelected: sel.from === sq && sel.path.length === 0, x: e.clientX, y: e.clientY, moved: false };
    if (grab) {
      if (!drag.wasSelected) act(sq);
      svg.setPointerCapture?.(e.pointerId);
      e.preventDefault();
    }
  });

  svg.addEventListener('pointermove', (e) => {
    if (!drag?.grab) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_START_PX) return;
    const g = squares.get(drag.sq);
    const piece = g.querySelector('[data-piece]');
    if (!drag.moved) {
      drag.moved = true;
      g.classList.add('dragging');
      squaresLayer.append(g); // drawn above the other squares while it moves
    }
    const k = (svg.viewBox.baseVal.width || 1) / (svg.getBoundingClientRect().width || 1);
    piece?.setAttribute('transform', `translate(${dx * k} ${dy * k})`);
  });

  svg.addEventListener('pointerup', (e) => {
    if (!drag) return;
    const d = drag;
    endDrag();
    const over = squareOf(document.elementFromPoint(e.clientX, e.clientY));
    if (d.moved) {
      // A drop plays or extends a move; anywhere else the piece just goes back.
      if (over && over !== d.sq && sel) {
        const r = click(sel, over);
        if (r.move || view(sel).targets.includes(over)) act(over);
      }
    } else if (!d.grab ? over === d.sq : d.wasSelected) {
      act(d.sq);
    }
  });

  svg.addEventListener('pointercancel', endDrag);
  // A touch that starts on a piece that can move drags it instead of scrolling the
  // page; every other touch scrolls as usual (CSS touch-action does the same where
  // browsers honour it on SVG).
  svg.addEventListener(
    'touchstart',
    (e) => {
      if (sel && view(sel).movable.includes(squareOf(e.target))) e.preventDefault();
    },
    { passive: false },
  );

  // ---- keyboard: roving tabindex over the squares as displayed ----
  svg.addEventListener('keydown', (e) => {
    const sq = squareOf(e.target);
    if (!sq) return;
    if (e.key.startsWith('Arrow')) {
      const to = arrowTarget(board, sq, e.key, orientation);
      if (to) moveFocus(to);
      e.preventDefault();
    } else if (e.key === 'Enter' || e.key === ' ') {
      focusSquare = sq;
      act(sq);
      e.preventDefault();
    } else if (e.key === 'Escape' && sel) {
      sel = clear(sel);
      render();
    }
  });

  place();
  render();
  container.append(root);

  return {
    /** @param {string} positionText @param {{lastMove?: string|null, captured?: string[]}} [marksIn] */
    setPosition(positionText, { lastMove = null, captured = [] } = {}) {
      position = parsePosition(positionText, board);
      const last = lastMove ? moveSquares(lastMove).squares : [];
      marks = { last: new Set(last), captured: new Set(captured) };
      if (sel) sel = createSelection(sel.moves.map((m) => m.text));
      endDrag();
      render();
    },
    /** @param {string[]|null} legal @param {(move: string) => void} [handler] */
    setLegal(legal, handler) {
      sel = legal ? createSelection(legal) : null;
      onMove = legal ? handler : null;
      endDrag();
      render();
    },
    /** @param {'first'|'second'} side */
    setOrientation(side) {
      orientation = side === 'second' ? 'second' : 'first';
      place();
      render();
    },
    destroy() {
      endDrag();
      root.remove();
    },
  };
}
