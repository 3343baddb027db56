// The engine in a Web Worker (docs/wasm.md), so that a search never freezes the page.
// Each message is a question about one position, stateless: {id, op, game, options,
// position, moves, ...}, where the position is `position` (its text; '' the start) with
// `moves` played on it; `op` is 'legal' (the moves), 'state' ({position, status,
// toMove, kingRoutes}), 'perft' (`depth`) or 'search' (`level`, `movetimeMs`: engine.js's search,
// with `toMove`). The answer
// is {id, result} or {id, error} with the rules' reason.
import { loadEngine } from './engine.js';

const ready = loadEngine();

self.onmessage = async (event) => {
  const { id, op, game, options = {}, position = '', moves = [], depth = 1, level = 8, movetimeMs = 1000 } = event.data;
  try {
    const engine = await ready;
    const g = engine.open(game, { options, position });
    try {
      for (const m of moves) g.play(m);
      const answers = {
        legal: () => g.legal(),
        state: () => ({ position: g.position(), status: g.status(), toMove: g.toMove(), kingRoutes: g.kingRoutes() }),
        perft: () => g.perft(depth),
        search: () => {
          const found = g.search({ level, movetimeMs });
          return found && { ...found, toMove: g.toMove() };
        },
      };
      if (!answers[op]) throw new Error(`unknown op '${op}'`);
      self.postMessage({ id, result: answers[op]() });
    } finally {
      g.close();
    }
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
};
