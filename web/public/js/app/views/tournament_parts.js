// Pieces shared by the two tournament pages: a tournament's kind in a line, its state
// in words (tournament.js's summaryState), and the button that opens the sign-in form.

import { h } from '../dom.js';
import { gameName, optionsText, controlText } from '../describe.js';
import { summaryState } from '../tournament_summary.js';

/**
 * `Round robin · Tablut · 5+3 · rated` for a summary or view `s`.
 * @param {Function} w the tournament pages' translator (tournament_words.js)
 */
export function aboutText(w, s) {
  const options = Object.keys(s.options || {}).length ? ` (${optionsText(w, s.options)})` : '';
  return [w(`tour.format_${s.format}`), `${gameName(w, s.game)}${options}`, controlText(w, s), w(s.rated ? 'seek.rated' : 'seek.casual')].join(' · ');
}

/** `round 2 of 5`, `starts in 3 hours`, `won by anna`... now. */
export function stateText(w, s) {
  const [key, params] = summaryState(s, Date.now(), w.lang);
  return w(key, params);
}

/** "Sign in": opens the identity form under the header (a tournament needs an account). */
export function signInButton(app) {
  return h('button', { type: 'button', class: 'link', testid: 'tournament-sign-in', onclick: () => {
    app.panelOpen = true;
    app.renderIdentity();
    app.renderWho();
    app.el.identity.scrollIntoView?.({ block: 'nearest' });
  } }, app.t('who.sign_in'));
}
