// Real-project fixtures: small whole trees under test/fixtures/
// with their READMEs and licences. A Flask app whose tests are unittest classes in a root-level
// tests.py (once "has no test files or real test script"), and a Go CLI (once "has no start
// script" as its only run evidence). Both decks of each: every claim holds against the archive,
// no finding, the tests and the way to run it found and cited.
import test from 'ava';
import { buildDeck } from '../../core/decks/generate.ts';
import { validateDeck } from '../../core/decks/validate.ts';
import { claimsOf, COMMITS, COMMUNITY, fixtureEntries, inputOf, JURY, SHA, textsOf } from '../helpers/deck-fixtures.ts';
import { deckProblems } from '../helpers/deck-truth.ts';

for (const name of ['flask-notes', 'go-tally']) {
  test(`${name}: jury and community decks whose every claim holds, with no negative claim about tests or running it`, async (t) => {
    for (const tpl of [JURY, COMMUNITY]) {
      const inp = inputOf(fixtureEntries(name), tpl);
      const built = await buildDeck(inp, null);
      t.deepEqual(built.findings, [], `${tpl.kind} findings`);
      t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), [], tpl.kind);
      t.deepEqual(validateDeck(built.screens, tpl, inp.evidence, SHA, COMMITS), []);
      const all = textsOf(built.screens).join('\n');
      t.notRegex(all, /no test files|real test script|no start script|Procfile or start script/, tpl.kind);
      for (const s of built.screens) for (const c of s.claims) t.falsy(c.absent, `${tpl.kind} ${s.heading}: ${c.text}`);
    }
  });
}

test('flask-notes: the root-level unittest module is what is tested, and what running it needs is said', async (t) => {
  const built = await buildDeck(inputOf(fixtureEntries('flask-notes')), null);
  t.deepEqual(claimsOf(built.screens, 'What is tested'), [
    { text: 'tests.py holds 3 tests: "test_tags_are_lowercased_and_unique", "test_no_tags", "test_notes_by_tag"', cite: { path: 'tests.py', start: 7, end: 18 } },
    { text: 'tests.py exercises notes.py', cite: { path: 'tests.py', start: 3, end: 3 } },
  ]);
  t.deepEqual(claimsOf(built.screens, 'Evidence it runs').map((c) => c.text), [
    'Under "Install" the README says to run: python -m venv venv; . venv/bin/activate; pip install -r requirements.txt',
    'Under "Run" the README says to run: flask --app app run',
    '.gitignore keeps .env out of the repository',
    '.env.example lists 2 settings to fill in: NOTES_SECRET_KEY, NOTES_DATABASE',
  ]);
  const code = claimsOf(built.screens, 'How it works').find((c) => c.quote !== undefined)!;
  t.is(code.text, 'The function tags_of, in notes.py');
  // with no commit history known, the community pitch's one number is its tests
  const community = await buildDeck({ ...inputOf(fixtureEntries('flask-notes'), COMMUNITY), commits: null }, null);
  t.deepEqual(claimsOf(community.screens, 'In one number').map((c) => c.text), ['1 test file with 3 tests']);
});

test('go-tally: go install for its main package, the README\'s commands, the variable it reads, its Go tests', async (t) => {
  const built = await buildDeck(inputOf(fixtureEntries('go-tally')), null);
  t.deepEqual(claimsOf(built.screens, 'Evidence it runs'), [
    { text: 'Under "Install" the README says to run: go install example.com/tally/cmd/tally@latest', cite: { path: 'README.md', start: 5, end: 8 } },
    { text: 'Under "Usage" the README says to run: tally -top 5 notes.txt; cat *.md | tally -lines', cite: { path: 'README.md', start: 11, end: 15 } },
    { text: 'go install ./cmd/tally builds the command tally (the main package of cmd/tally/main.go)', cite: { path: 'cmd/tally/main.go', start: 12, end: 12 } },
    { text: 'cmd/tally/main.go reads 1 environment variable: TALLY_COLOR', cite: { path: 'cmd/tally/main.go', start: 20, end: 20 } },
  ]);
  t.deepEqual(claimsOf(built.screens, 'What is tested')[0], { text: 'internal/count/count_test.go holds 2 tests: "TestRead", "TestTop"', cite: { path: 'internal/count/count_test.go', start: 8, end: 18 } });
  t.regex(claimsOf(built.screens, 'How it works')[0]!.text, /^Go: 3 files/);
});
