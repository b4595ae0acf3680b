// The evidence reader and the generators (core/decks/), pure: real `git archive` evidence of
// three team shapes (a Node app with tests, a Python service without tests, an empty
// template), the commit history read through the local code host driver, decks that are
// valid and whose every citation points at lines that exist in the archive; a tampered
// archive refused; each validation finding; the HTML deck self-contained; the optional
// chat-completions driver against a local stand-in server, including one that invents a
// citation.
import test from 'ava';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { generateBuiltin } from '../../core/decks/builtin.ts';
import { ChatError, parseChatDeck } from '../../core/decks/chat.ts';
import { Evidence, EvidenceError } from '../../core/decks/evidence.ts';
import { extractFacts } from '../../core/decks/facts.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import { normalisePath } from '../../core/decks/tar.ts';
import { renderDeckHtml } from '../../core/decks/render.ts';
import type { CommitInfo, DeckTemplate, GenerateInput, Screen } from '../../core/decks/types.ts';
import { validateDeck } from '../../core/decks/validate.ts';
import { archiveOf, makeRepo, run, shapeSteps } from '../helpers/projects.ts';

const JURY: DeckTemplate = {
  kind: 'jury', name: 'jury', description: 'Five-minute live presentation for the jury', schemaVersion: 2, screens: { min: 6, max: 8 }, maxClaimChars: 240, maxClaimsPerScreen: 6,
  headings: ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Where the code came from', 'Evidence it runs', 'What is tested', 'What is next']
    .map((heading, i) => ({ heading, required: i < 7 })),
};
const COMMUNITY: DeckTemplate = {
  kind: 'community', name: 'community', description: 'A pitch for the community vote (what it is, who it is for, one picture, one number)', schemaVersion: 2, screens: { min: 3, max: 4 }, maxClaimChars: 160, maxClaimsPerScreen: 2,
  headings: ['What it is', 'Who it is for', 'In one number', 'Try it'].map((heading, i) => ({ heading, required: i < 3 })),
};

const START = Date.parse('2030-05-01T09:00:00Z');
const WINDOW = { startsAt: new Date(START).toISOString(), freezeAt: new Date(START + 24.25 * 3600_000).toISOString() };

interface Shape {
  sha: string;
  gz: Buffer;
  sha256: string;
  evidence: Evidence;
  commits: CommitInfo[];
}
const shapes: Record<string, Shape> = {};

test.before(async () => {
  const host = new LocalCodeHost(mkdtempSync(path.join(os.tmpdir(), 'podium-decks-')), null as never);
  for (const shape of ['node', 'python', 'empty'] as const) {
    const { dir, sha } = await makeRepo(shapeSteps(shape, START));
    const { gz, sha256 } = await archiveOf(dir, sha);
    const bare = host.repositoryPath(`acme/${shape}`);
    await run(os.tmpdir(), ['clone', '-q', '--bare', dir, bare]);
    shapes[shape] = { sha, gz, sha256, evidence: await Evidence.open(gz, sha256), commits: await host.commits(`acme/${shape}`, sha, 500) };
  }
});

function input(shape: string, template: DeckTemplate, over: Partial<GenerateInput> = {}): GenerateInput {
  const s = shapes[shape]!;
  return {
    template, team: 'Rocket', eventName: 'Spring Hack', sha: s.sha, archiveName: `submission-${s.sha.slice(0, 12)}.tar.gz`, archiveSha256: s.sha256,
    repository: `acme/${shape}`, window: WINDOW, evidence: s.evidence, commits: s.commits, ...over,
  };
}

/** Every citation of a deck, checked by hand against the archive (independently of validate.ts). */
function citationsHold(t: any, screens: Screen[], ev: Evidence, commits: CommitInfo[]) {
  let n = 0;
  for (const s of screens) for (const c of s.claims) {
    t.truthy(c.cite, `${s.heading}: "${c.text}" carries a citation`);
    if (!c.cite) continue;
    n++;
    if ('commit' in c.cite) t.true(commits.some((k) => k.sha === (c.cite as { commit: string }).commit), `commit ${c.cite.commit} is in the history`);
    else if ('path' in c.cite) {
      const lines = ev.lines(c.cite.path);
      t.truthy(lines, `${c.cite.path} is a text file of the archive`);
      t.true(c.cite.start >= 1 && c.cite.end >= c.cite.start && c.cite.end <= (lines?.length ?? 0), `${c.cite.path}:${c.cite.start}-${c.cite.end} exists`);
    }
  }
  return n;
}

