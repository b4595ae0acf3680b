// Generated decks that are true, pure: facts come from real parsers whatever the
// formatting (the one-line package.json that once gave "does not describe what it does"), a
// file that does not parse is a finding and never a negative claim, the validator refuses a
// negative claim whose subject is in the archive, and a seeded property test builds evidence
// archives of many shapes (formatting variants, nesting, monorepos, empty, binary, huge and
// non-UTF-8 files, symlinks) and checks every claim of both decks against the archive.
import test from 'ava';
import { findPresence } from '../../core/decks/absence.ts';
import { parseChatDeck } from '../../core/decks/chat.ts';
import { MAX_TEXT_BYTES } from '../../core/decks/evidence.ts';
import { extractFacts } from '../../core/decks/facts.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import { readManifests } from '../../core/decks/manifests.ts';
import type { CommitInfo, DeckTemplate, GenerateInput, Screen } from '../../core/decks/types.ts';
import { validateDeck } from '../../core/decks/validate.ts';
import { deckProblems, evidenceOf, type Entry } from '../helpers/deck-truth.ts';

const JURY: DeckTemplate = {
  kind: 'jury', name: 'jury', description: 'Five-minute live presentation for the jury', schemaVersion: 2, screens: { min: 6, max: 8 }, maxClaimChars: 240, maxClaimsPerScreen: 6,
  headings: ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Where the code came from', 'Evidence it runs', 'What is tested', 'What is next']
    .map((heading, i) => ({ heading, required: i < 7 })),
};
const COMMUNITY: DeckTemplate = {
  kind: 'community', name: 'community', description: 'A pitch for the community vote (what it is, who it is for, one picture, one number)', schemaVersion: 2, screens: { min: 3, max: 4 }, maxClaimChars: 160, maxClaimsPerScreen: 2,
  headings: ['What it is', 'Who it is for', 'In one number', 'Try it'].map((heading, i) => ({ heading, required: i < 3 })),
};
const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const WINDOW = { startsAt: '2030-05-01T09:00:00.000Z', freezeAt: '2030-05-02T09:15:00.000Z' };
const COMMITS: CommitInfo[] = [{ sha: SHA, author: '0123456789abcdef', at: '2030-05-01T12:00:00Z', subject: 'Build it' }];

function input(entries: Entry[], template: DeckTemplate = JURY): GenerateInput {
  const evidence = evidenceOf(entries, SHA);
  return {
    template, team: 'Rocket', eventName: 'Spring Hack', sha: SHA, archiveName: `submission-${SHA.slice(0, 12)}.tar.gz`, archiveSha256: evidence.archiveSha256,
    repository: 'acme/rocket', window: WINDOW, evidence, commits: COMMITS,
  };
}

const texts = (screens: Screen[]) => screens.flatMap((s) => s.claims.map((c) => c.text));
const SERVER = "const http = require('node:http');\nhttp.createServer((q, r) => r.end('ok')).listen(3000);\n";

test('a valid package.json on one line: its start script is read and cited at line 1, nothing is said to be absent', async (t) => {
  const oneLine = '{"name":"rocket","version":"1.0.0","scripts":{"start":"node src/server.js"}}';
  const inp = input([{ path: 'package.json', data: oneLine }, { path: 'src/server.js', data: SERVER }]);
  const built = await buildDeck(inp, null);
  const all = texts(built.screens);
  t.false(all.some((x) => /does not (describe|say) what it does/.test(x)), all.join('\n'));
  const does = built.screens.find((s) => s.heading === 'What it does')!;
  t.deepEqual(does.claims[0], { text: 'npm run start runs "node src/server.js"', cite: { path: 'package.json', start: 1, end: 1 } });
  t.deepEqual(built.findings, []);
  t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), []);
});

