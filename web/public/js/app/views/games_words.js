// The words of the /games page and of the lobby's line of turns, in each language of
// i18n.js (the same keys; a unit test checks). Kept apart from i18n/*.js, which every
// page loads, because the game page has no room left for them under its 150 KiB.

import { translator } from '../i18n.js';

export const WORDS = {
  en: {
    'games.need_name': 'Choose a name to see your games.',
    'games.none': 'No game in progress.',
    'games.your_move': 'Your move',
    'games.their_move': 'Their move',
    'games.against': 'against {player}',
    'games.live': 'live',
    'games.open': 'Open',
    'games.notify': 'Notify me of my turn',
    'games.notify_granted': 'Your turns are notified while the page is hidden.',
    'games.notify_denied': 'This browser blocks notifications from this site.',
  },
  ru: {
    'games.need_name': 'Выберите имя, чтобы видеть свои партии.',
    'games.none': 'Идущих партий нет.',
    'games.your_move': 'Ваш ход',
    'games.their_move': 'Ход соперника',
    'games.against': 'против {player}',
    'games.live': 'идёт сейчас',
    'games.open': 'Открыть',
    'games.notify': 'Сообщать о моём ходе',
    'games.notify_granted': 'Пока страница скрыта, браузер сообщит о вашем ходе.',
    'games.notify_denied': 'Браузер запретил уведомления с этого сайта.',
  },
};

/** These words in the language of the page's translator `t` (English if it has none). */
export const gamesWords = (t) => translator(t.lang, WORDS[t.lang] ?? WORDS.en);