test('the local code host answers the history newest first, authors as opaque keys', (t) => {
  const c = shapes.node!.commits;
  t.is(c.length, 4);
  t.is(c[0]!.sha, shapes.node!.sha);
  t.deepEqual(c.map((k) => k.subject), ['Polish before the freeze', 'Test the todo list (mail me at bo@team.test)', 'Todo list with an HTTP API', 'Initial template']);
  t.is(new Set(c.map((k) => k.author)).size, 3, 'bo@ and BO@ are one author');
  t.false(JSON.stringify(c).includes('team.test>'), 'no address kept');
  t.regex(c[0]!.author, /^[0-9a-f]{16}$/);
});

test('a tampered, truncated or swapped archive is refused before it is read', async (t) => {
  const s = shapes.node!;
  const tampered = Buffer.from(s.gz);
  tampered[tampered.length - 20] ^= 0xff;
  await t.throwsAsync(Evidence.open(tampered, s.sha256), { instanceOf: EvidenceError, message: /does not match its recorded sha256/ });
  await t.throwsAsync(Evidence.open(s.gz.subarray(0, s.gz.length - 1), s.sha256), { instanceOf: EvidenceError });
  await t.throwsAsync(Evidence.open(shapes.python!.gz, s.sha256), { instanceOf: EvidenceError, message: /refused/ });
  const e = await t.throwsAsync(Evidence.open(Buffer.from('not gzip'), '6d1d8b4cbbbbb1b1b3df4cd4b4e1ff2ebe9e8baa0db8d1b0d8a5a4b0e4c1b1a8'), { instanceOf: EvidenceError });
  t.is(e?.code, 'tampered');
});

test('the reader: files, text lines, the commit git archive names; paths never climb out', async (t) => {
  const ev = await Evidence.open(shapes.node!.gz, shapes.node!.sha256);
  t.is(ev.commit, shapes.node!.sha);
  t.true(ev.paths().includes('test/todo.test.js'));
  t.is(ev.lines('README.md')![0], '# Rocket Todo');
  t.true(ev.hasLines('README.md', 1, 3));
  t.false(ev.hasLines('README.md', 1, 999));
  t.false(ev.hasLines('nope.md', 1, 1));
  t.is(normalisePath('../etc/passwd'), null);
  t.is(normalisePath('/etc/passwd'), null);
  t.is(normalisePath('./a//b/./c'), 'a/b/c');
});

for (const shape of ['node', 'python', 'empty'] as const) {
  for (const template of [JURY, COMMUNITY]) {
    test(`${shape}: a valid ${template.kind} deck whose every citation exists in the archive`, async (t) => {
      const inp = input(shape, template);
      const built = await buildDeck(inp, null);
      t.deepEqual(built.findings, [], 'no validation finding');
      t.true(built.screens.length >= template.screens.min && built.screens.length <= template.screens.max);
      t.deepEqual(built.screens.slice(0, template.screens.min).map((s) => s.heading), template.headings.slice(0, template.screens.min).map((h) => h.heading));
      t.true(citationsHold(t, built.screens, inp.evidence, shapes[shape]!.commits) > 0);
      t.is(built.generator, 'builtin/1');
      const again = await buildDeck(input(shape, template), null);
      t.is(again.html, built.html, 'deterministic, byte for byte');
    });
  }
}

const textOf = (screens: Screen[], heading: string) => screens.find((s) => s.heading === heading)?.claims.map((c) => c.text).join('\n') ?? '';