test('the same package.json in every formatting cites the line where each member really is', (t) => {
  const value = { name: 'rocket', description: 'Shared todo lists', scripts: { test: 'node --test', start: 'node src/server.js' }, dependencies: { express: '^4' } };
  const variants: [string, string, { start: number; end: number }][] = [
    ['two spaces', JSON.stringify(value, null, 2), { start: 6, end: 6 }],
    ['tabs, CRLF', JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n'), { start: 6, end: 6 }],
    ['one line', JSON.stringify(value), { start: 1, end: 1 }],
    ['members on one line each, scripts split', '{ "name": "rocket", "description": "Shared todo lists",\n  "scripts": { "test": "node --test",\n "start":\n   "node src/server.js" },\n "dependencies": {"express": "^4"} }\n', { start: 3, end: 4 }],
  ];
  for (const [name, text, at] of variants) {
    const ev = input([{ path: 'package.json', data: text }]).evidence;
    const m = readManifests(ev).manifests[0]!;
    t.deepEqual(m.scripts.find((s) => s.name === 'start'), { name: 'start', command: 'node src/server.js', ...at }, name);
    t.is(m.description!.value, 'Shared todo lists', name);
    t.deepEqual(m.dependencies.map((d) => d.names), [['express']], name);
  }
});

test('TOML, YAML, XML and line manifests: values from the parser, each cited where it is', (t) => {
  const ev = input([
    { path: 'pyproject.toml', data: '[build-system]\nrequires = ["hatchling"]\n\n[project]\nname = "weather"\ndescription = "Caches \\"weather\\" reports"\ndependencies = [\n  "fastapi>=0.110",\n  "httpx",\n]\n' },
    { path: 'Cargo.toml', data: 'package = { name = "ferris", description = "A crab" }\n[dependencies]\nserde = "1"\ntokio = { version = "1", features = ["full"] }\n' },
    { path: 'pom.xml', data: '<project>\n  <parent><artifactId>boot</artifactId></parent>\n  <artifactId>shop</artifactId>\n  <dependencies>\n    <dependency><artifactId>spring-web</artifactId></dependency>\n    <dependency><artifactId>junit</artifactId><scope>test</scope></dependency>\n  </dependencies>\n</project>\n' },
    { path: 'go.mod', data: 'module example.com/relay\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.12 // indirect\n)\n' },
    { path: 'Gemfile', data: 'source "https://rubygems.org"\ngem "sinatra"\ngroup :test do\n  gem "rspec"\nend\n' },
    { path: 'api/Api.csproj', data: '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n    <PackageReference Include="Dapper" Version="2.1.0" />\n  </ItemGroup>\n</Project>\n' },
    { path: 'requirements.txt', data: '# pinned\nflask==3.0 \\\n  --hash=sha256:abc\n-r base.txt\n' },
  ]).evidence;
  const { manifests, problems } = readManifests(ev);
  t.deepEqual(problems, []);
  const by = (p: string) => manifests.find((m) => m.path === p)!;
  t.deepEqual(by('pyproject.toml').description, { value: 'Caches "weather" reports', start: 6, end: 6 });
  t.deepEqual(by('pyproject.toml').dependencies, [{ kind: 'runtime', names: ['fastapi', 'httpx'], start: 7, end: 10 }]);
  t.deepEqual(by('Cargo.toml').name, { value: 'ferris', start: 1, end: 1 }, 'an inline table: the line that holds it');
  t.deepEqual(by('Cargo.toml').dependencies, [{ kind: 'runtime', names: ['serde', 'tokio'], start: 2, end: 4 }]);
  t.deepEqual(by('pom.xml').name, { value: 'shop', start: 3, end: 3 }, 'the project artifactId, not the parent one');
  t.deepEqual(by('pom.xml').dependencies.map((d) => [d.kind, d.names, d.start, d.end]), [['runtime', ['spring-web'], 4, 7], ['development', ['junit'], 4, 7]]);
  t.deepEqual(by('go.mod').name, { value: 'example.com/relay', start: 1, end: 1 });
  t.deepEqual(by('go.mod').dependencies, [{ kind: 'runtime', names: ['github.com/go-chi/chi/v5'], start: 6, end: 6 }]);
  t.deepEqual(by('Gemfile').dependencies.map((d) => [d.kind, d.names, d.start]), [['runtime', ['sinatra'], 2], ['development', ['rspec'], 4]]);
  t.deepEqual(by('api/Api.csproj').dependencies.map((d) => [d.names, d.start, d.end]), [[['Dapper'], 2, 4]]);
  t.deepEqual(by('requirements.txt').dependencies, [{ kind: 'runtime', names: ['flask'], start: 2, end: 3 }]);
});

test('a file that does not parse is a finding, never a negative claim', async (t) => {
  const inp = input([{ path: 'package.json', data: '{"name": "rocket", "scripts": {"start": "node s.js",}}' }, { path: 'pyproject.toml', data: '[project\nname = 1' }, { path: 'compose.yaml', data: 'services:\n  web: [unclosed\n' }]);
  const built = await buildDeck(inp, null);
  const unparsed = built.findings.filter((f) => f.code === 'unparsed_file').map((f) => f.message);
  t.is(unparsed.length, 3, unparsed.join('\n'));
  t.regex(unparsed.find((m) => m.startsWith('package.json'))!, /^package\.json does not parse: .+/);
  t.regex(unparsed.find((m) => m.startsWith('pyproject.toml'))!, /^pyproject\.toml does not parse: Invalid TOML document/);
  t.regex(unparsed.find((m) => m.startsWith('compose.yaml'))!, /^compose\.yaml does not parse: /);
  for (const s of built.screens) for (const c of s.claims) t.falsy(c.absent && !['next', 'readme', 'source'].includes(c.absent.subject), `${s.heading}: ${c.text}`);
  t.false(texts(built.screens).some((x) => /no test files|does not say what it does|no hackathon\.json/.test(x)));
  t.deepEqual(built.findings.filter((f) => f.code !== 'unparsed_file'), []);
});

test('the validator refuses a negative claim whose subject is anywhere in the archive', (t) => {
  const inp = input([
    { path: 'README.md', data: '# Rocket\n' },
    { path: 'services/api/package.json', data: '{"scripts":{"start":"node x.js"}}' },
    { path: 'services/api/src/lib.rs', data: 'fn add() {}\n#[cfg(test)]\nmod t {}\n' },
  ]);
  const cite = { commit: SHA };
  const screens: Screen[] = [
    { heading: 'Problem', claims: [{ text: 'No README', cite, absent: { subject: 'readme', checked: ['the file tree'] } }] },
    { heading: 'What it does', claims: [{ text: 'Nothing starts it', cite, absent: { subject: 'run', checked: [] } }] },
    { heading: 'What is tested', claims: [{ text: 'No tests', cite, absent: { subject: 'tests', checked: [] } }] },
    { heading: 'What is next', claims: [{ text: 'No next steps', cite, absent: { subject: 'next', checked: [] } }] },
  ];
  const f = validateDeck(screens, { ...JURY, screens: { min: 1, max: 8 } }, inp.evidence, SHA, COMMITS);
  t.deepEqual(f.map((x) => `${x.code}@${x.screen}.${x.claim}`), ['false_absence@1.1', 'false_absence@2.1', 'false_absence@3.1']);
  t.regex(f[1]!.message, /says there is no run, but services\/api\/package\.json:1 holds the start script/);
  t.regex(f[2]!.message, /services\/api\/src\/lib\.rs:2 holds a Rust test/);
  t.is(findPresence(inp.evidence, 'next'), null);
});

test('a negative claim cites what was checked and carries its subject; a README only in a subfolder is still a README', async (t) => {
  const bare = await buildDeck(input([{ path: 'src/main.go', data: 'package main\n\nfunc helper() {}\n' }]), null);
  const tested = bare.screens.find((s) => s.heading === 'What is tested')!.claims[0]!;
  t.deepEqual(tested.absent, { subject: 'tests', checked: ['the file tree (1 files)'] });
  t.deepEqual(tested.cite, { commit: SHA });
  t.regex(tested.text, /has no test files or real test script \(checked the file tree \(1 files\)\)/);
  const nested = await buildDeck(input([{ path: 'docs/README.md', data: '' }, { path: 'app.py', data: 'print(1)\n' }]), null);
  const problem = nested.screens.find((s) => s.heading === 'Problem')!.claims[0]!;
  t.falsy(problem.absent);
  t.regex(problem.text, /docs\/README\.md/);
  t.deepEqual(nested.findings, []);
});

// ------------------------------------------------------------------ the property test

/** mulberry32: a small seeded PRNG, so a failing shape can be replayed from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)]!, chance: (p: number) => next() < p };
}

function formatJson(r: ReturnType<typeof prng>, v: unknown): string {
  const style = r.int(5);
  const text = style === 0 ? JSON.stringify(v) : style === 1 ? JSON.stringify(v, null, 2) : style === 2 ? JSON.stringify(v, null, '\t') : style === 3 ? JSON.stringify(v, null, 4).replace(/\n/g, '\r\n') : JSON.stringify(v).replace(/,"/g, ',\n"').replace(/\{"/g, '{ "');
  return r.chance(0.5) ? `${text}\n` : text;
}

function shape(seed: number): Entry[] {
  const r = prng(seed);
  const out: Entry[] = [];
  const roots = r.chance(0.35) ? ['packages/web/', 'packages/api/'] : r.chance(0.2) ? ['app/'] : [''];
  for (const root of roots) {
    if (r.chance(0.75)) {
      const pkg: Record<string, unknown> = { name: `p${seed}`, version: '1.0.0' };
      if (r.chance(0.5)) pkg.description = r.pick(['A tool', 'Shared lists for "teams"', 'Zeichen – ünïcode']);
      const scripts: Record<string, string> = {};
      if (r.chance(0.6)) scripts[r.pick(['start', 'dev', 'serve'])] = r.pick(['node src/server.js', 'vite', 'tsx watch src/index.ts']);
      if (r.chance(0.5)) scripts.test = r.pick(['node --test', 'echo "Error: no test specified" && exit 1', 'vitest']);
      if (r.chance(0.8)) pkg.scripts = scripts;
      if (r.chance(0.6)) pkg.dependencies = Object.fromEntries(['express', 'react', 'zod', 'pg'].slice(0, 1 + r.int(4)).map((n) => [n, '^1.0.0']));
      out.push({ path: `${root}package.json`, data: r.chance(0.08) ? formatJson(r, pkg).slice(0, -3) : formatJson(r, pkg) });
    }
    if (r.chance(0.7)) out.push({ path: `${root}src/server.js`, data: SERVER + (r.chance(0.3) ? '// TODO: auth\n' : '') });
  }
  const readme = r.int(6);
  if (readme === 1) out.push({ path: 'README.md', data: '# Rocket\n\nA shared todo list.\n\n## Features\n\n- Lists\n- Sharing\n' });
  if (readme === 2) out.push({ path: 'README.md', data: '' });
  if (readme === 3) out.push({ path: 'docs/README.rst', data: 'Rocket\n======\n\nA tool.\n' });
  if (readme === 4) out.push({ path: 'README.md', link: 'docs/README.md' }, { path: 'docs/README.md', data: '# Linked\n' });
  if (r.chance(0.3)) out.push({ path: 'pyproject.toml', data: r.pick(['[project]\nname = "w"\ndescription = "Weather"\ndependencies = ["httpx"]\n', '[project]\nname="w"\ndependencies=[\n"httpx",\n"fastapi"]\n', 'project = { name = "w", description = "Weather" }\n', '']) });
  if (r.chance(0.2)) out.push({ path: 'go.mod', data: r.pick(['module x/y\n\ngo 1.22\n', 'module x/y\nrequire github.com/a/b v1.0.0\n', 'not a go.mod']) });
  const tests = r.int(8);
  if (tests === 1) out.push({ path: 'test/a.test.js', data: "test('adds', () => {});\n" });
  if (tests === 2) out.push({ path: 'tests/test_api.py', data: 'def test_api():\n    pass\n' });
  if (tests === 3) out.push({ path: 'pkg/relay_test.go', data: 'package pkg\nfunc TestRelay(t *testing.T) {}\n' });
  if (tests === 4) out.push({ path: 'src/lib.rs', data: 'pub fn f() {}\n#[test]\nfn t() {}\n' });
  if (tests === 5) out.push({ path: 'node_modules/dep/test/x.test.js', data: "test('theirs', () => {});\n" });
  if (tests === 6) out.push({ path: 'test/legacy.test.js', data: Buffer.from([0x74, 0x65, 0xff, 0xfe, 0x0a]) });
  if (tests === 7) out.push({ path: 'spec/app_spec.rb', link: '../elsewhere.rb' });
  if (r.chance(0.3)) out.push({ path: 'assets/logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]) });
  if (r.chance(0.15)) out.push({ path: 'src/huge.js', data: `// generated\n${'x = 1;\n'.repeat(Math.ceil((MAX_TEXT_BYTES + 10) / 7))}` });
  if (r.chance(0.2)) out.push({ path: 'notes.txt', data: Buffer.from('caf\xe9\n', 'latin1') });
  if (r.chance(0.15)) out.push({ path: 'empty.js', data: '' });
  if (r.chance(0.2)) out.push({ path: 'compose.yaml', data: r.pick(['services:\n  web:\n    build: .\n  db:\n    image: postgres\n', 'services: {web: {build: .}}\n']) });
  // tests by content only, run commands, what it needs, a bundled library
  const more = r.int(6);
  if (more === 1) out.push({ path: 'tests.py', data: 'import unittest\n\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertTrue(True)\n' });
  if (more === 2) out.push({ path: 'checks/conftest.py', data: '' }, { path: 'checks/api.py', data: 'def test_api():\n    assert 1\n' });
  if (more === 3) out.push({ path: 'cmd/relay/main.go', data: 'package main\n\nimport "os"\n\nfunc main() {\n\tprintln(os.Getenv("RELAY_TOKEN"))\n}\n' }, { path: '.gitignore', data: '.env\nnode_modules/\n' });
  if (more === 4) out.push({ path: 'static/vendor.js', data: `!function(){${'var a=1;'.repeat(300)}}();\n` }, { path: '.env.example', data: 'API_KEY=\nPORT=3000\n' });
  if (more === 5) out.push({ path: 'USAGE/README.md', data: '# Run it\n\n## Usage\n\n```sh\n$ make run\n```\n' });
  return out;
}

test('property: archives of many shapes give decks with no false claim (every citation and every negative claim checked)', async (t) => {
  const SEEDS = 80;
  let claims = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const entries = shape(seed);
    for (const template of [JURY, COMMUNITY]) {
      const inp = input(entries, template);
      const built = await buildDeck(inp, null);
      const problems = deckProblems(built.screens, inp.evidence, COMMITS, SHA);
      t.deepEqual(problems, [], `seed ${seed} (${template.kind}): ${entries.map((e) => e.path).join(', ')}`);
      t.deepEqual(built.findings.filter((f) => f.code !== 'unparsed_file'), [], `seed ${seed} (${template.kind}) findings`);
      t.true(built.screens.length >= template.screens.min && built.screens.length <= template.screens.max, `seed ${seed}: screen count`);
      claims += built.screens.reduce((n, s) => n + s.claims.length, 0);
    }
    // extraction alone agrees with the deck: nothing absent is said of a present subject
    const facts = extractFacts(input(entries));
    for (const c of Object.values(facts.absent)) if (c.absent) t.is(findPresence(input(entries).evidence, c.absent.subject), null, `seed ${seed}: ${c.text}`);
  }
  t.true(claims > SEEDS * 10);
});

// ------------------------------------------------------------------ the team's own words first

const TEMPLATE_README = '# Team app template\n\nStart from this template: replace this text with what your project does.\n\n## Features\n\n- Describe a feature here\n';

function withTemplate(entries: Entry[], template: Entry[], over: Partial<GenerateInput> = {}, tpl: DeckTemplate = JURY): GenerateInput {
  return { ...input(entries, tpl), templateSha: 'e'.repeat(40), templateEvidence: evidenceOf(template, 'e'.repeat(40)), ...over };
}

test('a team that wrote a tagline gets it first on the first screen, cited as the team showcase', async (t) => {
  const showcase = { product: 'Rocket Todo', tagline: 'Todo lists that sync between laptops', description: 'Built for teams that\nplan together.' };
  for (const tpl of [JURY, COMMUNITY]) {
    const inp = withTemplate([{ path: 'README.md', data: TEMPLATE_README }, { path: 'src/server.js', data: SERVER }], [{ path: 'README.md', data: TEMPLATE_README }], { showcase }, tpl);
    const built = await buildDeck(inp, null);
    t.deepEqual(built.findings, []);
    t.deepEqual(built.screens[0]!.claims.slice(0, 2), [
      { text: tpl.kind === 'jury' ? 'Rocket Todo: "Todo lists that sync between laptops"' : '"Todo lists that sync between laptops"', cite: { showcase: 'tagline' } },
      { text: 'The team describes it: "Built for teams that plan together."', cite: { showcase: 'description' } },
    ], tpl.kind);
    t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA, showcase), []);
    t.regex(built.html, /<cite>team showcase: tagline<\/cite>/);
  }
  // a showcase citation the team did not write is an invalid citation
  const f = validateDeck([{ heading: 'Problem', claims: [{ text: 'Tagline', cite: { showcase: 'tagline' } }] }], { ...JURY, screens: { min: 1, max: 8 } }, input([]).evidence, SHA, COMMITS, { product: 'X', tagline: null, description: null });
  t.deepEqual(f.map((x) => x.code), ['invalid_citation']);
});

test('the template README is recognised: never "the README names the project "Team app template"", said to be the template\'s', async (t) => {
  const inp = withTemplate([{ path: 'README.md', data: TEMPLATE_README }, { path: 'src/server.js', data: SERVER }], [{ path: 'README.md', data: TEMPLATE_README }]);
  const built = await buildDeck(inp, null);
  const all = texts(built.screens).join('\n');
  t.notRegex(all, /Team app template/);
  t.notRegex(all, /Describe a feature here|replace this text/);
  t.deepEqual(built.screens[0]!.claims[0], { text: `README.md is the event template's, unchanged (template revision ${'e'.repeat(12)})`, cite: { path: 'README.md', start: 1, end: 7 } });
  t.deepEqual(built.findings, []);
  // a team that changed the title but kept the template's words: the title is theirs, the rest is not shown
  const edited = TEMPLATE_README.replace('# Team app template', '# Rocket Todo');
  const mine = await buildDeck(withTemplate([{ path: 'README.md', data: edited }], [{ path: 'README.md', data: TEMPLATE_README }]), null);
  const words = texts(mine.screens).join('\n');
  t.regex(words, /The README names the project "Rocket Todo"/);
  t.notRegex(words, /replace this text|Describe a feature here|template's, unchanged/);
  // without the template's files (the code host could not give them) the README is read as before
  const blind = await buildDeck(input([{ path: 'README.md', data: TEMPLATE_README }]), null);
  t.regex(texts(blind.screens).join('\n'), /The README names the project "Team app template"/);
});

test('a model-written negative claim keeps its absent subject and is checked like any other', (t) => {
  const screens = parseChatDeck(JSON.stringify({ screens: [{ heading: 'What is tested', claims: [
    { text: 'There are no tests', cite: { commit: SHA }, absent: { subject: 'tests', checked: ['the file tree', 7] } },
    { text: 'Odd subject', cite: { commit: SHA }, absent: { subject: 'secrets' } },
  ] }] }));
  t.deepEqual(screens[0]!.claims[0]!.absent, { subject: 'tests', checked: ['the file tree'] });
  t.is(screens[0]!.claims[1]!.absent, undefined, 'an unknown subject is dropped');
  const ev = input([{ path: 'tests/test_api.py', data: 'def test_api():\n    pass\n' }]).evidence;
  const f = validateDeck(screens, { ...JURY, screens: { min: 1, max: 8 } }, ev, SHA, COMMITS);
  t.deepEqual(f.map((x) => x.code), ['false_absence']);
});

test('TODO/FIXME notes left are counted, the first ones quoted where they are', async (t) => {
  const inp = input([{ path: 'src/a.js', data: '// TODO: auth\nx();\n// FIXME: leaks memory\n' }, { path: 'src/b.py', data: '# TODO: cache it\n' }]);
  const next = (await buildDeck(inp, null)).screens.find((s) => s.heading === 'What is next')!.claims;
  t.deepEqual(next.slice(0, 3), [
    { text: '3 TODO/FIXME notes left in 2 source files', cite: { path: 'src/a.js', start: 1, end: 1 } },
    { text: 'src/a.js notes TODO: auth', cite: { path: 'src/a.js', start: 1, end: 1 } },
    { text: 'src/a.js notes FIXME: leaks memory', cite: { path: 'src/a.js', start: 3, end: 3 } },
  ]);
});

// ---------------------------------------------------------------- what they built

const claimsOf = (screens: Screen[], heading: string) => screens.find((s) => s.heading === heading)?.claims ?? [];

test('routes registered in Express, Fastify, Flask, FastAPI and Go net/http are found and cited at their lines; a client call is not a route', async (t) => {
  const cases: [Entry[], string, { path: string; start: number; end: number }][] = [
    [[{ path: 'src/server.js', data: "const express = require('express');\nconst app = express();\napp.get('/todos', list);\napp.post(\"/todos\", add);\naxios.get('/elsewhere');\napi.get('/users');\napp.listen(3000);\n" }],
      'src/server.js registers 2 routes: GET /todos, POST /todos', { path: 'src/server.js', start: 3, end: 4 }],
    [[{ path: 'index.ts', data: "import Fastify from 'fastify';\nconst fastify = Fastify();\n\nfastify.delete(`/items/:id`, drop);\n" }],
      'index.ts registers 1 route: DELETE /items/:id', { path: 'index.ts', start: 4, end: 4 }],
    [[{ path: 'app.py', data: "from flask import Flask\napp = Flask(__name__)\n\n@app.route('/')\ndef home():\n    return 'hi'\n\n@app.route('/tides', methods=['GET'])\ndef tides():\n    return []\n" }],
      'app.py registers 2 routes: /, /tides', { path: 'app.py', start: 4, end: 8 }],
    [[{ path: 'api/main.py', data: 'from fastapi import FastAPI\napi = FastAPI()\n\n@api.get("/health")\nasync def health():\n    return {}\n' }],
      'api/main.py registers 1 route: GET /health', { path: 'api/main.py', start: 4, end: 4 }],
    [[{ path: 'main.go', data: 'package main\n\nimport "net/http"\n\nfunc main() {\n\thttp.HandleFunc("/hook", hook)\n\tmux.HandleFunc("POST /events", events)\n\tclient.Get("/status")\n\thttp.Get("/ping")\n\thttp.ListenAndServe(":8080", nil)\n}\n' }],
      'main.go registers 2 routes: /hook, POST /events', { path: 'main.go', start: 6, end: 7 }],
  ];
  for (const [entries, text, cite] of cases) {
    const inp = input(entries);
    const built = await buildDeck(inp, null);
    t.deepEqual(claimsOf(built.screens, 'How it works').find((c) => /registers/.test(c.text)), { text, cite }, text);
    t.deepEqual(built.findings, []);
    t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), []);
  }
});

test('commands a manifest installs: npm "bin" (string or object, one-line file), Cargo [[bin]], Python console scripts', async (t) => {
  const npm = await buildDeck(input([{ path: 'package.json', data: '{"name":"@acme/todo","bin":"cli.js"}' }, { path: 'cli.js', data: 'console.log(1);\n' }]), null);
  t.deepEqual(claimsOf(npm.screens, 'What it does').find((c) => /command/.test(c.text)), { text: 'package.json installs the command todo (cli.js)', cite: { path: 'package.json', start: 1, end: 1 } });
  const many = await buildDeck(input([{ path: 'tools/package.json', data: JSON.stringify({ name: 'x', bin: { todo: 'bin/todo.js', 'todo-sync': 'bin/sync.js' } }, null, 2) }, { path: 'bin/todo.js', data: 'x();\n' }]), null);
  t.deepEqual(claimsOf(many.screens, 'What it does').find((c) => /command/.test(c.text)), { text: 'tools/package.json installs 2 commands: todo (bin/todo.js), todo-sync (bin/sync.js)', cite: { path: 'tools/package.json', start: 4, end: 5 } });
  const rust = await buildDeck(input([{ path: 'Cargo.toml', data: '[package]\nname = "notes"\nversion = "0.1.0"\n\n[[bin]]\nname = "notes-cli"\npath = "src/cli.rs"\n' }, { path: 'src/cli.rs', data: 'fn main() {}\n' }]), null);
  t.deepEqual(claimsOf(rust.screens, 'What it does').find((c) => /command/.test(c.text)), { text: 'Cargo.toml builds the command notes-cli (src/cli.rs)', cite: { path: 'Cargo.toml', start: 6, end: 6 } });
  for (const d of [npm, many, rust]) t.deepEqual(d.findings, []);
});

test('pages found by file-based routing (Next.js pages/ and app/, SvelteKit) are listed with the first page cited', async (t) => {
  const next = await buildDeck(input([
    { path: 'pages/index.tsx', data: 'export default function Home() { return null; }\n' },
    { path: 'pages/about.tsx', data: 'export default () => null;\n' },
    { path: 'pages/_app.tsx', data: 'export default function App() {}\n' },
    { path: 'pages/api/todos.ts', data: 'export default function handler() {}\n' },
  ]), null);
  t.deepEqual(claimsOf(next.screens, 'How it works').find((c) => /pages? under/.test(c.text)), { text: '3 pages under pages/: /, /about, /api/todos (the first, pages/index.tsx)', cite: { path: 'pages/index.tsx', start: 1, end: 1 } });
  const app = await buildDeck(input([
    { path: 'web/src/app/page.tsx', data: 'export default function Page() {}\n' },
    { path: 'web/src/app/(shop)/cart/page.tsx', data: 'export default function Cart() {}\n' },
  ]), null);
  t.regex(claimsOf(app.screens, 'How it works').map((c) => c.text).join('\n'), /2 pages under web\/src\/app\/: \/, \/cart \(the first, web\/src\/app\/page\.tsx\)/);
  const svelte = await buildDeck(input([{ path: 'src/routes/+page.svelte', data: '<h1>Hi</h1>\n' }, { path: 'src/routes/todos/+page.svelte', data: '<ul></ul>\n' }]), null);
  t.regex(claimsOf(svelte.screens, 'How it works').map((c) => c.text).join('\n'), /2 pages under src\/routes\/: \/, \/todos/);
});

test('a code screen quotes a few lines exactly as they are at its file:line; the validator refuses a snippet not at those lines', async (t) => {
  const inp = input([{ path: 'src/server.js', data: "const express = require('express');\nconst app = express();\n\napp.get('/todos', (req, res) => {\n  res.json(todos);\n});\napp.listen(3000);\n" }]);
  const built = await buildDeck(inp, null);
  const code = built.screens.flatMap((s) => s.claims).find((c) => c.quote !== undefined)!;
  t.deepEqual(code, {
    text: 'Where src/server.js handles GET /todos', cite: { path: 'src/server.js', start: 4, end: 7 },
    quote: "app.get('/todos', (req, res) => {\n  res.json(todos);\n});\napp.listen(3000);",
  });
  t.regex(built.html, /Where src\/server\.js handles GET \/todos<sup>(\d+)<\/sup><pre><code>app\.get\(&#39;\/todos&#39;, \(req, res\) =&gt; \{\n  res\.json\(todos\);\n\}\);\napp\.listen\(3000\);<\/code><\/pre><\/li>.*<li><b>\1<\/b><cite>src\/server\.js:4-7<\/cite><\/li>/s, 'the snippet, then its file:line in the footnote strip');
  t.deepEqual(built.findings, []);
  const moved = built.screens.map((s) => ({ ...s, claims: s.claims.map((c) => (c.quote ? { ...c, cite: { path: 'src/server.js', start: 3, end: 6 } } : c)) }));
  t.deepEqual(validateDeck(moved, JURY, inp.evidence, SHA, COMMITS).map((f) => [f.code, f.message]), [['invalid_citation', 'Screen 3, claim 3 quotes code that is not at src/server.js:3-6']]);
  const onCommit = built.screens.map((s) => ({ ...s, claims: s.claims.map((c) => (c.quote ? { ...c, cite: { commit: SHA } } : c)) }));
  t.deepEqual(validateDeck(onCommit, JURY, inp.evidence, SHA, COMMITS).map((f) => f.code), ['invalid_citation']);
  // a program entry is the snippet when no route is registered; a line that looks like a secret is never quoted
  const go = await buildDeck(input([{ path: 'main.go', data: 'package main\n\nfunc main() {\n\tprintln("hi")\n}\n' }]), null);
  t.like(go.screens.flatMap((s) => s.claims).find((c) => c.quote), { text: 'The Go main function of main.go', cite: { path: 'main.go', start: 3, end: 5 }, quote: 'func main() {\n\tprintln("hi")\n}' });
  const secret = await buildDeck(input([{ path: 'main.go', data: 'package main\n\nfunc main() {\n\tapiKey := "sk-123"\n}\n' }]), null);
  t.false(secret.html.includes('sk-123'));
});

test('contributors by roster name: commit authors of the build window matched to the team roster by key; others are counted, not named', async (t) => {
  const { authorKey } = await import('../../core/codehost/types.ts');
  const commits: CommitInfo[] = [
    { sha: SHA, author: authorKey('ana@rocket.test'), at: '2030-05-01T20:00:00Z', subject: 'Sync' },
    { sha: 'b'.repeat(40), author: authorKey('stranger@else.test'), at: '2030-05-01T15:00:00Z', subject: 'Fix' },
    { sha: 'c'.repeat(40), author: authorKey('Ana@Rocket.test'), at: '2030-05-01T12:00:00Z', subject: 'Lists' },
    { sha: 'd'.repeat(40), author: authorKey('bo@rocket.test'), at: '2030-05-01T10:00:00Z', subject: 'Start' },
    { sha: 'e'.repeat(40), author: authorKey('bo@rocket.test'), at: '2030-04-20T10:00:00Z', subject: 'Before the event' },
  ];
  const roster = [{ name: 'Ana Lima', key: authorKey('ana@rocket.test') }, { name: 'Bo Chen', key: authorKey('bo@rocket.test') }, { name: 'Cy Idle', key: authorKey('cy@rocket.test') }];
  const inp = { ...input([{ path: 'src/a.js', data: 'x();\n' }]), commits, roster };
  const built = await buildDeck(inp, null);
  const claims = claimsOf(built.screens, 'What was built in the event');
  t.deepEqual(claims[1], { text: "Commits by Ana Lima (2), Bo Chen (1); 1 author not on the team's roster (1)", cite: { commit: SHA } });
  t.deepEqual(deckProblems(built.screens, inp.evidence, commits, SHA), []);
  t.false(built.html.includes('Cy Idle'), 'a roster member without a commit in the window is not named');
  const anonymous = await buildDeck({ ...inp, roster: null }, null);
  t.false(claimsOf(anonymous.screens, 'What was built in the event').some((c) => /Commits by/.test(c.text)), 'without the roster no one is named');
});
