// The rules and the engine in the page (docs/wasm.md): the WebAssembly build of the one
// C++ rules module and of the bot's engine (web/public/wasm/), behind a small API. Meant
// for a Web Worker (a search holds its thread for its whole budget); nothing here
// touches the DOM.
import BoardhallEngine from '../../wasm/boardhall-engine.js';

/**
 * Loads the module once per call. `moduleOptions` go to emscripten's factory: in Node,
 * `{ wasmBinary }` (the bytes of boardhall-engine.wasm); in a page, nothing.
 */
export async function loadEngine(moduleOptions = {}) {
  const m = await BoardhallEngine(moduleOptions);
  const c = {
    open: m.cwrap('bh_open', 'number', ['string', 'string', 'string']),
    close: m.cwrap('bh_close', null, ['number']),
    error: m.cwrap('bh_error', 'string', []),
    position: m.cwrap('bh_position', 'string', ['number']),
    toMove: m.cwrap('bh_to_move', 'string', ['number']),
    legal: m.cwrap('bh_legal', 'string', ['number']),
    play: m.cwrap('bh_play', 'number', ['number', 'string']),
    status: m.cwrap('bh_status', 'string', ['number']),
    kingRoutes: m.cwrap('bh_king_routes', 'string', ['number']),
    perft: m.cwrap('bh_perft', 'number', ['number', 'number']),
    search: m.cwrap('bh_search', 'string', ['number', 'number', 'number']),
  };
  return {
    /**
     * A game of `game` ('tablut', 'draughts'...) with its `options` ({size: 11}), from
     * `position` (its text; '' or none: the start). Throws with the rules' reason.
     */
    open(game, { options = {}, position = '' } = {}) {
      const text = Object.entries(options).map(([k, v]) => `${k}=${v}`).join(';');
      const handle = c.open(game, text, position);
      if (!handle) throw new Error(c.error());
      return new Game(c, handle);
    },
  };
}

class Game {
  constructor(c, handle) {
    this.c = c;
    this.handle = handle;
  }

  /** The legal moves' texts ([] once the game is over). */
  legal() {
    const text = this.c.legal(this.handle);
    return text ? text.split('\n') : [];
  }

  /** Plays `move` (its text); throws with the reason when it is not legal. */
  play(move) {
    if (!this.c.play(this.handle, move)) throw new Error(this.c.error());
  }

  position() { return this.c.position(this.handle); }

  /** 'first' or 'second': the side to move. */
  toMove() { return this.c.toMove(this.handle); }

  /** 'ongoing', or the result and its reason: 'first king_escaped', 'draw repetition'... */
  status() { return this.c.status(this.handle); }

  /**
   * The tafl games' open routes: the king's moves that would escape at once were it the
   * defenders' move ([] in the other games, or when none is open).
   */
  kingRoutes() {
    const text = this.c.kingRoutes(this.handle);
    return text ? text.split('\n') : [];
  }

  /** Leaf count at `depth` plies. */
  perft(depth) { return this.c.perft(this.handle, depth); }

  /**
   * The engine's move at `level` (1-8) within `movetimeMs` (0: the level's own budget):
   * {move, line, score, depth, nodes, ms}; `line` the expected continuation, `move`
   * first; `score` in centi-pieces for the side to move, `mateIn` (plies) when it found
   * a forced result. Null once the game is over.
   */
  search({ level = 8, movetimeMs = 1000 } = {}) {
    const text = this.c.search(this.handle, level, movetimeMs);
    if (!text) return null;
    const [stats, ...line] = text.split('\n');
    const [score, depth, nodes, ms] = stats.split(' ').map(Number);
    const result = { move: line[0], line, score, depth, nodes, ms };
    if (Math.abs(score) >= MATE - 128) result.mateIn = MATE - Math.abs(score);
    return result;
  }

  close() { this.c.close(this.handle); }
}

const MATE = 30000; // bot/engine/engine.hpp: mate_score
