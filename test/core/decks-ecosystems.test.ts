// Decks for teams of seven ecosystems: real git repositories (npm, Python, Go,
// Rust, Java, Ruby, .NET), archived with `git archive` as the capture does, histories read
// through the local code host. Every claim of each team's jury and community deck is checked
// against that team's archive: the file exists, the lines exist, what is quoted is at those
// lines, a code snippet is exactly its cited lines, a commit is in the pushed history, no other
// team's file, name or roster member appears; contributors are named by roster name; and each
// ecosystem's manifest is read (name, dependencies) and cited where it is.
import test from 'ava';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { authorKey } from '../../core/codehost/types.ts';
import { Evidence } from '../../core/decks/evidence.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import type { CommitInfo, DeckTemplate, GenerateInput } from '../../core/decks/types.ts';
import { deckProblems } from '../helpers/deck-truth.ts';
import { archiveOf, makeRepo, run, type Files } from '../helpers/projects.ts';

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
const WINDOW = { startsAt: new Date(START).toISOString(), freezeAt: new Date(START + 24 * 3600_000).toISOString() };

interface Team {
  files: Files;
  /** What the deck must say (a claim's text matches), proving the manifest was read. */
  expect: RegExp[];
}

const TEAMS: Record<string, Team> = {
  npm: {
    files: {
      'README.md': '# Lantern\n\nFind a free desk in the office.\n\n## Features\n\n- Live map of desks\n',
      'package.json': '{"name":"lantern","description":"Desk finder","bin":{"lantern":"src/cli.js"},"scripts":{"start":"node src/index.js","test":"node --test"},"dependencies":{"fastify":"^5"}}\n',
      'src/index.js': "import Fastify from 'fastify';\nconst app = Fastify();\n// TODO: auth\napp.get('/desks', () => []);\napp.listen({ port: 3000 });\n",
      'src/cli.js': "console.log('lantern');\n",
      'test/desks.test.js': "import test from 'node:test';\ntest('finds a desk', () => {});\n",
    },
    expect: [/npm run start runs "node src\/index\.js"/, /package\.json installs the command lantern \(src\/cli\.js\)/, /src\/index\.js registers 1 route: GET \/desks/, /package\.json lists 1 runtime dependency: fastify/, /package\.json describes it as "Desk finder"/],
  },
  python: {
    files: {
      'README.md': 'Harbor\n======\n\nTide tables for sailors.\n',
      'pyproject.toml': '[project]\nname = "harbor"\ndescription = "Tide tables"\ndependencies = [\n  "fastapi>=0.110",\n  "httpx",\n]\n\n[project.scripts]\nharbor = "harbor.cli:main"\n',
      'harbor/__init__.py': '',
      'harbor/api.py': 'from fastapi import FastAPI\n\napp = FastAPI()\n\n@app.get("/tides")\ndef tides():\n    return []\n',
      'harbor/cli.py': 'def main():\n    print("tides")\n\nif __name__ == "__main__":\n    main()\n',
      'tests/test_cli.py': 'from harbor.cli import main\n\ndef test_main():\n    main()\n',
    },
    expect: [/pyproject\.toml lists 2 runtime dependencies: fastapi, httpx/, /pyproject\.toml installs the command harbor/, /harbor\/api\.py registers 1 route: GET \/tides/, /pyproject\.toml describes it as "Tide tables"/],
  },
  go: {
    files: {
      'README.md': '# Relay\n\nForwards webhooks.\n',
      'go.mod': 'module example.com/relay\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.12\n)\n',
      'main.go': 'package main\n\nimport "net/http"\n\nfunc main() {\n\thttp.HandleFunc("/hook", hook)\n\thttp.ListenAndServe(":8080", nil)\n}\n',
      'relay_test.go': 'package main\n\nimport "testing"\n\nfunc TestRelay(t *testing.T) {}\n',
    },
    expect: [/go\.mod declares module example\.com\/relay/, /go\.mod lists 1 runtime dependency: github\.com\/go-chi\/chi\/v5/, /main\.go uses Go net\/http/, /Go starts at the main package at the root \(func main in main\.go\)/, /Go: 2 files, 13 lines, /, /main\.go registers 1 route: \/hook/],
  },
  rust: {
    files: {
      'Cargo.toml': '[package]\nname = "ferris-notes"\nversion = "0.1.0"\ndescription = "Notes in the terminal"\n\n[dependencies]\nclap = { version = "4", features = ["derive"] }\nserde = "1"\n\n[[bin]]\nname = "fnotes"\npath = "src/main.rs"\n',
      'src/main.rs': 'fn main() {\n    println!("notes");\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn works() {}\n}\n',
    },
    expect: [/Cargo\.toml names the crate ferris-notes/, /Cargo\.toml lists 2 runtime dependencies: clap, serde/, /Cargo\.toml describes it as "Notes in the terminal"/, /Rust starts at fn main in src\/main\.rs/, /Cargo\.toml builds the command fnotes \(src\/main\.rs\)/],
  },
  java: {
    files: {
      'README.md': '# Ledger\n\nShared expenses.\n',
      'pom.xml': '<?xml version="1.0"?>\n<project>\n  <modelVersion>4.0.0</modelVersion>\n  <artifactId>ledger</artifactId>\n  <description>Shared expenses</description>\n  <dependencies>\n    <dependency>\n      <groupId>org.springframework.boot</groupId>\n      <artifactId>spring-boot-starter-web</artifactId>\n    </dependency>\n    <dependency>\n      <groupId>org.junit.jupiter</groupId>\n      <artifactId>junit-jupiter</artifactId>\n      <scope>test</scope>\n    </dependency>\n  </dependencies>\n</project>\n',
      'src/main/java/ledger/App.java': 'package ledger;\n\npublic class App {\n  public static void main(String[] args) {}\n}\n',
      'src/test/java/ledger/AppTest.java': 'package ledger;\n\nclass AppTest {}\n',
    },
    expect: [/pom\.xml lists 1 runtime dependency: spring-boot-starter-web/, /pom\.xml lists 1 development dependency: junit-jupiter/, /pom\.xml describes it as "Shared expenses"/],
  },
  ruby: {
    files: {
      'README.md': '# Quill\n\nA tiny blog.\n',
      'Gemfile': 'source "https://rubygems.org"\n\ngem "sinatra"\ngem "puma"\n\ngroup :test do\n  gem "rspec"\nend\n',
      'app.rb': "require 'sinatra'\nget('/') { 'hi' }\n",
      'spec/app_spec.rb': "describe 'app' do\nend\n",
    },
    expect: [/Gemfile lists 2 runtime dependencies: sinatra, puma/, /Gemfile lists 1 development dependency: rspec/],
  },
  dotnet: {
    files: {
      'README.md': '# Beacon\n\nStatus page.\n',
      'Beacon/Beacon.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n    <Description>Status page service</Description>\n  </PropertyGroup>\n  <ItemGroup>\n    <PackageReference Include="Dapper" Version="2.1.35" />\n    <PackageReference Include="Npgsql" Version="8.0.3" />\n  </ItemGroup>\n</Project>\n',
      'Beacon/Program.cs': 'var app = WebApplication.Create(args);\napp.Run();\n',
      'Beacon.Tests/StatusTests.cs': 'public class StatusTests {}\n',
    },
    expect: [/Beacon\/Beacon\.csproj lists 2 runtime dependencies: Dapper, Npgsql/, /Beacon\/Beacon\.csproj describes it as "Status page service"/],
  },
};

