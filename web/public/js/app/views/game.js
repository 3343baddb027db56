// /game/{id}: the live game (playing if seated, else watching), or, once it is over and
// no longer live, its replay from the archive.

import { liveGame } from './live_game.js';
import { replayView } from './replay.js';

/** @param {import('../app.js').App} app */
export function gameView(app, route, main) {
  const root = main.appendChild(document.createElement('section'));
  root.className = 'game';
  let current = null;

  const showReplay = () => {
    current?.destroy?.();
    root.replaceChildren();
    current = replayView(app, route, root);
  };
  // A ply in the URL asks for the replay; so does a game this page knows has ended.
  const known = app.games.get(route.gameId);
  if (route.ply !== null && !(known && known.you !== null && known.status.state === 'ongoing')) showReplay();
  else current = liveGame(app, route, root, { onEnded: showReplay });

  return {
    onReady: () => current?.onReady?.(),
    onMessage: (msg) => current?.onMessage?.(msg),
    destroy: () => current?.destroy?.(),
  };
}
