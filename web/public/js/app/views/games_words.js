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
    'notify.title': 'Tell me when it is my turn',
    'notify.about': 'For correspondence games, while you are away: a mail, or a signed POST to a URL of yours (for a chat bridge).',
    'notify.need_account': 'Register to be told of your turns by mail.',
    'notify.email': 'Email',
    'notify.no_mail': 'This server sends no mail.',
    'notify.verified': 'Verified.',
    'notify.unverified': 'Open the link we sent to this address.',
    'notify.webhook': 'Webhook URL',
    'notify.secret': 'Signed with',
    'notify.on_move': 'On each move of my opponent (else reminders only)',
    'notify.reminders': 'Reminders, hours before a deadline',
    'notify.bad_reminders': 'Reminders: up to 4 whole hours from 1 to 336, e.g. 24, 2 (or none).',
    'notify.save': 'Save',
    'notify.saved': 'Saved.',
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
    'notify.title': 'Сообщать, когда мой ход',
    'notify.about': 'Для партий по переписке, пока вас нет: письмо или подписанный POST на ваш URL (например, для мессенджера).',
    'notify.need_account': 'Зарегистрируйтесь, чтобы получать письма о своём ходе.',
    'notify.email': 'Почта',
    'notify.no_mail': 'Этот сервер не отправляет писем.',
    'notify.verified': 'Адрес подтверждён.',
    'notify.unverified': 'Откройте ссылку из письма, отправленного на этот адрес.',
    'notify.webhook': 'URL вебхука',
    'notify.secret': 'Подпись ключом',
    'notify.on_move': 'О каждом ходе соперника (иначе только напоминания)',
    'notify.reminders': 'Напоминания, за сколько часов до срока',
    'notify.bad_reminders': 'Напоминания: до 4 целых чисел часов от 1 до 336, например 24, 2 (или none).',
    'notify.save': 'Сохранить',
    'notify.saved': 'Сохранено.',
  },
};

/** These words in the language of the page's translator `t` (English if it has none). */
export const gamesWords = (t) => translator(t.lang, WORDS[t.lang] ?? WORDS.en);