interface Captured {
  sha: string;
  gz: Buffer;
  sha256: string;
  evidence: Evidence;
  commits: CommitInfo[];
}
const captured: Record<string, Captured> = {};

test.before(async () => {
  const host = new LocalCodeHost(mkdtempSync(path.join(os.tmpdir(), 'podium-eco-')), null as never);
  const at = (h: number) => new Date(START + h * 3600_000).toISOString();
  await Promise.all(Object.entries(TEAMS).map(async ([name, team]) => {
    const paths = Object.keys(team.files);
    const half = Math.ceil(paths.length / 2);
    const { dir, sha } = await makeRepo([
      { files: { '.gitignore': 'target/\n' }, message: 'Initial template', author: 'organizer@host.test', at: at(-24) },
      { files: Object.fromEntries(paths.slice(0, half).map((p) => [p, team.files[p]!])), message: `Start ${name}`, author: `a@${name}.test`, at: at(2) },
      { files: Object.fromEntries(paths.slice(half).map((p) => [p, team.files[p]!])), message: `Finish ${name}`, author: `b@${name}.test`, at: at(6) },
    ]);
    const { gz, sha256 } = await archiveOf(dir, sha);
    await run(os.tmpdir(), ['clone', '-q', '--bare', dir, host.repositoryPath(`acme/${name}`)]);
    captured[name] = { sha, gz, sha256, evidence: await Evidence.open(gz, sha256), commits: await host.commits(`acme/${name}`, sha, 500) };
  }));
});

function input(name: string, template: DeckTemplate): GenerateInput {
  const c = captured[name]!;
  return {
    template, team: name, eventName: 'Spring Hack', sha: c.sha, archiveName: `submission-${c.sha.slice(0, 12)}.tar.gz`, archiveSha256: c.sha256,
    repository: `acme/${name}`, window: WINDOW, evidence: c.evidence, commits: c.commits,
    // the first author is on the team's roster (as generation_job_begin answers it), the second is not
    roster: [{ name: `Ana ${name}`, key: authorKey(`A@${name}.test`) }],
  };
}

