// The page's words: one table per language (i18n/en.js, i18n/ru.js, the same keys),
// chosen from what the visitor picked before, else the browser's languages. Pure.

import en from './i18n/en.js';
import ru from './i18n/ru.js';

export const TABLES = { en, ru };
export const LANGUAGES = Object.keys(TABLES);

/** The language to use: the stored choice if known, else the first browser language we have. */
export function pickLanguage(stored, browserLanguages = []) {
  if (stored && TABLES[stored]) return stored;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (TABLES[base]) return base;
  }
  return 'en';
}

/**
 * A translator for `lang`: t('key', {name:'bob'}) fills `{name}` in the text. A key
 * missing from the table falls back to English, then to the key itself (tests check
 * that none is missing).
 */
export function translator(lang) {
  const table = TABLES[lang] || en;
  const t = (key, params = {}) => {
    const text = table[key] ?? en[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  };
  /** The text for `key` if the table has it, else `fallback` (e.g. a server's description). */
  t.maybe = (key, fallback) => (key in table ? t(key) : key in en ? en[key] : fallback);
  t.lang = lang;
  return t;
}
