// Bot accounts' marks: whether a name is a bot's (the server lists them in `bots`) and
// the words shown beside it, "bot" and the level of a game against the computer. Pure.

/** True when `bots` (the server's list, or null) names `name`. */
export const isBot = (name, bots) => Array.isArray(bots) && bots.includes(name);

/** A name as plain text with its mark: "computer (bot, level 6)"; anyone else's as it is. */
export function nameWithMark(t, name, bots, level) {
  if (!isBot(name, bots)) return name;
  return Number.isInteger(level) ? t('bot.name_level', { name, n: level }) : t('bot.name', { name });
}
