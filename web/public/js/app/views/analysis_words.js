// The words of the analysis board (/analysis/{id}), in each language of i18n.js (the
// same keys; a unit test checks). Kept apart from i18n/*.js, which every page loads.

import { translator } from '../i18n.js';

export const WORDS = {
  en: {
    'an.title': 'Analysis',
    'an.back': 'Back to the game',
    'an.engine': 'Engine',
    'an.loading': 'Loading the engine…',
    'an.thinking': 'Thinking…',
    'an.failed': 'The engine could not run here: {reason}',
    'an.over': 'The game is over here.',
    'an.depth': 'depth {n}',
    'an.bar': 'The filled part: how well the {first} stand',
    'an.best': 'Best move: {move}',
    'an.line': 'Best line: {line}',
    'an.mate': '{side} wins in {n}',
    'an.escape': 'The king escapes in {n}',
    'an.routes': 'The king’s open routes: {moves}',
    'an.no_routes': 'The king has no open route to an escape square.',
    'an.variation': 'Your variation from move {n}:',
    'an.exit': 'Back to the game’s moves',
    'an.try': 'Play any legal move on the board to try it.',
    'an.whole': 'Analyse the whole game',
    'an.progress': 'Analysing: position {n} of {of}…',
    'an.done': 'Analysed {of} positions in {seconds} s.',
    'an.graph': 'Evaluation over the game (up: {first})',
    'an.marks': 'Where it went wrong',
    'an.no_marks': 'No mistake found at this budget.',
    'an.mistake': 'mistake',
    'an.blunder': 'blunder',
    'an.instead': 'best was {move}',
    'an.offline': 'Works offline once loaded: the engine runs in this browser.',
    'an.explorer': 'Opening explorer',
  },
  ru: {
    'an.title': 'Анализ',
    'an.back': 'Назад к партии',
    'an.engine': 'Движок',
    'an.loading': 'Загрузка движка…',
    'an.thinking': 'Думает…',
    'an.failed': 'Движок не запустился: {reason}',
    'an.over': 'Здесь партия окончена.',
    'an.depth': 'глубина {n}',
    'an.bar': 'Закрашенная часть: насколько хорошо стоят {first}',
    'an.best': 'Лучший ход: {move}',
    'an.line': 'Лучшее продолжение: {line}',
    'an.mate': '{side}: выигрыш за {n}',
    'an.escape': 'Король уходит за {n}',
    'an.routes': 'Открытые пути короля: {moves}',
    'an.no_routes': 'У короля нет открытого пути к спасительному полю.',
    'an.variation': 'Ваш вариант с хода {n}:',
    'an.exit': 'Назад к ходам партии',
    'an.try': 'Сделайте на доске любой допустимый ход, чтобы его проверить.',
    'an.whole': 'Проанализировать всю партию',
    'an.progress': 'Анализ: позиция {n} из {of}…',
    'an.done': 'Проанализировано позиций: {of}, за {seconds} с.',
    'an.graph': 'Оценка по ходу партии (вверху: {first})',
    'an.marks': 'Где была ошибка',
    'an.no_marks': 'При таком бюджете ошибок не найдено.',
    'an.mistake': 'ошибка',
    'an.blunder': 'грубая ошибка',
    'an.instead': 'лучше было {move}',
    'an.offline': 'Загрузившись, работает и без сети: движок считает в этом браузере.',
    'an.explorer': 'Дебютный справочник',
  },
};

/** These words in the page's language (English if it has none), else the main table's. */
export function analysisWords(t) {
  const table = WORDS[t.lang] ?? WORDS.en;
  const own = translator(t.lang, table);
  const w = (key, params) => (key in table ? own(key, params) : t(key, params));
  w.maybe = (key, fallback) => (key in table ? own(key) : t.maybe(key, fallback));
  w.lang = t.lang;
  return w;
}
