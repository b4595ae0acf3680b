// `deckcli open <folder>`: composes the deck page URL from .deckcli.json, no key, no network.
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deckcli, makeHome } from './run.ts';

function folder(link?: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deck-'));
  if (link !== undefined) writeFileSync(path.join(dir, '.deckcli.json'), JSON.stringify(link));
  return dir;
}

test('prints and opens the deck page with the platform opener, URL as one argument', async (t) => {
  const h = makeHome();
  const dir = folder({ presentationId: 'abc-123', baseUrl: 'https://decks.example.test/' });
  const r = await deckcli(['open', dir], h.env);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'https://decks.example.test/decks/abc-123/present\n');
  t.deepEqual(h.opened(), [['https://decks.example.test/decks/abc-123/present']]);
});

test('--json prints { presentationId, baseUrl, url } and opens nothing', async (t) => {
  const h = makeHome();
  const dir = folder({ presentationId: 'abc', baseUrl: 'http://127.0.0.1:9' });
  const r = await deckcli(['open', dir, '--json'], h.env);
  t.deepEqual(JSON.parse(r.stdout), { presentationId: 'abc', baseUrl: 'http://127.0.0.1:9', url: 'http://127.0.0.1:9/decks/abc/present' });
  t.deepEqual(h.opened(), []);
});

test('an unlinked folder is an error pointing at push', async (t) => {
  const h = makeHome();
  const dir = folder();
  const r = await deckcli(['open', dir], h.env);
  t.is(r.code, 2);
  t.regex(r.stderr, new RegExp(`not linked to a deck yet: publish it first with deckcli push ${dir}`));
  t.deepEqual(h.opened(), []);
});

test('a link file whose instance is not an http(s) URL is refused before the opener', async (t) => {
  const h = makeHome();
  for (const baseUrl of ['javascript:alert(1)', 'file:///etc/passwd', '--help', 'https://user:pw@x.test']) {
    const r = await deckcli(['open', folder({ presentationId: 'x', baseUrl })], h.env);
    t.is(r.code, 2, baseUrl);
    t.regex(r.stderr, /not an http\(s\) URL/);
  }
  t.deepEqual(h.opened(), []);
  const broken = await deckcli(['open', folder({ presentationId: 5 })], h.env);
  t.regex(broken.stderr, /needs presentationId and baseUrl/);
});
