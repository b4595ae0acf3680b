// Push rules that run before any request: skipped names, .deckcliignore, symlinks, entry
// detection, the per-file cap, attachments and streaming hashes.
import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attachmentsOf, checkCap, collectFiles, detectEntry, hashAll } from '../../../cli/deckcli/publish/files.ts';
import { ignored, parseIgnore } from '../../../cli/deckcli/publish/ignore.ts';
import { manifestPathProblem } from '../../../core/wire/deck-paths.ts';

function deck(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'deck-files-'));
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), body);
  }
  return root;
}

const paths = (root: string) => collectFiles(root).files.map((f) => f.path);

test('always skipped: dot-prefixed anywhere, node_modules, Thumbs.db, package.json, lockfiles, the link and ignore files', (t) => {
  const root = deck({
    'index.html': 'x', 'a/.secret': 'x', '.git/config': 'x', 'node_modules/m/i.js': 'x', 'img/Thumbs.db': 'x',
    'package.json': '{}', 'package-lock.json': '{}', 'sub/yarn.lock': 'x', '.deckcli.json': '{}', '.deckcliignore': '', 'img/a.png': 'x',
  });
  t.deepEqual(paths(root), ['img/a.png', 'index.html']);
});

test('symlinks are never followed (files or directories)', (t) => {
  const outside = deck({ 'secret.txt': 'top secret' });
  const root = deck({ 'index.html': 'x' });
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(outside, path.join(root, 'dir'));
  const r = collectFiles(root);
  t.deepEqual(r.files.map((f) => f.path), ['index.html']);
  t.deepEqual(r.symlinksSkipped.sort(), ['dir', 'leak.txt']);
});

test('pushing a single skipped dotfile is an error, not an upload', (t) => {
  const root = deck({ '.env': 'KEY=1', 'slides.html': 'x' });
  const e = t.throws(() => collectFiles(path.join(root, '.env')));
  t.is((e as { exitCode?: number }).exitCode, 2);
  t.regex(e!.message, /never published/);
  const one = collectFiles(path.join(root, 'slides.html'));
  t.deepEqual(one.files.map((f) => f.path), ['slides.html']);
  t.is(detectEntry(one), 'slides.html');
});

test('.deckcliignore: comments, *, ?, **, directory-only, anchored vs any segment', (t) => {
  const rules = parseIgnore(['# drafts', '*.psd', 'draft?.html', 'build/', '/notes.md', 'assets/**/raw', 'docs/*.txt', ''].join('\n'));
  t.true(ignored(rules, 'a/b/cover.psd', false));
  t.true(ignored(rules, 'draft1.html', false));
  t.false(ignored(rules, 'draft10.html', false));
  t.true(ignored(rules, 'x/build', true));
  t.false(ignored(rules, 'x/build', false), 'trailing / means directories only');
  t.true(ignored(rules, 'notes.md', false));
  t.false(ignored(rules, 'sub/notes.md', false), 'a pattern with / is anchored to the root');
  t.true(ignored(rules, 'assets/raw', false));
  t.true(ignored(rules, 'assets/a/b/raw', false));
  t.true(ignored(rules, 'docs/a.txt', false));
  t.false(ignored(rules, 'docs/sub/a.txt', false));
  t.false(ignored(rules, 'COVER.PSD', false), 'case sensitive, as the file system of the deck may be');
  t.true(ignored(rules, 'x/build/out.js', false), 'inside an ignored directory');
  const root = deck({ 'index.html': 'x', 'cover.psd': 'x', 'build/out.js': 'x', 'keep/build.txt': 'x', '.deckcliignore': '*.psd\nbuild/\n' });
  t.deepEqual(paths(root), ['index.html', 'keep/build.txt']);
});

test('.deckcliignore limits: 256 characters, 8 **, no ! negation; the error names the line', (t) => {
  t.notThrows(() => parseIgnore('a'.repeat(256)));
  t.regex(t.throws(() => parseIgnore('ok\n' + 'a'.repeat(257)))!.message, /line 2: a pattern is at most 256 characters/);
  t.notThrows(() => parseIgnore(Array(8).fill('**').join('/')));
  t.regex(t.throws(() => parseIgnore(Array(9).fill('**').join('/')))!.message, /line 1: a pattern holds at most 8 \*\* wildcards/);
  t.regex(t.throws(() => parseIgnore('# c\n\n!keep.html'))!.message, /line 3: ! negation is not supported/);
  t.regex(t.throws(() => parseIgnore('a\n//'))!.message, /line 2: the pattern names nothing/);
});

test('entry detection: --entry, else index.html, else the only .html, else candidates listed', (t) => {
  t.is(detectEntry(collectFiles(deck({ 'index.html': 'x', 'b.html': 'x' }))), 'index.html');
  t.is(detectEntry(collectFiles(deck({ 'talk.html': 'x', 'downloads/notes.html': 'x' }))), 'talk.html');
  t.is(detectEntry(collectFiles(deck({ 'a.html': 'x', 'b.html': 'x' })), './b.html'), 'b.html');
  t.regex(t.throws(() => detectEntry(collectFiles(deck({ 'a.html': 'x', 'b.html': 'x' }))))!.message, /pass --entry with one of:\n  a\.html\n  b\.html/);
  t.regex(t.throws(() => detectEntry(collectFiles(deck({ 'a.css': 'x' }))))!.message, /no \.html file/);
  t.regex(t.throws(() => detectEntry(collectFiles(deck({ 'a.html': 'x' })), 'nope.html'))!.message, /not one of the files/);
});

test('the per-file cap names the file and the cap', (t) => {
  const root = deck({ 'index.html': 'x', 'big.bin': 'x'.repeat(2 * 1024 * 1024 + 1) });
  const d = collectFiles(root);
  t.notThrows(() => checkCap(d, 3));
  t.regex(t.throws(() => checkCap(d, 2))!.message, /^big\.bin is 2\.0 MB, over the per-file cap of 2 MB; nothing was uploaded$/);
});

test('attachments are downloads/ at the root only; hashes stream and match sha256', async (t) => {
  const root = deck({ 'index.html': '<h1>x</h1>', 'downloads/a.pdf': 'aaaa', 'downloads/sub/b.zip': 'bb', 'img/downloads/c.txt': 'c' });
  const d = collectFiles(root);
  t.deepEqual(attachmentsOf(d), { count: 2, sizeBytes: 6 });
  const h = await hashAll(d.files, 2);
  t.is(h.get('index.html'), createHash('sha256').update('<h1>x</h1>').digest('hex'));
  t.is(h.size, 4);
});

test('manifest path rules (shared with the server)', (t) => {
  for (const ok of ['index.html', 'img/a b.png', 'downloads/r.pdf', 'ünï/çødé.html']) t.is(manifestPathProblem(ok), null, ok);
  const bad: Record<string, RegExp> = {
    '/etc/passwd': /absolute/, 'C:/x': /absolute/, '../x': /climbs/, 'a/../../x': /climbs/, 'a//b': /empty segment/,
    'a\\b': /backslash/, 'a\u0000b': /control/, 'a\nb': /control/, '.env': /excluded/, 'a/.git/config': /excluded/,
    'node_modules/x.js': /excluded/, 'package.json': /excluded/, 'x/yarn.lock': /excluded/, 'Thumbs.db': /excluded/, '': /empty/,
  };
  for (const [p, why] of Object.entries(bad)) t.regex(manifestPathProblem(p) ?? 'null', why, JSON.stringify(p));
});
