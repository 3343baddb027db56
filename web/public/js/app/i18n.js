// The page's words: one table per language (i18n/en.js, i18n/ru.js, the same keys; a
// unit test checks), only the chosen one loaded. Pure but for that import.

export const LANGUAGES = ['en', 'ru'];

/** The language to use: the stored choice if known, else the first browser language we have. */
export function pickLanguage(stored, browserLanguages = []) {
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

/**
 * A translator over `table`: t('key', {name:'bob'}) fills `{name}`; a missing key reads
 * as itself. t.maybe(key, fallback) gives the fallback (e.g. the server's words) instead.
 */
export function translator(lang, table) {
  const t = (key, params = {}) =>
    (table[key] ?? key).replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  t.maybe = (key, fallback) => (key in table ? t(key) : fallback);
  t.lang = lang;
  return t;
}

export async function loadTranslator(lang) {
  return translator(lang, (await import(`./i18n/${lang}.js`)).default);
}
