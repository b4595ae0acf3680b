// Where the code came from: the provenance screen of the jury deck
// and the build story chart, from real git histories read through the local code host and
// the server's push receipts as the worker hands them: (a) a history made during the event,
// arriving in several pushes; (b) an old history (a real npm package, dated years before)
// arriving in one push; (c) a tree that is the template, untouched. Every claim is checked
// against the archive, the history and the receipts (validate.ts and deck-truth, independently).
import test from 'ava';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authorKey } from '../../core/codehost/types.ts';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { Evidence } from '../../core/decks/evidence.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import { chartSvg } from '../../core/decks/render.ts';
import type { CommitInfo, DeckTemplate, GenerateInput, PushReceipt, Screen } from '../../core/decks/types.ts';
import { validateDeck } from '../../core/decks/validate.ts';
import { deckProblems } from '../helpers/deck-truth.ts';
import { archiveOf, makeRepo, run, type Files, type Step } from '../helpers/projects.ts';

const HEADINGS = ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Where the code came from', 'Evidence it runs', 'What is tested', 'What is next'];
const JURY: DeckTemplate = {
  kind: 'jury', name: 'jury', description: 'Five-minute live presentation for the jury', schemaVersion: 2, screens: { min: 6, max: 8 }, maxClaimChars: 240, maxClaimsPerScreen: 6,
  headings: HEADINGS.map((heading, i) => ({ heading, required: i < 7 })),
};
const START = Date.parse('2030-05-01T09:00:00Z');
const WINDOW = { startsAt: new Date(START).toISOString(), freezeAt: new Date(START + 24.25 * 3600_000).toISOString() };
const at = (h: number) => new Date(START + h * 3600_000).toISOString();
const TEMPLATE: Files = {
  'README.md': '# Spring Hack starter\n\nReplace this README with your project.\n',
  'LICENSE': 'MIT License\n\nCopyright (c) 2030 Spring Hack organizers\n',
};
const ms = (f: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/provenance/ms', f), 'utf8');

interface Repo {
  sha: string;
  evidence: Evidence;
  commits: CommitInfo[];
  templateSha: string;
  templateEvidence: Evidence;
}
const repos: Record<string, Repo> = {};
const host = new LocalCodeHost(mkdtempSync(path.join(os.tmpdir(), 'podium-prov-')), null as never);

async function capture(name: string, steps: Step[], template: { dir: string; sha: string } | null): Promise<Repo> {
  const { dir, sha } = await makeRepo(steps);
  await run(os.tmpdir(), ['clone', '-q', '--bare', dir, host.repositoryPath(`acme/${name}`)]);
  const { gz, sha256 } = await archiveOf(dir, sha);
  const commits = await host.commits(`acme/${name}`, sha, 500);
  const t = template ?? { dir, sha: commits[commits.length - 1]!.sha };
  const tar = await archiveOf(t.dir, t.sha);
  return { sha, evidence: await Evidence.open(gz, sha256), commits, templateSha: t.sha, templateEvidence: await Evidence.open(tar.gz, tar.sha256) };
}

test.before(async () => {
  const templateStep: Step = { files: TEMPLATE, message: 'Spring Hack template', author: 'organizer@host.test', at: at(-48) };
  // (a) made here: the template, then three commits of the event by two roster members and one stranger
  repos.here = await capture('here', [
    templateStep,
    { files: { 'README.md': '# Parking Spot\n\nFind a free parking spot near the venue.\n', 'app.py': 'print("spots")\n' }, message: 'Start the app', author: 'ana@team.test', at: at(1) },
    { files: { 'spots.py': 'SPOTS = []\n\ndef free():\n    return SPOTS\n' }, message: 'List free spots (ping bob@team.test)', author: 'stranger@else.test', at: at(2) },
    { files: { 'app.py': 'from spots import free\nprint(free())\n' }, message: 'Show the free spots', author: 'Ana@team.test', at: at(5) },
  ], null);
  // (b) an old history: the ms package's real files, committed years before the event
  const template = await makeRepo([templateStep]);
  repos.old = await capture('old', [
    { files: { 'index.js': ms('index.js'), 'package.json': ms('package.json') }, message: 'Initial commit', author: 'dev@vercel.test', at: '2016-11-06T10:00:00Z' },
    { files: { 'readme.md': ms('readme.md') }, message: 'Document the API', author: 'dev@vercel.test', at: '2018-03-02T10:00:00Z' },
    { files: { 'license.md': ms('license.md') }, message: 'Add the licence', author: 'other@vercel.test', at: '2020-12-18T10:00:00Z' },
  ], template);
  // (c) the template, untouched: the frozen revision is the template revision
  repos.blank = await capture('blank', [templateStep], null);
});

function input(name: string, over: Partial<GenerateInput> = {}): GenerateInput {
  const r = repos[name]!;
  return {
    template: JURY, team: 'Parkers', eventName: 'Spring Hack', sha: r.sha, archiveName: `submission-${r.sha.slice(0, 12)}.tar.gz`, archiveSha256: r.evidence.archiveSha256,
    repository: `acme/${name}`, window: WINDOW, evidence: r.evidence, commits: r.commits, templateSha: r.templateSha, templateEvidence: r.templateEvidence,
    roster: [{ name: 'Ana Ruiz', key: authorKey('ana@team.test') }, { name: 'Bo Lind', key: authorKey('bo@team.test') }], pushes: [], ...over,
  };
}

const screen = (screens: Screen[], heading: string) => screens.find((s) => s.heading === heading);
const texts = (s: Screen | undefined) => (s?.claims ?? []).map((c) => c.text);

async function checked(t: any, inp: GenerateInput) {
  const deck = await buildDeck(inp, null);
  t.deepEqual(deck.findings, [], 'validate.ts finds nothing');
  t.deepEqual(deckProblems(deck.screens, inp.evidence, inp.commits, inp.sha, null, inp.pushes ?? null), [], 'every citation holds (deck-truth)');
  t.true(deck.screens.length >= 6 && deck.screens.length <= 8);
  return deck;
}

test('(a) made during the event in two pushes: the receipts confirm the author dates, the template share is counted', async (t) => {
  const r = repos.here!;
  const [third, second] = r.commits; // newest first: the template commit is last
  const pushes: PushReceipt[] = [
    { sequence: 11, receivedAt: at(2 + 1 / 6), before: r.templateSha, sha: second!.sha },
    { sequence: 12, receivedAt: at(5.5), before: second!.sha, sha: third!.sha },
  ];
  const deck = await checked(t, input('here', { pushes }));
  const where = screen(deck.screens, 'Where the code came from')!;
  t.is(deck.screens.indexOf(where), deck.screens.indexOf(screen(deck.screens, 'What was built in the event')!) + 1, 'right after the build story');
  t.deepEqual(where.claims.slice(0, 3), [
    { text: '3 commits arrived in 2 pushes between 2030-05-01 11:10 UTC and 2030-05-01 14:30 UTC, bringing 2, 1 commits', cite: { receipt: 11 } },
    { text: 'The largest push, at 2030-05-01 11:10 UTC, brought 2 of the 3 commits, dated from 2030-05-01', cite: { receipt: 11 } },
    { text: 'None of the 3 commits is dated before the event began (author and committer dates, set by the team)', cite: { commit: r.sha } },
  ]);
  t.deepEqual(where.claims[3]!.cite, { commit: r.templateSha });
  t.regex(where.claims[3]!.text, /^1 of 4 files \(\d+% of the bytes\) are the event template's revision [0-9a-f]{12}, unchanged$/, 'the LICENSE is the template\'s; the README is the team\'s');
  t.false(texts(where).some((x) => /Spring Hack organizers/.test(x)), 'the template\'s own licence is not a holder "naming others"');
  t.true(deck.html.includes('<cite>push receipt #11</cite>'), 'the renderer shows a receipt citation');

  // without receipts the same history is only "dated in the event window", on the team's word
  const bare = await checked(t, input('here', { pushes: [] }));
  t.is(texts(screen(bare.screens, 'Where the code came from'))[0], '3 commits dated in the event window (author dates, set by the team); no push receipt of the server confirms when they arrived');

  // the build story: one row per commit, roster names, files and lines, the receipts as markers
  const built = screen(deck.screens, 'What was built in the event')!;
  t.deepEqual(built.chart!.rows, [
    { sha: r.commits[2]!.sha, at: at(1), who: 'Ana Ruiz', subject: 'Start the app', files: 2, added: 3, deleted: 2 },
    { sha: r.commits[1]!.sha, at: at(2), who: 'someone else', subject: 'List free spots (ping [address])', files: 1, added: 4, deleted: 0 },
    { sha: r.commits[0]!.sha, at: at(5), who: 'Ana Ruiz', subject: 'Show the free spots', files: 1, added: 2, deleted: 1 },
  ]);
  t.deepEqual(built.chart!.pushes, [{ sequence: 11, at: pushes[0]!.receivedAt, commits: 2 }, { sequence: 12, at: pushes[1]!.receivedAt, commits: 1 }]);
  const svg = chartSvg(built.chart!);
  for (const h of [0, 3, 6, 9, 12, 15, 18, 21, 24]) t.true(svg.includes(`>${h}h</text>`), `an hour tick ${h}h`);
  t.is((svg.match(/<g class="row">/g) ?? []).length, 3, 'one row per commit');
  t.true(svg.includes('+1:00 · Ana Ruiz · Start the app · 2 files +3 −2'));
  t.true(svg.includes('+2:00 · someone else · List free spots (ping [address]) · 1 file +4 −0'));
  t.true(svg.includes('>#11 · 2</text>') && svg.includes('>#12 · 1</text>'), 'the push markers with the commits each brought');
  const fills = [...svg.matchAll(/<circle [^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
  t.is(fills[0], fills[2], 'one colour per author');
  t.not(fills[0], fills[1], 'someone else in another colour');
  t.true(deck.html.indexOf('<figure class="chart story">') < deck.html.indexOf('3 commits by 2 authors dated in the event window'), 'chart first on its screen');
  t.false(svg.includes('@'), 'no address on the chart');

  // a receipt the team does not have, cited or marked, is a finding
  const fake = deck.screens.map((s) => (s === where ? { ...s, claims: [{ text: 'Arrived in one push', cite: { receipt: 99 } }] } : s));
  t.deepEqual(validateDeck(fake, JURY, r.evidence, r.sha, r.commits, null, pushes).map((f) => f.message), ["Screen 5, claim 1 cites push receipt #99, which is not one of the team's pushes"]);
  const marked = deck.screens.map((s) => (s.chart ? { ...s, chart: { ...s.chart, pushes: [{ sequence: 99, at: at(3), commits: 1 }] } } : s));
  t.regex(validateDeck(marked, JURY, r.evidence, r.sha, r.commits, null, pushes)[0]!.message, /chart marks push receipt #99 .* not one of the team's pushes/);
  const row = deck.screens.map((s) => (s.chart ? { ...s, chart: { ...s.chart, rows: [{ sha: 'e'.repeat(40), at: at(3), who: 'Ana Ruiz', subject: 'x' }] } } : s));
  t.regex(validateDeck(row, JURY, r.evidence, r.sha, r.commits, null, pushes)[0]!.message, /chart has a row for commit eeeeeeeeeeee/);
});

test('(a) on GitHub the repository starts from a fresh commit, not the template\'s sha: the commit the first push moved from is the template\'s', async (t) => {
  const r = repos.here!;
  const [third, second, , created] = r.commits;
  const pushes: PushReceipt[] = [
    { sequence: 21, receivedAt: at(2.5), before: created!.sha, sha: second!.sha },
    { sequence: 22, receivedAt: at(5.5), before: second!.sha, sha: third!.sha },
  ];
  const deck = await checked(t, input('here', { pushes, templateSha: 'b'.repeat(40) }));
  const where = texts(screen(deck.screens, 'Where the code came from'));
  t.is(where[0], '3 commits arrived in 2 pushes between 2030-05-01 11:30 UTC and 2030-05-01 14:30 UTC, bringing 2, 1 commits');
  t.is(where[2], 'None of the 3 commits is dated before the event began (author and committer dates, set by the team)', 'the creation commit, dated before the event, is not the team\'s');
  // without a receipt to say so, the commit before the event is counted as it is
  const bare = await checked(t, input('here', { pushes: [], templateSha: 'b'.repeat(40) }));
  t.regex(texts(screen(bare.screens, 'Where the code came from')).join('\n'), /1 of 4 commits is dated before the event began \(2030-05-01\); the oldest, "Spring Hack template", on 2030-04-29 \(author date\)/);
});

test('(b) an old history arriving in one push: dated years before the event, a licence and a repository naming others', async (t) => {
  const r = repos.old!;
  const pushes: PushReceipt[] = [{ sequence: 7, receivedAt: at(2), before: null, sha: r.sha }];
  const deck = await checked(t, input('old', { pushes }));
  const where = screen(deck.screens, 'Where the code came from')!;
  t.deepEqual(where.claims, [
    { text: 'The whole history arrived in one push at 2030-05-01 11:00 UTC: 3 commits, dated from 2016-11-06 (author dates)', cite: { receipt: 7 } },
    { text: '3 of 3 commits are dated before the event began (2030-05-01); the oldest, "Initial commit", on 2016-11-06 (author date)', cite: { commit: r.commits[2]!.sha } },
    { text: `No file is left as the event template's revision ${r.templateSha.slice(0, 12)} had it`, cite: { commit: r.sha } },
    { text: 'license.md reads "Copyright (c) 2020 Vercel, Inc.": a holder who is not the team or a name on its roster', cite: { path: 'license.md', start: 3, end: 3 } },
    { text: 'package.json names its repository "vercel/ms" for the package "ms", a repository other than this team\'s', cite: { path: 'package.json', start: 5, end: 5 } },
  ]);
  // pushed before the event began: the receipt's time says so
  const early = await checked(t, input('old', { pushes: [{ ...pushes[0]!, receivedAt: at(-3) }] }));
  t.is(texts(screen(early.screens, 'Where the code came from'))[0], 'The whole history arrived in one push at 2030-05-01 06:00 UTC (before the event began): 3 commits, dated from 2016-11-06 (author dates)');
  // nothing of it was made in the window: no chart, and the build screen says so
  t.falsy(screen(deck.screens, 'What was built in the event')!.chart);
  // a push received before the commits it brought are dated: their dates were set, not recorded
  const forged = await checked(t, input('here', { pushes: [{ sequence: 8, receivedAt: at(0.5), before: repos.here!.templateSha, sha: repos.here!.sha }] }));
  t.is(texts(screen(forged.screens, 'Where the code came from'))[1], '3 commits are dated after the push that brought them arrived (the first, "Show the free spots", dated 2030-05-01 14:00 UTC, came in the push at 2030-05-01 09:30 UTC): author dates are set by whoever commits');
});

test('(c) the template, untouched: the whole tree is the template\'s, no commit of the team', async (t) => {
  const r = repos.blank!;
  t.is(r.sha, r.templateSha);
  const deck = await checked(t, input('blank', { templateEvidence: r.evidence, pushes: [] }));
  t.deepEqual(screen(deck.screens, 'Where the code came from')!.claims, [
    { text: `The whole tree is the event template's revision ${r.sha.slice(0, 12)}, unchanged (2 files): the team added nothing`, cite: { commit: r.sha } },
  ]);
});

test('the code host gives committer dates, parents and the files and lines each commit changed', async (t) => {
  const [newest, , , oldest] = repos.here!.commits;
  t.like(newest, { files: 1, added: 2, deleted: 1, parents: [repos.here!.commits[1]!.sha], committedAt: at(5) });
  t.deepEqual(oldest!.parents, []);
});