test('node: what it is, does, runs and tests, from the files that say so', (t) => {
  const { screens } = generateBuiltin(input('node', JURY));
  t.is(screens.length, 8);
  t.regex(textOf(screens, 'Problem'), /The README names the project "Rocket Todo"/);
  t.regex(textOf(screens, 'Problem'), /A shared todo list for hackathon teams/);
  t.regex(textOf(screens, 'What it does'), /Share a list with your team by link/);
  t.regex(textOf(screens, 'What it does'), /src\/server\.js uses Express/);
  t.regex(textOf(screens, 'How it works'), /JavaScript: 3 files/);
  t.regex(textOf(screens, 'How it works'), /1 runtime dependency: express/);
  t.regex(textOf(screens, 'What was built in the event'), /3 commits by 2 authors dated in the event window \(author dates, set by the team\)/);
  t.notRegex(JSON.stringify(screens), /bo@team\.test/i, 'no author address, even from a commit subject');
  t.regex(textOf(screens, 'Evidence it runs'), /hackathon\.json runs compose service "web" on port 3000 ready at \/health from compose\.yaml/);
  t.regex(textOf(screens, 'Evidence it runs'), /compose\.yaml defines 2 services: web, db/);
  t.regex(textOf(screens, 'What is tested'), /test\/todo\.test\.js holds 3 tests: "adds a todo", "completes a todo", "removes a todo"/);
  t.regex(textOf(screens, 'What is tested'), /test\/todo\.test\.js exercises src\/todo\.js/);
  t.regex(textOf(screens, 'What is next'), /Due dates and reminders/);
  t.regex(textOf(screens, 'What is next'), /TODO: persist the list in a database/);
  const readme = screens[0]!.claims[0]!.cite as { path: string; start: number; end: number };
  t.deepEqual(readme, { path: 'README.md', start: 1, end: 1 });
});

