// The words of the "Play the computer" dialog, in each language of i18n.js (the same
// keys; a unit test checks). Kept apart from i18n/*.js, which every page loads, to leave
// the game page room under its 150 KiB: the dialog loads them with its code.

import { translator } from '../i18n.js';

export const WORDS = {
  en: {
    'computer.title': 'Play the computer',
    'computer.level': 'Level',
    'computer.level_option': 'Level {n}',
    'computer.level_1': 'A beginner: looks one move ahead and often blunders.',
    'computer.level_2': 'A novice: still blunders now and then.',
    'computer.level_3': 'A casual player: sees simple captures, misses deeper ones.',
    'computer.level_4': 'A club player: a short, careful search.',
    'computer.level_5': 'A strong club player: rarely leaves a piece hanging.',
    'computer.level_6': 'An expert: searches a few moves deeper.',
    'computer.level_7': 'A master: a long search on every move.',
    'computer.level_8': 'The strongest: all the time the clock allows.',
    'computer.submit': 'Play',
    'computer.close': 'Close',
    'computer.no_computer': 'No computer player is connected to this server right now. Its operator starts one with scripts/serve --bot (see docs/bot.md).',
    'computer.did_not_come': 'The computer did not come; is a bot running? Try again in a moment.',
  },
  ru: {
    'computer.title': 'Игра с компьютером',
    'computer.level': 'Уровень',
    'computer.level_option': 'Уровень {n}',
    'computer.level_1': 'Новичок: смотрит на ход вперёд и часто зевает.',
    'computer.level_2': 'Начинающий: ещё зевает время от времени.',
    'computer.level_3': 'Любитель: видит простые взятия, глубокие упускает.',
    'computer.level_4': 'Игрок клуба: короткий, но аккуратный расчёт.',
    'computer.level_5': 'Сильный игрок клуба: редко оставляет фигуру под боем.',
    'computer.level_6': 'Эксперт: считает на несколько ходов глубже.',
    'computer.level_7': 'Мастер: долгий расчёт каждого хода.',
    'computer.level_8': 'Сильнейший: всё время, что позволяют часы.',
    'computer.submit': 'Играть',
    'computer.close': 'Закрыть',
    'computer.no_computer': 'Сейчас к этому серверу не подключён ни один компьютерный игрок. Администратор запускает его командой scripts/serve --bot (см. docs/bot.md).',
    'computer.did_not_come': 'Компьютер не пришёл; запущен ли бот? Попробуйте ещё раз чуть позже.',
  },
};

/** These words in the language of the page's translator `t` (English if it has none). */
export const computerWords = (t) => translator(t.lang, WORDS[t.lang] ?? WORDS.en);
