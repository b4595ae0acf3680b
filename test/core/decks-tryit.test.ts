// Try it: the README's run commands, the Procfile, go install for a Go main
// package, docker compose up for a compose app, and what the project needs that is not in the
// repository (secret files .gitignore keeps out, the settings .env.example lists, environment
// variables the code reads), each cited where it is.
import test from 'ava';
import { findPresence } from '../../core/decks/absence.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import { readmeRunBlocks } from '../../core/decks/tryit.ts';
import { claimsOf, COMMITS, COMMUNITY, inputOf, JURY, SHA } from '../helpers/deck-fixtures.ts';
import { deckProblems, type Entry } from '../helpers/deck-truth.ts';

const README = `# Benchwatch

Reports broken park benches to the city.

## Getting started

\`\`\`bash
$ pip install -r requirements.txt
# then
$ flask --app bench run
\`\`\`

## API

\`\`\`json
{"id": 1}
\`\`\`
`;

async function runsOf(entries: Entry[], template = JURY) {
  const inp = inputOf(entries, template);
  const built = await buildDeck(inp, null);
  return { built, inp, claims: claimsOf(built.screens, template.kind === 'community' ? 'Try it' : 'Evidence it runs') };
}

test('the README\'s run commands: shell blocks under run, usage, install or getting-started headings, prompts and comments left out', (t) => {
  t.deepEqual(readmeRunBlocks(README.split('\n')), [{ heading: 'Getting started', headingLine: 5, commands: [{ text: 'pip install -r requirements.txt', line: 8 }, { text: 'flask --app bench run', line: 10 }] }]);
  t.deepEqual(readmeRunBlocks('## Example output\n\n```\nok\n```\n'.split('\n')), [], 'a block under another heading');
  t.deepEqual(readmeRunBlocks('## Runtime notes\n\n```sh\nulimit -n 4096\n```\n'.split('\n')), [], 'a heading that only starts like one');
  t.deepEqual(readmeRunBlocks('## Run\n\n```sh\nexport STRIPE_API_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc\nexport GITHUB_TOKEN=$TOKEN\nnpm start\n```\n'.split('\n')),
    [{ heading: 'Run', headingLine: 1, commands: [{ text: 'export GITHUB_TOKEN=$TOKEN', line: 5 }, { text: 'npm start', line: 6 }] }], 'a secret\'s value is never quoted; a variable reference is');
});

test('a Flask app with a Procfile, an ignored .env, an .env.example and the variables its code reads', async (t) => {
  const { built, inp, claims } = await runsOf([
    { path: 'README.md', data: README },
    { path: 'Procfile', data: 'web: gunicorn bench:app\nworker: python jobs.py\n' },
    { path: '.gitignore', data: '__pycache__/\n.env\n.env.example.bak\n' },
    { path: '.env.example', data: '# copy to .env\nCITY_API_KEY=\nDATABASE_URL=postgres://localhost/bench\n' },
    { path: 'bench.py', data: 'import os\n\nKEY = os.environ["CITY_API_KEY"]\nDB = os.getenv("DATABASE_URL", "sqlite://")\nDEBUG = os.environ.get(\'BENCH_DEBUG\')\n' },
  ]);
  t.deepEqual(claims.map((c) => [c.text, c.cite]), [
    ['Under "Getting started" the README says to run: pip install -r requirements.txt; flask --app bench run', { path: 'README.md', start: 5, end: 10 }],
    ['The Procfile runs web: gunicorn bench:app; worker: python jobs.py', { path: 'Procfile', start: 1, end: 2 }],
    ['.gitignore keeps .env out of the repository', { path: '.gitignore', start: 2, end: 2 }],
    ['.env.example lists 2 settings to fill in: CITY_API_KEY, DATABASE_URL', { path: '.env.example', start: 2, end: 3 }],
  ]);
  t.deepEqual(built.findings, []);
  t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), []);
  // without the example file, the variables the code reads
  const bare = await runsOf([{ path: 'bench.py', data: 'import os\n\nKEY = os.environ["CITY_API_KEY"]\nDB = os.getenv("DATABASE_URL", "sqlite://")\nDEBUG = os.environ.get(\'BENCH_DEBUG\')\n' }, { path: 'Procfile', data: 'web: gunicorn bench:app\n' }]);
  t.deepEqual(bare.claims.map((c) => [c.text, c.cite]), [
    ['The Procfile runs web: gunicorn bench:app', { path: 'Procfile', start: 1, end: 1 }],
    ['bench.py reads 3 environment variables: CITY_API_KEY, DATABASE_URL, BENCH_DEBUG', { path: 'bench.py', start: 3, end: 5 }],
  ]);
});

