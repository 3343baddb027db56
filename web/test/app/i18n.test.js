import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, pickLanguage, translator, loadTranslator } from '../../public/js/app/i18n.js';
import en from '../../public/js/app/i18n/en.js';
import ru from '../../public/js/app/i18n/ru.js';
import { WORDS as TOURNAMENT_WORDS } from '../../public/js/app/views/tournament_words.js';
import { WORDS as GAMES_WORDS } from '../../public/js/app/views/games_words.js';

const TABLES = { en, ru };

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/js/app');
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every key is in both languages, with the same placeholders, and none is empty', () => {
  const en = Object.keys(TABLES.en).sort();
  const ru = Object.keys(TABLES.ru).sort();
  assert.deepEqual(ru.filter((k) => !TABLES.en[k]), [], 'in Russian only');
  assert.deepEqual(en.filter((k) => !TABLES.ru[k]), [], 'in English only');
  for (const key of en) {
    assert.ok(TABLES.en[key].trim() && TABLES.ru[key].trim(), key);
    assert.deepEqual(placeholders(TABLES.ru[key]), placeholders(TABLES.en[key]), key);
  }
});

test('every key the code asks for by name is in the tables', () => {
  const files = [];
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).forEach((e) =>
    e.isDirectory() ? e.name !== 'i18n' && walk(path.join(dir, e.name)) : e.name.endsWith('.js') && files.push(path.join(dir, e.name)));
  walk(appDir);
  const missing = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-z_]+\.[a-z_.]+)'/g)) if (!(m[1] in TABLES.en)) missing.push(`${path.basename(file)}: ${m[1]}`);
    // Keys built from data (`error.${code}`) fall back by design; the fixed ones must exist
    // (the create-tournament form's in the tournament pages' own words).
    const own = path.basename(file) === 'tournament.js' ? TOURNAMENT_WORDS.en : {};
    for (const m of text.matchAll(/error: '([a-z_.]+)'/g)) if (!(m[1] in TABLES.en) && !(m[1] in own)) missing.push(`${path.basename(file)}: ${m[1]}`);
  }
  assert.deepEqual(missing, []);
});

test('the facts the server names have words in both languages', () => {
  const games = ['tavlei', 'tablut', 'seatafl', 'copenhagen', 'brandubh', 'draughts', 'alquerque'];
  const sides = ['attackers', 'defenders', 'white', 'black'];
  const reasons = ['king_captured', 'king_escaped', 'no_attackers', 'no_legal_move', 'no_pieces', 'repetition', 'exit_fort', 'encircled', 'kings_only', 'resignation', 'agreement', 'time', 'abandonment'];
  const options = ['size', 'king_limit', 'move_limit'];
  const keys = [...games.map((g) => `game.${g}`), ...sides.map((s) => `side.${s}`), ...reasons.map((r) => `reason.${r}`), ...options.map((o) => `option.${o}`)];
  for (const lang of Object.keys(TABLES)) for (const k of keys) assert.ok(TABLES[lang][k], `${lang} ${k}`);
  // The rules in a sentence are the lobby's own words (views/games_words.js).
  for (const lang of Object.keys(TABLES)) for (const g of games) assert.ok(GAMES_WORDS[lang][`rules.${g}`], `${lang} rules.${g}`);
  assert.equal(TABLES.ru['game.draughts'], 'Русские шашки');
});

test('the language: the stored choice, else the first browser language we have, else English', () => {
  assert.equal(pickLanguage('ru', ['en-US']), 'ru');
  assert.equal(pickLanguage(null, ['ru-RU', 'en']), 'ru');
  assert.equal(pickLanguage(null, ['de-DE', 'ru']), 'ru');
  assert.equal(pickLanguage(null, ['de-DE', 'fr']), 'en');
  assert.equal(pickLanguage('xx', ['RU']), 'ru');
  assert.equal(pickLanguage(undefined, []), 'en');
});

test('every language offered has its table', async () => {
  assert.deepEqual(LANGUAGES, Object.keys(TABLES));
  for (const lang of LANGUAGES) assert.equal((await loadTranslator(lang))('nav.lobby'), TABLES[lang]['nav.lobby']);
});

test('the translator fills placeholders; a missing key reads as itself', () => {
  const t = translator('ru', ru);
  assert.equal(t('status.to_move', { player: 'bob', side: 'чёрные' }), 'Ходит bob (чёрные)');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(t('status.draw'), 'Ничья: {reason}');
  assert.equal(t.maybe('option.nope', 'the server’s words'), 'the server’s words');
  assert.equal(t.maybe('option.size', 'x'), 'размер доски');
});
