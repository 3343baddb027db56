// The page's weight: every script and stylesheet served from web/public, uncompressed,
// must stay within the 150 KiB (a page loads less: only its own views, one
// language table, and the board on game pages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const LIMIT = 150 * 1024;

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : /\.(js|css)$/.test(e.name) ? [path.join(dir, e.name)] : []);
}

test('all scripts and styles together stay within 150 KiB', (t) => {
  const sizes = files(root).map((f) => [path.relative(root, f), fs.statSync(f).size]);
  const total = sizes.reduce((a, [, s]) => a + s, 0);
  const part = (re) => sizes.filter(([f]) => re.test(f)).reduce((a, [, s]) => a + s, 0);
  t.diagnostic(`total ${total} bytes (${(total / 1024).toFixed(1)} KiB): app ${part(/^js\/app\//)}, board ${part(/^js\/board\//)}, css ${part(/^css\//)}`);
  assert.ok(total <= LIMIT, `${total} bytes served as JS and CSS, over ${LIMIT}`);
});
