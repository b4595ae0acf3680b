// The community deck as a pitch: what it is, who it is for, one picture,
// one number and how to try it, two claims a screen, each cited; never a pointer at a file
// ("Found a README") and never the jury deck's audit.
import test from 'ava';
import sharp from 'sharp';
import { buildDeck } from '../../core/decks/generate.ts';
import { claimsOf, COMMITS, COMMUNITY, fixtureEntries, inputOf, SHA, textsOf } from '../helpers/deck-fixtures.ts';
import { deckProblems } from '../helpers/deck-truth.ts';

test('flask-notes: the pitch says what it is and who it is for in the team\'s words, one number, how to try it', async (t) => {
  const inp = inputOf(fixtureEntries('flask-notes'), COMMUNITY);
  const built = await buildDeck(inp, null);
  t.deepEqual(built.findings, []);
  t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), []);
  t.deepEqual(built.screens.map((s) => s.heading), ['What it is', 'Who it is for', 'In one number', 'Try it']);
  t.deepEqual(claimsOf(built.screens, 'What it is')[0], { text: '"A small notebook for study groups: write a note, tag it, and find every note with the same tag."', cite: { path: 'README.md', start: 3, end: 3 } });
  t.deepEqual(claimsOf(built.screens, 'Who it is for'), [{ text: '"…for study groups…"', cite: { path: 'README.md', start: 3, end: 3 } }]);
  t.deepEqual(claimsOf(built.screens, 'In one number').map((c) => c.text), ['1 commit by 1 author dated in the event window (author dates, set by the team), the last a1b2c3d4e5f6']);
  const tryIt = claimsOf(built.screens, 'Try it').map((c) => c.text);
  t.regex(tryIt[0]!, /^Under "Install" the README says to run: /);
  t.is(tryIt.length, 2, 'how to start it and what it needs');
  t.notRegex(textsOf(built.screens).join('\n'), /^Found |The README names the project/m);
});

test('a README that says nothing a voter can use: the pitch says what the team has not said, never "Found a README"', async (t) => {
  const inp = inputOf([{ path: 'README.md', data: '# Rocket\n\n## Notes\n\n```\nx\n```\n' }], COMMUNITY);
  const built = await buildDeck(inp, null);
  t.deepEqual(built.findings, []);
  const all = textsOf(built.screens);
  t.false(all.some((x) => /^Found /.test(x)), all.join('\n'));
  t.regex(claimsOf(built.screens, 'What it is')[0]!.text, /^The team has not said what it is/);
  t.regex(claimsOf(built.screens, 'Who it is for')[0]!.text, /^The team has not said who it is for \(README and showcase of revision a1b2c3d4e5f6\)$/);
  t.deepEqual(claimsOf(built.screens, 'Who it is for')[0]!.cite, { commit: SHA });
});

test('who it is for: the showcase\'s clause first, else a README section about it', async (t) => {
  const showcase = { product: 'Rocket Todo', tagline: 'Todo lists that sync between laptops', description: 'Built for teams that\nplan together.' };
  const a = await buildDeck({ ...inputOf([{ path: 'index.js', data: 'run();\n' }], COMMUNITY), showcase }, null);
  t.deepEqual(claimsOf(a.screens, 'Who it is for'), [{ text: '"…for teams that plan together…"', cite: { showcase: 'description' } }]);
  t.deepEqual(claimsOf(a.screens, 'What it is')[0], { text: '"Todo lists that sync between laptops"', cite: { showcase: 'tagline' } });
  t.deepEqual(a.findings, []);
  const readme = '# Tide\n\nTide tracks tides.\n\n## Who it is for\n\nSailors and anglers on the north coast. And their dogs.\n';
  const b = await buildDeck(inputOf([{ path: 'README.md', data: readme }], COMMUNITY), null);
  t.deepEqual(claimsOf(b.screens, 'Who it is for'), [{ text: '"Sailors and anglers on the north coast."', cite: { path: 'README.md', start: 7, end: 7 } }]);
  t.deepEqual(b.findings, []);
});

test('one picture, on the title screen: the pitch has no gallery screen', async (t) => {
  const png = (r: number) => sharp({ create: { width: 640, height: 400, channels: 3, background: { r, g: 140, b: 200 } } }).png().toBuffer();
  const entries = [
    { path: 'README.md', data: '# Rocket\n\nRocket keeps lists for families.\n\n![one](docs/one.png)\n![two](docs/two.png)\n' },
    { path: 'docs/one.png', data: await png(10) }, { path: 'docs/two.png', data: await png(90) },
  ];
  const community = await buildDeck(inputOf(entries, COMMUNITY), null);
  t.is(community.files.length, 1);
  t.notRegex(community.html, /In pictures/);
  t.regex(community.html, /class="pic hero"/);
  t.is((community.html.match(/<section /g) ?? []).length, community.screens.length + 1, 'the title and the pitch screens, nothing more');
});

test('one number a voter can read: with no commit dated in the event window, the tests or the code\'s size, never a count of nothing', async (t) => {
  const before = [{ ...COMMITS[0]!, at: '2029-01-01T12:00:00Z' }];
  const flask = await buildDeck({ ...inputOf(fixtureEntries('flask-notes'), COMMUNITY), commits: before }, null);
  t.deepEqual(claimsOf(flask.screens, 'In one number').map((c) => c.text), ['1 test file with 3 tests']);
  const bare = await buildDeck({ ...inputOf([{ path: 'main.go', data: 'package main\n\nfunc main() {}\n' }], COMMUNITY), commits: before }, null);
  t.regex(claimsOf(bare.screens, 'In one number')[0]!.text, /^Go: 1 file, 3 lines/);
  t.deepEqual(bare.findings, []);
});
