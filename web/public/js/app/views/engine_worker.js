// The engine (js/engine/worker.js, docs/wasm.md) in a Web Worker of its own: the
// analysis board's and the opening explorer's.

/** A Web Worker of the engine, asked one question at a time by id. */
export function engineWorker() {
  const worker = new Worker('/js/engine/worker.js', { type: 'module' });
  let next = 0;
  const waiting = new Map();
  worker.onmessage = (e) => {
    const done = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    done?.(e.data);
  };
  worker.onerror = (e) => {
    for (const done of waiting.values()) done({ error: e.message || 'the engine failed to load' });
    waiting.clear();
  };
  return {
    ask(question) {
      const id = ++next;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, ...question });
      });
    },
    stop() {
      worker.terminate();
      for (const done of waiting.values()) done({ stopped: true });
      waiting.clear();
    },
  };
}