test('a Go CLI gets go install for its main package, never only "no start script"; JS and Go env reads', async (t) => {
  const { claims, built } = await runsOf([
    { path: 'go.mod', data: 'module github.com/acme/tally\n\ngo 1.22\n' },
    { path: 'cmd/tally/main.go', data: 'package main\n\nimport "os"\n\nfunc main() {\n\ttoken := os.Getenv("TALLY_TOKEN")\n\t_ = token\n}\n' },
    { path: 'internal/count.go', data: 'package internal\n\nfunc Count() int { return 1 }\n' },
  ]);
  t.deepEqual(claims.map((c) => [c.text, c.cite]), [
    ['go install ./cmd/tally builds the command tally (the main package of cmd/tally/main.go)', { path: 'cmd/tally/main.go', start: 5, end: 5 }],
    ['cmd/tally/main.go reads 1 environment variable: TALLY_TOKEN', { path: 'cmd/tally/main.go', start: 6, end: 6 }],
  ]);
  t.deepEqual(built.findings, []);
  const root = await runsOf([{ path: 'go.mod', data: 'module example.com/relay\n' }, { path: 'main.go', data: 'package main\n\nfunc main() {}\n' }]);
  t.is(root.claims[0]!.text, 'go install . builds the command relay (the main package of main.go)');
  const v2 = await runsOf([{ path: 'go.mod', data: 'module github.com/acme/relay/v2\n' }, { path: 'main.go', data: 'package main\n\nfunc main() {}\n' }]);
  t.is(v2.claims[0]!.text, 'go install . builds the command relay (the main package of main.go)', 'a major-version suffix is not the command\'s name');
  const next = await runsOf([{ path: '.gitignore', data: '# local env files\n.env*.local\n!.env.example\n' }, { path: '.env.example', data: 'A=1\n' }, { path: 'package.json', data: '{"scripts":{"dev":"next dev"}}' }]);
  t.true(next.claims.some((c) => c.text === '.gitignore keeps .env*.local out of the repository'), next.claims.map((c) => c.text).join('\n'));
  const js = await runsOf([{ path: 'server.js', data: "const port = process.env.PORT || 3000;\nconst key = process.env['STRIPE_KEY'];\n" }, { path: 'package.json', data: '{"scripts":{"start":"node server.js"}}' }]);
  t.deepEqual(js.claims.map((c) => c.text), ['npm start runs "node server.js"', 'server.js reads 2 environment variables: PORT, STRIPE_KEY']);
  // the run probe knows a Go main package and README commands: no "nothing runs it" claim
  t.like(findPresence(inputOf([{ path: 'main.go', data: 'package main\nfunc main() {}\n' }]).evidence, 'run'), { path: 'main.go', line: 2, what: 'a Go main package' });
  t.like(findPresence(inputOf([{ path: 'README.md', data: README }]).evidence, 'run'), { path: 'README.md', line: 8, what: 'run commands in a README' });
});

test('a compose app: docker compose up starts its services', async (t) => {
  const { claims } = await runsOf([{ path: 'docker-compose.yml', data: 'services:\n  vote:\n    build: ./vote\n  redis:\n    image: redis:alpine\n' }]);
  t.deepEqual(claims[0], { text: 'docker-compose.yml defines 2 services: vote, redis (docker compose up starts them)', cite: { path: 'docker-compose.yml', start: 1, end: 5 } });
});
