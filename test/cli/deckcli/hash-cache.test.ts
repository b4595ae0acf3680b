// The stat cache of hashes: trusted only for unchanged, non-racy entries.
import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectFiles } from '../../../cli/deckcli/publish/files.ts';
import { cacheFileFor, hashWithCache } from '../../../cli/deckcli/publish/hash-cache.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function setup() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hash-cache-'));
  const env = { HOME: mkdtempSync(path.join(os.tmpdir(), 'hash-home-')) };
  const old = (Date.now() - 60_000) / 1000;
  for (const [p, body] of Object.entries({ 'index.html': 'a', 'b.css': 'bb', 'c.js': 'ccc' })) {
    writeFileSync(path.join(root, p), body);
    utimesSync(path.join(root, p), old, old);
  }
  return { root, env };
}

test('an unchanged folder is not read again; the cache file is private', async (t) => {
  const { root, env } = setup();
  const first = await hashWithCache(root, collectFiles(root).files, env);
  t.is(first.hashed, 3);
  t.is(first.hashes.get('b.css'), sha('bb'));
  const again = await hashWithCache(root, collectFiles(root).files, env);
  t.is(again.hashed, 0);
  t.deepEqual([...again.hashes], [...first.hashes]);
  t.is(statSync(cacheFileFor(root, env)).mode & 0o777, 0o600);
});

test('a changed file is hashed again, even with the same size', async (t) => {
  const { root, env } = setup();
  await hashWithCache(root, collectFiles(root).files, env);
  writeFileSync(path.join(root, 'b.css'), 'xx'); // same size, new mtime
  const r = await hashWithCache(root, collectFiles(root).files, env);
  t.is(r.hashed, 1);
  t.is(r.hashes.get('b.css'), sha('xx'));
});

test('racily clean entries (changed within the second before the cache was written) are never trusted', async (t) => {
  const { root, env } = setup();
  writeFileSync(path.join(root, 'c.js'), 'ddd');
  // An mtime no earlier than the cache's own write, whatever the machine's load: a busy machine
  // could otherwise take longer than the racy window between this write and the cache's.
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(root, 'c.js'), later, later);
  await hashWithCache(root, collectFiles(root).files, env);
  const r = await hashWithCache(root, collectFiles(root).files, env);
  t.is(r.hashed, 1, 'the recent file is hashed again');
  t.is(r.hashes.get('c.js'), sha('ddd'));
});

test('a corrupt cache is ignored', async (t) => {
  const { root, env } = setup();
  await hashWithCache(root, collectFiles(root).files, env);
  writeFileSync(cacheFileFor(root, env), '{ not json');
  const r = await hashWithCache(root, collectFiles(root).files, env);
  t.is(r.hashed, 3);
  t.is(r.hashes.get('index.html'), sha('a'));
});
