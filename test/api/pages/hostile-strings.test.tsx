// Pages are React components rendered to static markup: every user string is escaped by
// default, in text and in attributes, and URLs from data are links only when http(s) or a
// local path. Hostile strings go in through the main user-controlled fields (a deck's title,
// a person's display name, a team's name, a chat message, a help request, a sign-in `next`)
// and must come out as text on every page that shows them: never a tag, never an attribute
// broken out of, never a javascript: link.
import test from 'ava';
import { Clock, createEvent, HOUR, importRoster } from '../../helpers/event.ts';
import { publish } from '../../helpers/deck.ts';
import { http } from '../../helpers/http.ts';
import { pageSignIn, person } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { renderMarkup, safeHref } from '../../../api/pages/html.tsx';
import { PostItem } from '../../../api/pages/event/shared.tsx';
import { JuryResultTable } from '../../../api/pages/event/jury.tsx';
import type { JuryResult } from '../../../core/wire/jury.ts';
import { embedOf } from '../../../api/routes/deck/embed-snippet.tsx';
import { entryPage, type EntryPage } from '../../../api/routes/deck/link-pages.tsx';
import type { Post } from '../../../core/wire/chats.ts';

const SCRIPT = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(1)';
const HOSTILE = `${SCRIPT}${BREAKOUT}`;

