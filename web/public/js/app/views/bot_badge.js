// The small "bot" badge (with the level of a game against the computer) shown after a
// bot account's name in the lobby, at the board, in the archive and on profiles.

import { h } from '../dom.js';
import { isBot } from '../bot_mark.js';

/** A badge for `name` when `bots` lists it, else null. */
export function botBadge(t, name, bots, level = null) {
  if (!isBot(name, bots)) return null;
  return h('span', { class: 'bot-badge', testid: 'bot-badge', title: t('bot.title') },
    t('bot.badge'), Number.isInteger(level) ? ` · ${t('bot.level', { n: level })}` : '');
}
