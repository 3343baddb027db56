// The pages' weight: what each page of the app actually loads, as scripts and
// stylesheets, uncompressed, must stay within the 150 KiB. The module graph is
// read from the sources: index.html's stylesheet and module script, each module's static
// imports (`import ... from`, `export ... from`, bare `import '...'`), its dynamic
// `import('...')`s and the stylesheets it links ('/....css' literals). A page loads the
// entry's static graph, one language table (the larger is counted), and the whole graph
// (static and dynamic) of its view, as app.js's VIEWS table names it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const LIMIT = 150 * 1024;
const size = (file) => fs.statSync(path.join(root, file)).size;
const rel = (from, spec) => (spec.startsWith('/') ? spec.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)));
// Whole-line comments first (one may mention `views/*.js`), then block comments.
const uncommented = (text) => text.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');

/** {dynamic, patterns, css} named by one module (paths relative to public/). */
export function importsOf(file, text = fs.readFileSync(path.join(root, file), 'utf8')) {
  const src = uncommented(text);
  const all = (re) => [...src.matchAll(re)].map((m) => rel(file, m[1]));
  return {
    dynamic: all(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    // import(`./i18n/${lang}.js`): one of the files the template can name.
    patterns: [...src.matchAll(/\bimport\(\s*`([^`]+)`\s*\)/g)].map((m) => m[1]),
    css: all(/['"](\/[\w/.-]+\.css)['"]/g),
  };
}

// Static imports: `import ... from`, `export ... from`, bare `import '...'`.
function staticOf(file, text) {
  const src = uncommented(text);
  return [...src.matchAll(/(?:^|[\s;}])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/gm), ...src.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm)]
    .map((m) => rel(file, m[1]));
}

/** The files reached from `entries`; `dynamic` follows import() too. Language tables are left to the caller. */
export function graph(entries, { dynamic }) {
  const seen = new Set();
  const todo = [...entries];
  while (todo.length) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const found = importsOf(file, text);
    todo.push(...staticOf(file, text), ...found.css);
    if (dynamic) todo.push(...found.dynamic);
  }
  return seen;
}

function pages() {
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script type="module" src="\/([^"]+)"/g), ...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((m) => m[1]);
  const base = graph(entry, { dynamic: false });
  const tables = fs.readdirSync(path.join(root, 'js/app/i18n')).map((f) => `js/app/i18n/${f}`);
  const language = tables.reduce((a, b) => (size(a) >= size(b) ? a : b));
  const app = fs.readFileSync(path.join(root, 'js/app/app.js'), 'utf8');
  const views = [...app.matchAll(/^\s*(\w+): \(\) => import\('([^']+)'\)/gm)].map((m) => [m[1], rel('js/app/app.js', m[2])]);
  return { entry, base, language, views: Object.fromEntries(views.map(([name, file]) => {
    const files = new Set([...base, language, ...graph([file], { dynamic: true })]);
    return [name, files];
  })) };
}

const total = (files) => [...files].reduce((a, f) => a + size(f), 0);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

test('the module graph is read from the sources', () => {
  const found = importsOf('js/app/x.js', `// import { no } from './commented.js';
/** @param {import('../app.js').App} app */
import { a } from './a.js';
import './side.js';
export { b } from '../b.js';
const v = () => import('./views/v.js');
const l = await import(\`./i18n/\${lang}.js\`);
css.href = '/js/board/board.css';`);
  assert.deepEqual(found.dynamic, ['js/app/views/v.js']);
  assert.deepEqual(found.patterns, ['./i18n/${lang}.js']);
  assert.deepEqual(found.css, ['js/board/board.css']);
  assert.deepEqual(staticOf('js/app/x.js', `import { a } from './a.js';\nimport './side.js';\nexport { b } from '../b.js';\n// import { no } from './no.js';`).sort(), ['js/app/a.js', 'js/app/side.js', 'js/b.js']);
});

test('each page loads at most 150 KiB of scripts and styles', (t) => {
  const { base, views } = pages();
  assert.ok(['lobby', 'room', 'game', 'archive', 'player', 'leaderboard', 'tournaments', 'tournament', 'analysis', 'explorer'].every((v) => v in views), `views: ${Object.keys(views)}`);
  for (const [name, files] of Object.entries(views)) {
    const bytes = total(files);
    t.diagnostic(`${name}: ${bytes} bytes (${kib(bytes)}), ${files.size} files`);
    assert.ok(bytes <= LIMIT, `the ${name} page loads ${bytes} bytes, over ${LIMIT}`);
  }
  t.diagnostic(`common to all (entry's static graph): ${kib(total(base))}`);
});

test('the game page loads the board and its stylesheet; the lobby does not', () => {
  const { views } = pages();
  for (const f of ['js/board/board.js', 'js/board/board.css', 'js/app/views/live_game.js', 'js/app/views/chat.js']) assert.ok(views.game.has(f), f);
  assert.ok(!views.lobby.has('js/board/board.js'));
});

test('the profile and leaderboard views are loaded only on their pages', () => {
  const { base, views } = pages();
  for (const f of ['js/app/views/profile.js', 'js/app/views/leaderboard.js']) {
    assert.ok(!base.has(f), `${f} is in the entry's static graph`);
    assert.ok(!views.game.has(f) && !views.lobby.has(f), `${f} is loaded by the game or the lobby`);
  }
  assert.ok(views.player.has('js/app/views/profile.js'));
  assert.ok(views.leaderboard.has('js/app/views/leaderboard.js'));
});

test('the /games view, its words and the other pages’ stylesheet are not loaded by the game page', () => {
  const { base, views } = pages();
  for (const f of ['js/app/views/my_games.js', 'js/app/views/games_words.js', 'js/app/games_list.js', 'css/pages.css']) {
    assert.ok(!base.has(f) && !views.game.has(f), `${f} is loaded by the game page`);
    assert.ok(views.games.has(f), `${f} is not loaded by /games`);
  }
  for (const name of ['lobby', 'room', 'archive', 'player', 'leaderboard']) assert.ok(views[name].has('css/pages.css'), name);
});

test('the tournament pages’ code, words and stylesheet are theirs alone; the lobby takes only the summary', () => {
  const { base, views } = pages();
  const theirs = { 'js/app/views/tournaments.js': ['tournaments'], 'js/app/views/tournament_form.js': ['tournaments'], 'js/app/views/tournament.js': ['tournament'],
    'js/app/views/tournament_words.js': ['tournaments', 'tournament'], 'js/app/tournament.js': ['tournaments', 'tournament'], 'css/tournaments.css': ['tournaments', 'tournament'] };
  for (const [f, on] of Object.entries(theirs)) {
    assert.ok(!base.has(f) && !views.game.has(f) && !views.lobby.has(f), `${f} is loaded by the game page or the lobby`);
    for (const name of on) assert.ok(views[name].has(f), `${f} is not loaded by ${name}`);
  }
  assert.ok(views.lobby.has('js/app/tournament_summary.js') && !views.game.has('js/app/tournament_summary.js'));
  // The words moved out of the main tables to make room: only their pages load them.
  for (const [f, on] of [['js/app/views/page_words.js', ['archive', 'player', 'leaderboard']], ['js/app/views/computer_words.js', ['lobby']]]) {
    assert.ok(!base.has(f) && !views.game.has(f), f);
    for (const name of on) assert.ok(views[name].has(f), `${f} on ${name}`);
  }
});

test('the opening explorer’s code, words and stylesheet are its page’s alone; it draws with the board module', () => {
  const { base, views } = pages();
  for (const f of ['js/app/views/explorer.js', 'js/app/explorer_state.js', 'js/app/views/explorer_words.js', 'css/explorer.css']) {
    assert.ok(!base.has(f) && !views.game.has(f) && !views.lobby.has(f) && !views.analysis.has(f), `${f} is loaded by another page`);
    assert.ok(views.explorer.has(f), `${f} is not loaded by the explorer`);
  }
  assert.ok(views.explorer.has('js/board/board.js') && views.explorer.has('js/app/views/engine_worker.js'));
});

test('the API tokens page’s code, words and stylesheet are its own: the game page gains only its route', () => {
  const { base, views } = pages();
  assert.ok('account' in views);
  for (const f of ['js/app/views/account.js', 'js/app/account_tokens.js', 'js/app/views/account_words.js', 'js/app/views/account_style.js', 'css/account.css']) {
    assert.ok(!base.has(f), `${f} is in the entry's static graph`);
    for (const [name, files] of Object.entries(views)) if (name !== 'account') assert.ok(!files.has(f), `${f} is loaded by ${name}`);
    assert.ok(views.account.has(f), `${f} is not loaded by the tokens page`);
  }
});

test('challenges’ code, words and stylesheet are not on any page’s first load but the profile’s (app.js loads them on a challenge)', () => {
  const { base, views } = pages();
  for (const f of ['js/app/views/challenge.js', 'js/app/challenge.js', 'js/app/views/challenge_words.js', 'js/app/views/challenge_style.js', 'css/challenge.css']) {
    assert.ok(!base.has(f), `${f} is in the entry's static graph`);
    for (const [name, files] of Object.entries(views)) if (name !== 'player') assert.ok(!files.has(f), `${f} is loaded by ${name}`);
    assert.ok(views.player.has(f), `${f} is not reached from the profile`);
  }
});

test('the moderators’ page’s code, words and stylesheet are its own: every page gains only its route and the header’s link', () => {
  const { base, views } = pages();
  assert.ok('admin' in views);
  for (const f of ['js/app/views/admin.js', 'js/app/moderation.js', 'js/app/views/admin_words.js', 'js/app/views/admin_style.js', 'css/admin.css']) {
    assert.ok(!base.has(f), `${f} is in the entry's static graph`);
    for (const [name, files] of Object.entries(views)) if (name !== 'admin') assert.ok(!files.has(f), `${f} is loaded by ${name}`);
    assert.ok(views.admin.has(f), `${f} is not loaded by the moderators' page`);
  }
});

test('the report dialog is on no page’s first load but the profile’s (the game page loads it through app.report, on the first use)', () => {
  const { base, views } = pages();
  const dialog = ['js/app/views/report_dialog.js', 'js/app/views/report_style.js', 'css/report.css'];
  for (const f of [...dialog, 'js/app/report.js', 'js/app/views/report_words.js']) {
    assert.ok(!base.has(f), `${f} is in the entry's static graph`);
    for (const [name, files] of Object.entries(views)) if (name !== 'player' && !(name === 'admin' && !dialog.includes(f))) assert.ok(!files.has(f), `${f} is loaded by ${name}`);
    assert.ok(views.player.has(f), `${f} is not reached from the profile`);
  }
});

test('every script and stylesheet under public/ is reached by some page', () => {
  const { views, language } = pages();
  const reached = new Set(Object.values(views).flatMap((s) => [...s]));
  // A Web Worker's script (the engine's, js/engine/worker.js) runs beside the page, on its
  // own thread and budget (docs/wasm.md): reached, not weighed.
  const workers = [...reached].filter((f) => f.endsWith('.js')).flatMap((f) =>
    [...uncommented(fs.readFileSync(path.join(root, f), 'utf8')).matchAll(/new Worker\(\s*['"]\/([^'"]+)['"]/g)].map((m) => m[1]));
  for (const f of graph(workers, { dynamic: true })) reached.add(f);
  const files = (dir) => fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(`${dir}/${e.name}`) : /\.(js|css)$/.test(e.name) ? [`${dir}/${e.name}`] : []);
  const stray = [...files('js'), ...files('css')].filter((f) => !reached.has(f) && !(f.startsWith('js/app/i18n/') && f !== language));
  assert.deepEqual(stray, [], 'files no page loads (or that the graph reader missed)');
});