/** The attributes of every tag, quoted values removed (React escapes `"` and `>` inside them). */
function attributeNames(html: string): string[] {
  return [...html.matchAll(/<[a-zA-Z][^>]*>/g)].map((m) => m[0].replace(/"[^"]*"/g, '""'));
}

/** What must never reach a page: a live tag or an attribute broken out of. */
function assertInert(t: import('ava').ExecutionContext, html: string, where: string): void {
  t.false(html.includes('<script>alert'), `${where}: no script tag of ours to run`);
  t.false(html.includes('<img src=x'), `${where}: no injected img`);
  t.deepEqual(attributeNames(html).filter((tag) => /\son\w+\s*=/i.test(tag)), [], `${where}: no event handler attribute in any tag`);
  t.false(/href="\s*javascript:/i.test(html), `${where}: no javascript: link`);
}

const ESCAPED_SCRIPT = '&lt;script&gt;alert(1)&lt;/script&gt;';
const ESCAPED_BREAKOUT = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;';

let s: TestServer;
let owner: string;
let deckId: string;
let shareUrl: string;

test.before(async () => {
  s = await startTestServer();
  const ws = await seed.workspace(s.db.pool, `Acme ${BREAKOUT}`);
  await person(s.db.pool, ws.id, 'owner@acme.test', 'owner', `Mallory ${HOSTILE}`);
  const deckKey = (await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read', 'presentations:write'] })).key;
  const hackKey = (await seed.key(s.db.pool, 'owner@acme.test', 'hackathon')).key;
  const published = await publish(s.url, deckKey, { 'index.html': '<h1>hi</h1>', 'downloads/a"b<c>.txt': 'x' }, { title: HOSTILE });
  deckId = published.body.presentation.id;
  const link = await http(s.url, 'POST', `/api/v1/presentations/${deckId}/share-links`, { key: deckKey, body: { placement: BREAKOUT } });
  if (link.status !== 201) throw new Error(`share link: ${link.status} ${link.text}`);
  shareUrl = link.body.url;
  const clock = new Clock(s.url);
  await clock.reset();
  const startMs = clock.now() + HOUR;
  await createEvent(s.url, hackKey, startMs, 24);
  await person(s.db.pool, ws.id, 'ann@acme.test', 'member', `Ann ${SCRIPT}`);
  await importRoster(s.url, hackKey, [{ email: 'ann@acme.test', name: `Ann ${SCRIPT}`, team: `Rocket ${BREAKOUT}` }]);
  await clock.to(startMs + HOUR);
  const post = await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: hackKey, body: { body: `Hello ${HOSTILE} ${JS_URL}` } });
  if (post.status !== 201) throw new Error(`feed post: ${post.status} ${post.text}`);
  await http(s.url, 'POST', `/api/v1/event/posts/${post.body.id}/pin`, { key: hackKey });
  owner = await pageSignIn(s.url, 'owner@acme.test');
});
test.after.always(() => s?.close());

const get = async (path: string, cookie?: string) => {
  const r = await http(s.url, 'GET', path, { cookie });
  return r;
};

test('a deck title: escaped on the dashboard, the deck page, the master page and the share link page', async (t) => {
  for (const path of ['/decks', `/decks/${deckId}`, `/decks/${deckId}/present`]) {
    const r = await get(path, owner);
    t.is(r.status, 200, path);
    t.true(r.text.startsWith('<!doctype html>'), path);
    assertInert(t, r.text, path);
    t.true(r.text.includes(ESCAPED_SCRIPT), `${path}: the title shows as text`);
    t.true(r.text.includes(ESCAPED_BREAKOUT), `${path}: the quote stays inside the text`);
  }
  const present = await get(`/decks/${deckId}/present`, owner);
  t.regex(present.text, new RegExp(`<iframe src="[^"]+" sandbox="[^"]+" title="${ESCAPED_SCRIPT.replace(/[()]/g, '\\$&')}`), 'the frame title attribute is escaped');
  const v = await fetch(shareUrl);
  const html = await v.text();
  t.is(v.status, 200);
  assertInert(t, html, 'share link');
  t.true(html.includes(`<h1 class="title">${ESCAPED_SCRIPT}${ESCAPED_BREAKOUT}</h1>`), 'the bar names the deck as text');
  t.true(html.includes('a&quot;b&lt;c&gt;.txt'), 'an attachment name is text');
  t.true(html.includes('href="downloads/a%22b%3Cc%3E.txt"'), 'an attachment href is encoded');
});

test('a display name and a workspace name: escaped in the navigation and the invitations page', async (t) => {
  const r = await get('/workspace/invitations', owner);
  t.is(r.status, 200);
  assertInert(t, r.text, '/workspace/invitations');
  t.true(r.text.includes(`<span class="muted">Mallory ${ESCAPED_SCRIPT}${ESCAPED_BREAKOUT} (owner@acme.test)</span>`), 'the navigation names the person as text');
  t.true(r.text.includes(`<h1>Invitations · Acme ${ESCAPED_BREAKOUT}</h1>`), 'the workspace name is text');
});

test('a team name and a chat message: escaped on the event pages', async (t) => {
  for (const path of ['/event', '/event/feed', '/event/admin/roster', '/event/admin/submissions', '/event/gallery']) {
    const r = await get(path, owner);
    t.is(r.status, 200, `${path}: ${r.text.slice(0, 200)}`);
    assertInert(t, r.text, path);
  }
  const feed = await get('/event/feed', owner);
  t.true(feed.text.includes(`<p class="body">Hello ${ESCAPED_SCRIPT}${ESCAPED_BREAKOUT} ${JS_URL}</p>`), 'the message is text, its URL not a link');
  const roster = await get('/event/admin/roster', owner);
  t.true(roster.text.includes(`<td>Rocket ${ESCAPED_BREAKOUT}</td>`), 'the team name is a table cell of text');
  t.true(roster.text.includes(`<td>Ann ${ESCAPED_SCRIPT}</td>`), 'the roster name is text');
  const subs = await get('/event/admin/submissions', owner);
  t.regex(subs.text, new RegExp(`<a href="/event/team\\?team=[0-9a-f-]+">Rocket ${ESCAPED_BREAKOUT.replace(/[()]/g, '\\$&')}</a>`), 'a team link names the team as text');
});

test('a sign-in next of javascript: or another site is never followed nor linked', async (t) => {
  const r = await get(`/signin?next=${encodeURIComponent(JS_URL)}`);
  t.is(r.status, 200);
  assertInert(t, r.text, '/signin');
  t.regex(r.text, /<input type="hidden" name="next" value="\/decks"\/>/, 'an unsafe next becomes /decks');
  const breakout = await get(`/signin?next=${encodeURIComponent(`/decks${BREAKOUT}`)}`);
  assertInert(t, breakout.text, '/signin with a quote in next');
});

test('components: hostile text, attributes and URLs rendered directly', (t) => {
  const post = {
    id: '00000000-0000-4000-8000-000000000001', channelId: '00000000-0000-4000-8000-000000000002', threadId: null, kind: 'post', body: HOSTILE,
    author: { name: `Eve ${BREAKOUT}` }, role: `organizer${BREAKOUT}`, pinned: false, hidden: false, hiddenReason: null, at: '2026-05-01T10:00:00.000Z',
    reactions: [{ emoji: `${BREAKOUT}`, count: 1 }], replyCount: 0,
  } as unknown as Post;
  const html = renderMarkup(<ul><PostItem p={post} a={{ role: 'organizer', back: `/event${BREAKOUT}`, threads: true }} /></ul>);
  assertInert(t, html, 'a post');
  t.true(html.includes(`data-emoji="${ESCAPED_BREAKOUT}"`), 'an emoji attribute is escaped');
  t.true(html.includes(`value="/event${ESCAPED_BREAKOUT}"`), 'a hidden back value is escaped');

  const embed = embedOf('https://podium.test', 'https://podium.test/v/abc/', HOSTILE, BREAKOUT);
  assertInert(t, embed.script + embed.iframe, 'the embed snippets');
  t.true(embed.iframe.includes(`title="${ESCAPED_SCRIPT}${ESCAPED_BREAKOUT}"`));
  t.true(embed.script.includes(`data-placement="${ESCAPED_BREAKOUT}"`));

  const jury = {
    version: 1, method: 'mean', calculatedAt: '2026-05-01T10:00:00.000Z', released: true, releasedAt: null, digest: BREAKOUT,
    rows: [{ projectId: '00000000-0000-4000-8000-000000000003', rank: 1, name: HOSTILE, score: BREAKOUT, fraction: SCRIPT, scores: 1, assigned: 1 }],
    ties: [{ rank: 1, projectIds: [], names: [HOSTILE, 'Comet'] }],
    coverage: { teams: 1, teamsScored: 1, assigned: 1, submitted: 1, jurors: 1 },
  } as unknown as JuryResult;
  const juryHtml = renderMarkup(<JuryResultTable r={jury} />);
  assertInert(t, juryHtml, 'a jury result');
  t.true(juryHtml.includes(`<td>${ESCAPED_SCRIPT}${ESCAPED_BREAKOUT}</td>`), 'a team name in the jury result is text');

  for (const url of [JS_URL, ' javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.test/x', '/\\evil.test']) {
    t.is(safeHref(url), undefined, `not a link: ${url}`);
  }
  for (const url of ['https://podium.test/v/abc/', 'http://127.0.0.1:3000/codehost/invitations/a/b', '/event/team']) t.is(safeHref(url), url);
  // React itself refuses a javascript: href that reaches it (the safety net under safeHref):
  // it writes a URL that only throws instead.
  t.false(renderMarkup(<a href={JS_URL}>x</a>).includes('alert(1)'));
});

test('the share link entry page kept per link content is the page rendered in full, nonce and frame URL filled in', (t) => {
  const answer = (p: EntryPage) => {
    const sent: { body?: string; csp?: string } = {};
    const reply: any = { status: () => reply, header: (k: string, v: string) => ((k === 'content-security-policy' && (sent.csp = v)), reply), send: (b: string) => ((sent.body = b), reply) };
    entryPage(reply, p);
    const nonce = /'nonce-([^']+)'/.exec(sent.csp!)![1]!;
    t.true(sent.body!.includes(`<style nonce="${nonce}">`), 'the page names the nonce its CSP allows');
    return sent.body!.replaceAll(nonce, 'NONCE');
  };
  const page: EntryPage = { title: HOSTILE, frameSrc: '.f/abc_-/index.html', bar: true, downloads: [{ href: 'downloads/a%22b.txt', name: 'a"b<c>.txt' }] };
  const first = answer(page);
  const again = answer({ ...page, frameSrc: '.f/def/index.html' });
  t.is(again, first.replace('.f/abc_-/index.html', '.f/def/index.html'), 'only the frame URL and the nonce change from one view to the next');
  // A frame URL that would need escaping is never spliced: the page is rendered in full.
  const full = answer({ ...page, frameSrc: '.f/abc_-/index.html?a=1&b="2"' });
  t.is(full.replace('.f/abc_-/index.html?a=1&amp;b=&quot;2&quot;', '.f/abc_-/index.html'), first, 'the full render and the kept one are the same page');
  assertInert(t, first, 'entry page');
  t.true(first.startsWith('<!doctype html><html lang="en">'));
});
