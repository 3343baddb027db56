// The move list: numbered full moves in the game's notation. In a replay each move is
// a button that goes to the position after it; the current ply is marked.

import { h } from '../dom.js';
import { moveRows } from '../game_state.js';

/** `current`: the ply shown (marked); `onPick(ply)`, when given, makes moves buttons. */
export function moveList(t, moves, current, onPick = null) {
  const cell = (m) => {
    if (!m) return h('span', { class: 'mv empty' });
    const attrs = { class: `mv${m.ply === current ? ' current' : ''}`, dataset: { ply: String(m.ply) }, 'aria-current': m.ply === current ? 'step' : null };
    return onPick
      ? h('button', { ...attrs, type: 'button', onclick: () => onPick(m.ply) }, m.text)
      : h('span', attrs, m.text);
  };
  const rows = moveRows(moves);
  return h('ol', { class: 'moves', testid: 'move-list', 'aria-label': t('game.moves') },
    rows.length === 0 ? h('li', { class: 'muted' }, t('game.no_moves')) : null,
    rows.map((r) => h('li', null, h('span', { class: 'num' }, `${r.number}.`), cell(r.first), cell(r.second))));
}
