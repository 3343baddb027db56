// A path the router does not know: says so, with the way back to the lobby.

import { h } from '../dom.js';

/** @param {import('../app.js').App} app */
export function notFoundView(app, route, main) {
  main.append(h('section', { class: 'panel' }, h('h1', null, app.t('notfound.title')), h('p', null, h('a', { href: '/' }, app.t('nav.lobby')))));
  app.setTitle(app.t('notfound.title'));
  return {};
}
