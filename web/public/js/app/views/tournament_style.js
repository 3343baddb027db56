// The tournament pages' own stylesheet (css/tournaments.css), after the other pages'
// (page_style.js): the lobby and the game page do not load it. Its top-level await holds
// the view's import until the sheet has loaded (or failed), so nothing shows unstyled.

import './page_style.js';

await new Promise((resolve) =>
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/css/tournaments.css', onload: resolve, onerror: resolve })));