for (const name of Object.keys(TEAMS)) {
  test(`${name}: jury and community decks whose every claim holds against the team's own archive`, async (t) => {
    const jury = await buildDeck(input(name, JURY), null);
    const community = await buildDeck(input(name, COMMUNITY), null);
    const ev = input(name, JURY).evidence;
    for (const deck of [jury, community]) {
      t.deepEqual(deck.findings, []);
      t.deepEqual(deckProblems(deck.screens, ev, captured[name]!.commits, captured[name]!.sha), []);
      for (const s of deck.screens) for (const c of s.claims) {
        if (c.cite && 'commit' in c.cite) t.true(captured[name]!.commits.some((k) => k.sha === (c.cite as { commit: string }).commit), `${c.text}: a commit of ${name}'s pushed history`);
        if (c.cite && 'path' in c.cite) t.truthy(TEAMS[name]!.files[c.cite.path], `${c.cite.path} is ${name}'s own file`);
        for (const other of Object.keys(TEAMS).filter((o) => o !== name)) {
          t.false(c.text.includes(`Ana ${other}`), `${name}'s deck names ${other}'s roster member`);
          for (const p of Object.keys(TEAMS[other]!.files).filter((p) => !TEAMS[name]!.files[p])) t.false(c.text.includes(p), `${name}'s deck names ${other}'s file ${p}`);
        }
      }
    }
    const all = jury.screens.flatMap((s) => s.claims.map((c) => c.text)).join('\n');
    for (const re of TEAMS[name]!.expect) t.regex(all, re);
    t.regex(all, new RegExp(`Commits by Ana ${name} \\(1\\); 1 author not on the team's roster \\(1\\)`), 'contributors by roster name');
    const code = jury.screens.flatMap((s) => s.claims).find((c) => c.quote !== undefined);
    t.truthy(code, 'a code screen: a snippet quoted at its file:line (checked against the archive by deckProblems)');
    t.notRegex(all, /has no test files|does not say what it does/, 'each team has tests and an entry');
  });
}

test('the jury deck charts the commits of the build window as an inline SVG, citing the commits it counts', async (t) => {
  const inp = input('go', JURY);
  const deck = await buildDeck(inp, null);
  const screen = deck.screens.find((s) => s.heading === 'What was built in the event')!;
  const c = captured.go!;
  const [finish, start] = c.commits;
  t.deepEqual(screen.chart, {
    from: WINDOW.startsAt, to: WINDOW.freezeAt, counts: [0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], commits: [finish!.sha, start!.sha],
    // the build story: one row per commit, oldest first, by roster name; no push receipt handed
    rows: [
      { sha: start!.sha, at: start!.at, who: 'Ana go', subject: 'Start go', files: start!.files, added: start!.added, deleted: 0 },
      { sha: finish!.sha, at: finish!.at, who: 'someone else', subject: 'Finish go', files: finish!.files, added: finish!.added, deleted: 0 },
    ],
    pushes: [],
  });
  t.regex(deck.html, /<svg viewBox="0 0 960 \d+" width="100%" role="img" aria-label="2 commits over the build window, 2030-05-01 09:00 to 2030-05-02 09:00 UTC, one row each; 0 pushes received">/);
  t.true(deck.html.includes(`<cite>commits ${c.commits[0]!.sha.slice(0, 12)}, ${c.commits[1]!.sha.slice(0, 12)}</cite>`));
  t.notRegex(deck.html, /\b(src|href)\s*=/, 'nothing loads from elsewhere');
  t.falsy((await buildDeck(input('go', COMMUNITY), null)).screens.some((s) => s.chart), 'the community deck has no chart');
  // a chart counting a commit outside the history, or counts that do not add up, is a finding
  const { validateDeck } = await import('../../core/decks/validate.ts');
  const bad = deck.screens.map((s) => (s.chart ? { ...s, chart: { ...s.chart, commits: ['f'.repeat(40), ...s.chart.commits.slice(1)] } } : s));
  t.deepEqual(validateDeck(bad, JURY, inp.evidence, c.sha, c.commits).map((f) => f.code), ['invalid_citation']);
  const uneven = deck.screens.map((s) => (s.chart ? { ...s, chart: { ...s.chart, counts: [5] } } : s));
  t.regex(validateDeck(uneven, JURY, inp.evidence, c.sha, c.commits)[0]!.message, /chart counts 5 commits but cites 2/);
});

test('jury decks tell problem, solution, demo, how it works, evidence (6 to 8 screens); community decks are a 3 to 4 screen pitch', async (t) => {
  for (const name of Object.keys(TEAMS)) {
    const jury = (await buildDeck(input(name, JURY), null)).screens.map((s) => s.heading);
    t.true(jury.length >= 6 && jury.length <= 8, `${name}: ${jury.length} jury screens`);
    t.deepEqual(jury.slice(0, 7), ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Where the code came from', 'Evidence it runs', 'What is tested'], `${name}: the story in order`);
    t.deepEqual(jury, JURY.headings.map((h) => h.heading).filter((h) => jury.includes(h)), `${name}: headings in the template's order`);
    const c = (await buildDeck(input(name, COMMUNITY), null)).screens;
    t.true(c.length >= 3 && c.length <= 4);
    t.true(c.every((s) => s.claims.length > 0 && s.claims.length <= 2), `${name}: no empty community screen, two claims at most`);
    t.deepEqual(c.map((s) => s.heading).slice(0, 3), ['What it is', 'Who it is for', 'In one number'], `${name}: the pitch in order`);
    t.false(c.some((s) => s.claims.some((x) => /^Found /.test(x.text))), `${name}: no pointer at a file on a pitch`);
  }
});