test('python without tests: says so, citing the frozen commit; the empty template says what is absent', (t) => {
  const py = generateBuiltin(input('python', JURY)).screens;
  t.regex(textOf(py, 'Problem'), /The README says: "A small HTTP service that caches weather reports/);
  t.regex(textOf(py, 'What it does'), /app\/main\.py uses FastAPI/);
  t.regex(textOf(py, 'How it works'), /requirements\.txt lists 3 runtime dependencies: fastapi, uvicorn, httpx/);
  t.regex(textOf(py, 'What is tested'), /has no test files/);
  t.deepEqual(py.find((s) => s.heading === 'What is tested')!.claims[0]!.cite, { commit: shapes.python!.sha });
  t.regex(textOf(py, 'What was built in the event'), /2 commits by 1 author/);
  const empty = generateBuiltin(input('empty', JURY)).screens;
  t.is(empty.length, 7, 'six required screens and the evidence one (nothing next)');
  t.regex(textOf(empty, 'Problem'), /has no README/);
  t.regex(textOf(empty, 'What was built in the event'), /No commit of revision .* is dated in the event window \(.* author dates\)/);
  const community = generateBuiltin(input('empty', COMMUNITY)).screens;
  t.deepEqual(community.map((s) => s.heading), ['What it is', 'Who it is for', 'In one number'], 'the pitch; no "Try it" when nothing says how to run it');
  t.regex(community[0]!.claims[0]!.text, /does not say what it does: no README/);
  t.regex(community[1]!.claims[0]!.text, /^The team has not said who it is for/);
});

test('without a commit history the deck marks that claim [unverified] instead of guessing', (t) => {
  const { screens } = generateBuiltin(input('node', JURY, { commits: null }));
  const built = screens.find((s) => s.heading === 'What was built in the event')!;
  t.deepEqual(built.claims, [{ text: 'The code host did not answer for the commit history; how it was built is not shown', unverified: true }]);
  t.deepEqual(validateDeck(screens, JURY, input('node', JURY).evidence, shapes.node!.sha, null), []);
});

test('validation findings: screen count, empty screen, uncited claim, invented citations, over-long text', (t) => {
  const ev = input('node', JURY).evidence;
  const screens: Screen[] = [
    { heading: 'Problem', claims: [{ text: 'cited', cite: { path: 'README.md', start: 1, end: 1 } }, { text: 'nothing' }, { text: 'said so', unverified: true }] },
    { heading: 'Empty', claims: [] },
    { heading: 'Lies', claims: [
      { text: 'no such file', cite: { path: 'src/made-up.js', start: 1, end: 2 } },
      { text: 'beyond the file', cite: { path: 'README.md', start: 10, end: 400 } },
      { text: 'no such commit', cite: { commit: 'deadbeefdeadbeef' } },
      { text: 'x'.repeat(241), cite: { commit: shapes.node!.sha } },
    ] },
  ];
  const f = validateDeck(screens, JURY, ev, shapes.node!.sha, shapes.node!.commits);
  t.deepEqual(f.map((x) => `${x.code}@${x.screen ?? '-'}.${x.claim ?? '-'}`), [
    'screen_count@-.-', 'uncited_claim@1.2', 'empty_screen@2.-', 'invalid_citation@3.1', 'invalid_citation@3.2', 'invalid_citation@3.3', 'text_too_long@3.4',
  ]);
  t.regex(f[4]!.message, /README\.md:10-400, which does not exist \(the file has \d+ lines\)/);
});

test('the HTML deck: self-contained, keyboard navigation, narrow-window layout, every string escaped', async (t) => {
  const evil = input('node', JURY, { team: '<script>alert(1)</script>' });
  const { html, screens } = await buildDeck(evil, null);
  t.false(html.includes('<script>alert(1)'), 'the team name is escaped');
  t.true(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  t.notRegex(html, /\b(src|href)\s*=\s*["']?(https?:)?\/\//i, 'nothing loads from elsewhere');
  t.notRegex(html, /@import|url\(/);
  t.regex(html, /Content-Security-Policy" content="default-src 'none'/);
  t.regex(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  t.regex(html, /addEventListener\('keydown'/);
  t.regex(html, /ArrowRight.*ArrowLeft.*Home.*End/s);
  t.regex(html, /clamp\(/, 'type scales with the window');
  t.is((html.match(/<section class="screen[ "]/g) ?? []).length, screens.length + 1, 'a title screen, then every screen');
  t.regex(html, /<section class="screen title" id="s1" aria-label="1 of \d+: Rocket Todo".*<h1>Rocket Todo<sup>1<\/sup><\/h1>.*<p class="who">by team &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/p>/, 'without a showcase the title screen names the project by its README title, and the team');
  t.is((html.match(/<h1>/g) ?? []).length, 1, 'one page heading (the title screen); each screen heading is an h2');
  t.regex(html, /\.js \.screen\.on\{display:flex;flex-direction:column;justify-content:center\}/, 'a screen fills the frame, its content centred');
  t.regex(html, /<cite>README\.md:1<\/cite>/);
});

test('the HTML deck: the title screen shows the project and tagline from the showcase; a screen with few claims gets larger type', (t) => {
  const html = renderDeckHtml({ team: 'Rockets', kind: 'jury', eventName: 'Spring <Hack>', sha: 'a'.repeat(40), archiveName: 'r.tar.gz', generator: 'builtin', project: 'Rocket & Todo', tagline: 'Lists "for" teams',
    screens: [{ heading: 'Problem', claims: [{ text: 'One claim', cite: { path: 'README.md', start: 1, end: 1 } }] }, { heading: 'More', claims: [1, 2, 3].map((k) => ({ text: `claim ${k}`, cite: { path: 'README.md', start: k, end: k } })) }] });
  t.regex(html, /<section class="screen title" id="s1" aria-label="1 of 3: Rocket &amp; Todo" data-k="1"><p class="kicker">Spring &lt;Hack&gt; · jury deck<\/p><div class="body"><div class="cover"><div><h1>Rocket &amp; Todo<\/h1><p class="tag">Lists &quot;for&quot; teams<\/p><p class="who">by team Rockets<\/p><\/div><\/div><\/div><\/section>/);
  t.regex(html, /<section class="screen few" id="s2" aria-label="2 of 3: Problem" data-k="1.3" style="--k:1.3">.*<h2 class="h">Problem<\/h2>/);
  t.regex(html, /<section class="screen" id="s3" aria-label="3 of 3: More" data-k="1" style="--k:1">/);
  t.regex(html, /<span id="pos" aria-live="polite">1 \/ 3<\/span>/);
});

// ------------------------------------------------------------------ the chat-completions driver

interface StandIn {
  url: string;
  requests: any[];
  close(): Promise<void>;
}

/** A local server speaking the chat-completions protocol; `answer` writes the model's content from the request. */
async function standIn(answer: (req: any) => string, status = 200): Promise<StandIn> {
  const requests: any[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = JSON.parse(body);
      requests.push({ path: req.url, auth: req.headers.authorization, body: json });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'cmpl-1', object: 'chat.completion', model: json.model, choices: [{ index: 0, message: { role: 'assistant', content: answer(json) }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/** A well-behaved model: one screen per heading from the evidence items it was given, citations unchanged. */
function honest(req: any): string {
  const user = JSON.parse(req.messages[1].content);
  const byTopic: Record<string, any[]> = {};
  for (const e of user.evidence) (byTopic[e.topic] ??= []).push(e);
  const topics = ['problem', 'does', 'works', 'built', 'runs', 'tested'];
  const screens = user.deck.headings.slice(0, user.deck.screens.min).map((h: any, i: number) => ({
    heading: h.heading,
    claims: byTopic[topics[i]!]!.slice(0, 2).map((e) => ({ text: `In short: ${e.text}`.slice(0, user.deck.maxClaimChars), cite: e.cite })),
  }));
  return JSON.stringify({ screens });
}

test('the chat driver: prose from the stand-in, the evidence and template sent, citations kept, no finding', async (t) => {
  const s = await standIn(honest);
  try {
    const inp = input('node', JURY);
    const built = await buildDeck(inp, { url: s.url, model: 'stand-in-1', apiKey: 'sk-test' });
    t.is(built.generator, 'chat/stand-in-1');
    t.deepEqual(built.findings, []);
    t.is(built.screens.length, 6);
    t.regex(built.screens[0]!.claims[0]!.text, /^In short: The README names the project "Rocket Todo"/);
    citationsHold(t, built.screens, inp.evidence, shapes.node!.commits);
    const [r] = s.requests;
    t.is(r.path, '/v1/chat/completions');
    t.is(r.auth, 'Bearer sk-test');
    t.like(r.body, { model: 'stand-in-1', temperature: 0 });
    const sent = JSON.parse(r.body.messages[1].content);
    t.like(sent.deck, { kind: 'jury', screens: { min: 6, max: 8 } });
    t.true(sent.evidence.some((e: any) => e.cite?.path === 'test/todo.test.js'));
  } finally {
    await s.close();
  }
});

test('the chat driver: a stand-in that invents a citation gets the deck an invalid_citation finding', async (t) => {
  const s = await standIn((req) => {
    const screens = JSON.parse(honest(req)).screens;
    screens[2].claims.push({ text: 'It scales to a million users', cite: { path: 'docs/benchmarks.md', start: 1, end: 12 } });
    screens[3].claims.push({ text: 'Reviewed by the security team', cite: { commit: 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeed' } });
    screens[4].claims.push({ text: 'Uptime was measured', cite: { path: 'README.md', start: 200, end: 210 } });
    screens[5].claims.push({ text: 'Probably fast' });
    return JSON.stringify({ screens });
  });
  try {
    const built = await buildDeck(input('node', JURY), { url: `${s.url}/chat/completions`, model: 'liar', apiKey: null });
    t.deepEqual(built.findings.map((f) => `${f.code}@${f.screen}`), ['invalid_citation@3', 'invalid_citation@4', 'invalid_citation@5', 'uncited_claim@6']);
    t.is(s.requests[0].auth, undefined, 'no key, no authorization header');
    t.is(s.requests[0].path, '/v1/chat/completions');
    t.regex(built.html, /<span class="mark">\[unverified\]<\/span> Probably fast/);
  } finally {
    await s.close();
  }
});

test('the chat driver: an answer that is not the deck shape, or an error status, fails the attempt', async (t) => {
  t.throws(() => parseChatDeck('I think the project is great'), { instanceOf: ChatError });
  t.throws(() => parseChatDeck('{"screens": [{"heading": 1}]}'), { instanceOf: ChatError });
  t.deepEqual(parseChatDeck('```json\n{"screens":[{"heading":"A","claims":[{"text":"b","cite":{"commit":"abc1234"}}]}]}\n```'), [{ heading: 'A', claims: [{ text: 'b', cite: { commit: 'abc1234' } }] }]);
  // a push receipt citation is kept for the validator to check against the team's receipts
  t.deepEqual(parseChatDeck('{"screens":[{"heading":"A","claims":[{"text":"b","cite":{"receipt":7}},{"text":"c","cite":{"receipt":"7"}}]}]}'), [{ heading: 'A', claims: [{ text: 'b', cite: { receipt: 7 } }, { text: 'c', unverified: false }] }]);
  const s = await standIn(() => '{}', 503);
  try {
    await t.throwsAsync(buildDeck(input('node', JURY), { url: s.url, model: 'm', apiKey: null }), { instanceOf: ChatError, message: /answered 503/ });
  } finally {
    await s.close();
  }
  const facts = extractFacts(input('node', JURY));
  t.true(facts.topics.tested.length > 0);
});
