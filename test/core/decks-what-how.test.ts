// What it does and how it works: two or three sentences a juror can use,
// from the whole README and the code, each cited; a title that only names the project is
// never the problem; the architecture diagram's parts and calls come from the compose file
// and the code (each cited), drawn as SVG with a text alternative; every language's entry
// point is named. The compose-app fixture is a web + worker + redis + postgres app.
import test from 'ava';
import { buildDeck } from '../../core/decks/generate.ts';
import { extractFacts } from '../../core/decks/facts.ts';
import { claimsOf, COMMITS, fixtureEntries, inputOf, SHA, textsOf } from '../helpers/deck-fixtures.ts';
import { deckProblems } from '../helpers/deck-truth.ts';

const file = (path: string, text: string) => ({ path, data: Buffer.from(text) });

test('compose-app: what it does in the README\'s own sentences, each cited at its lines, and no finding', async (t) => {
  const inp = inputOf(fixtureEntries('compose-app'));
  const built = await buildDeck(inp, null);
  t.deepEqual(built.findings, []);
  t.deepEqual(deckProblems(built.screens, inp.evidence, COMMITS, SHA), []);
  t.deepEqual(claimsOf(built.screens, 'What it does').slice(0, 3), [
    { text: 'Queue Board lets a help desk take requests from a web form and shows each request\'s place in the queue as a worker answers them.', cite: { path: 'README.md', start: 3, end: 3 } },
    { text: 'Requests are kept in PostgreSQL; the worker picks them up from a Redis list.', cite: { path: 'README.md', start: 4, end: 4 } },
    { text: 'The web service accepts a request, stores it and pushes its id onto a Redis list.', cite: { path: 'README.md', start: 8, end: 8 } },
  ]);
  // never a setup instruction or the licence line
  t.notRegex(textsOf(built.screens).join('\n'), /open http|MIT, see LICENSE/);
});

test('a README that is only a title and setup: the title is never the problem, the code\'s own usage says what it does', async (t) => {
  const inp = inputOf([
    file('README.md', '# Hackathon App\n\n## Setup\n\n```sh\nnpm install\nnpm start\n```\n'),
    file('package.json', '{\n  "name": "zine",\n  "bin": { "zine": "cli.js" },\n  "scripts": { "start": "node cli.js" }\n}\n'),
    file('cli.js', "const { program } = require('commander');\n\nprogram\n  .name('zine')\n  .description('Turn a folder of photos into a printable zine')\n  .parse();\n"),
  ]);
  const built = await buildDeck(inp, null);
  t.deepEqual(built.findings, []);
  const problem = claimsOf(built.screens, 'Problem');
  t.false(problem.some((c) => /Hackathon App/.test(c.text)), problem.map((c) => c.text).join('\n'));
  t.deepEqual(problem[0], { text: 'cli.js says of itself: "Turn a folder of photos into a printable zine"', cite: { path: 'cli.js', start: 5, end: 5 } });
  t.deepEqual(claimsOf(built.screens, 'What it does')[0], problem[0]);
  t.false(textsOf(built.screens).some((x) => /"Hackathon App"/.test(x)));
});

test('compose-app: the diagram\'s parts and calls are the compose file\'s services and depends_on lines, and the worker\'s call to an external API', (t) => {
  const d = extractFacts(inputOf(fixtureEntries('compose-app'))).diagram!;
  const compose = (start: number, end = start) => ({ path: 'docker-compose.yml', start, end });
  t.deepEqual(d.nodes, [
    { id: 'web', label: 'web', kind: 'service', detail: 'build ./web · port 8080', cite: compose(2, 11) },
    { id: 'worker', label: 'worker', kind: 'service', detail: 'build ./worker', cite: compose(13, 19) },
    { id: 'redis', label: 'redis', kind: 'datastore', detail: 'redis:7-alpine', cite: compose(21, 22) },
    { id: 'db', label: 'db', kind: 'datastore', detail: 'postgres:16', cite: compose(24, 30) },
    { id: 'ext:api.answers.example.net', label: 'api.answers.example.net', kind: 'external', detail: 'external API', cite: { path: 'worker/worker.py', start: 12, end: 12 } },
  ]);
  t.deepEqual(d.edges.map((e) => [e.from, e.to, e.cite]), [
    ['web', 'db', compose(10)], ['web', 'redis', compose(11)], ['worker', 'db', compose(18)], ['worker', 'redis', compose(19)],
    ['worker', 'ext:api.answers.example.net', { path: 'worker/worker.py', start: 12, end: 12 }],
  ]);
});

test('a compose file without depends_on: calls come from connection strings and from the code of each service\'s build folder', (t) => {
  const d = extractFacts(inputOf([
    file('compose.yaml', 'services:\n  api:\n    build: api\n    environment:\n      - MONGO_URL=mongodb://mongo:27017/app\n  jobs:\n    build: ./jobs\n  mongo:\n    image: mongo:7\n  cache:\n    image: memcached:1.6\n'),
    file('api/index.js', "const app = require('express')();\napp.get('/', (req, res) => res.send('ok'));\n"),
    file('jobs/run.py', 'import memcache\n\nclient = memcache.Client(["cache:11211"])\n'),
  ])).diagram!;
  t.deepEqual(d.nodes.map((n) => [n.id, n.kind]), [['api', 'service'], ['jobs', 'service'], ['mongo', 'datastore'], ['cache', 'datastore']]);
  t.deepEqual(d.edges, [
    { from: 'api', to: 'mongo', cite: { path: 'compose.yaml', start: 5, end: 5 } },
    { from: 'jobs', to: 'cache', cite: { path: 'jobs/run.py', start: 3, end: 3 } },
  ]);
});

test('without a compose file: the datastores the manifests\' client libraries reach; one part alone is no diagram', (t) => {
  const d = extractFacts(inputOf([
    file('package.json', '{\n  "name": "board",\n  "dependencies": {\n    "express": "^4.0.0",\n    "ioredis": "^5.0.0",\n    "pg": "^8.0.0"\n  }\n}\n'),
    file('index.js', "const express = require('express');\n"),
  ])).diagram!;
  t.deepEqual(d.nodes.map((n) => [n.label, n.kind, n.detail]), [['Rocket', 'service', null], ['Redis', 'datastore', 'client ioredis'], ['PostgreSQL', 'datastore', 'client pg']]);
  t.deepEqual(d.edges.map((e) => [e.from, e.to, e.cite]), [['Rocket', 'Redis', { path: 'package.json', start: 3, end: 7 }], ['Rocket', 'PostgreSQL', { path: 'package.json', start: 3, end: 7 }]]);
  t.is(extractFacts(inputOf(fixtureEntries('flask-notes'))).diagram, null);
});

test('the diagram is drawn on "How it works" as an SVG with its text alternative and the compose lines it is drawn from', async (t) => {
  const built = await buildDeck(inputOf(fixtureEntries('compose-app')), null);
  const works = built.screens.find((s) => s.heading === 'How it works')!;
  t.truthy(works.diagram);
  t.deepEqual(works.claims[0], {
    text: 'How the parts call each other: web (build ./web · port 8080) calls db, redis; worker (build ./worker) calls db, redis, api.answers.example.net; redis (redis:7-alpine); db (postgres:16)',
    cite: { path: 'docker-compose.yml', start: 2, end: 30 },
  });
  const svg = /<figure class="chart diagram"><svg[^>]*role="img" aria-labelledby="dg-t dg-d"><title id="dg-t">Architecture of the project<\/title><desc id="dg-d">([^<]*)<\/desc>.*?<\/svg><figcaption>Drawn from <cite>([^<]*)<\/cite>/s.exec(built.html);
  t.truthy(svg, 'an inline SVG with a title and a description');
  t.is(svg![1], 'How the parts call each other: web (build ./web · port 8080) calls db, redis; worker (build ./worker) calls db, redis, api.answers.example.net; redis (redis:7-alpine); db (postgres:16); external APIs called: api.answers.example.net');
  t.is(svg![2], 'docker-compose.yml:2-11, docker-compose.yml:13-19, docker-compose.yml:21-22, docker-compose.yml:24-30, worker/worker.py:12, docker-compose.yml:10, docker-compose.yml:11, docker-compose.yml:18, docker-compose.yml:19');
  for (const name of ['web', 'worker', 'redis', 'db', 'api.answers.example.net']) t.regex(built.html, new RegExp(`font-weight="600" fill="#eef2f6">${name.replace(/\./g, '\\.')}</text>`));
});

test('a diagram part whose lines are not in the archive is a finding', async (t) => {
  const { validateDeck } = await import('../../core/decks/validate.ts');
  const inp = inputOf(fixtureEntries('compose-app'));
  const built = await buildDeck(inp, null);
  const screens = built.screens.map((s) => (s.diagram ? { ...s, diagram: { ...s.diagram, nodes: [...s.diagram.nodes, { id: 'ghost', label: 'ghost', kind: 'service' as const, detail: null, cite: { path: 'docker-compose.yml', start: 99, end: 120 } }] } } : s));
  t.deepEqual(validateDeck(screens, inp.template, inp.evidence, SHA, COMMITS).map((f) => f.message), ['Screen 3\'s diagram cites docker-compose.yml:99-120, which is not in the evidence archive']);
});

test('every language\'s entry point is named on "How it works", cited at the line that says so', async (t) => {
  const compose = claimsOf((await buildDeck(inputOf(fixtureEntries('compose-app')), null)).screens, 'How it works');
  t.deepEqual(compose.slice(2, 4), [
    { text: 'JavaScript starts at web/server.js: web/package.json\'s start script runs "node server.js"', cite: { path: 'web/package.json', start: 7, end: 7 } },
    { text: 'Python starts at worker/worker.py, which runs as a program (its __main__ entry)', cite: { path: 'worker/worker.py', start: 26, end: 26 } },
  ]);
  const go = claimsOf((await buildDeck(inputOf(fixtureEntries('go-tally')), null)).screens, 'How it works');
  t.deepEqual(go[1], { text: 'Go starts at the main package cmd/tally (func main in cmd/tally/main.go)', cite: { path: 'cmd/tally/main.go', start: 12, end: 12 } });
  const mixed = extractFacts(inputOf([
    file('Cargo.toml', '[package]\nname = "sieve"\nversion = "0.1.0"\n'),
    file('src/main.rs', 'use std::env;\n\nfn main() {\n    println!("{:?}", env::args());\n}\n'),
    file('app/src/main/java/org/acme/Server.java', 'package org.acme;\n\npublic class Server {\n    public static void main(String[] args) {\n        System.out.println("up");\n    }\n}\n'),
    file('web/app.py', 'from flask import Flask\n\napp = Flask(__name__)\n'),
    file('package.json', '{\n  "name": "sieve-ui",\n  "main": "lib/index.js"\n}\n'),
    file('lib/index.js', 'module.exports = 1;\n'),
  ])).topics.works;
  const named = mixed.filter((c) => / starts at /.test(c.text)).map((c) => [c.text, c.cite]);
  t.deepEqual(named, [
    ['JavaScript starts at lib/index.js, package.json\'s main module', { path: 'package.json', start: 3, end: 3 }],
    ['Java starts at the main class Server (app/src/main/java/org/acme/Server.java)', { path: 'app/src/main/java/org/acme/Server.java', start: 4, end: 4 }],
    ['Rust starts at fn main in src/main.rs', { path: 'src/main.rs', start: 3, end: 3 }],
    ['Python starts at web/app.py, which makes the Flask app (app = Flask(__name__))', { path: 'web/app.py', start: 3, end: 3 }],
  ]);
});

test('a chat-written deck gets the diagram drawn from the evidence on its "How it works", never one the model wrote', async (t) => {
  const inp = inputOf(fixtureEntries('compose-app'));
  const screens = ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Evidence it runs', 'What is tested'].map((heading) => ({
    heading, claims: [{ text: 'The README says what it is', cite: { path: 'README.md', start: 3, end: 3 } }],
    ...(heading === 'How it works' ? { diagram: { nodes: [{ id: 'x', label: 'invented', kind: 'service', detail: null, cite: { path: 'README.md', start: 1, end: 1 } }], edges: [] } } : {}),
  }));
  // the chat endpoint as a function (buildDeck's fetch): it answers one completion
  const answer = async () => new Response(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ screens }) } }] }), { status: 200 });
  const built = await buildDeck(inp, { url: 'http://chat.invalid', model: 'stand-in', apiKey: null }, answer as typeof fetch);
  const works = built.screens.find((s) => s.heading === 'How it works')!;
  t.deepEqual(works.diagram!.nodes.map((n) => n.label), ['web', 'worker', 'redis', 'db', 'api.answers.example.net']);
  t.false(built.html.includes('invented'));
});

test('what it does from a README\'s route list, and from a CLI\'s own help: cobra Short, argparse description, click help', async (t) => {
  const does = (entries: { path: string; data: Buffer }[]) => extractFacts(inputOf(entries)).topics.does.slice(0, 3);
  t.deepEqual(does([
    file('README.md', '# Hackathon App\n\n## Routes\n\n- `POST /rides` books a shared ride to the venue\n- `GET /rides/:id` shows who else is in the car\n'),
  ]).slice(0, 2), [
    { text: 'POST /rides: books a shared ride to the venue', cite: { path: 'README.md', start: 5, end: 5 } },
    { text: 'GET /rides/:id: shows who else is in the car', cite: { path: 'README.md', start: 6, end: 6 } },
  ]);
  t.deepEqual(does([file('cmd/root.go', 'package cmd\n\nvar rootCmd = &cobra.Command{\n\tUse:   "stint",\n\tShort: "Track how long each task of a sprint really took",\n}\n')])[0],
    { text: 'cmd/root.go says of itself: "Track how long each task of a sprint really took"', cite: { path: 'cmd/root.go', start: 5, end: 5 } });
  t.deepEqual(does([file('cli.py', 'import argparse\n\nparser = argparse.ArgumentParser(description="Split a group bill by what each person ordered")\n')])[0],
    { text: 'cli.py says of itself: "Split a group bill by what each person ordered"', cite: { path: 'cli.py', start: 3, end: 3 } });
  t.deepEqual(does([file('tool.py', 'import click\n\n@click.command(help="Rename photos by the date they were taken")\ndef main():\n    pass\n')])[0],
    { text: 'tool.py says of itself: "Rename photos by the date they were taken"', cite: { path: 'tool.py', start: 3, end: 3 } });
});

test('a README whose only prose is under "Architecture" beside its diagram picture: its words say what it does', (t) => {
  const does = extractFacts(inputOf([
    file('README.md', '# Hackathon App\n\n## Setup\n\nRun `make up`.\n\n## Architecture\n\n![diagram](docs/arch.png)\n\nThe scanner reads a receipt photo and the ledger splits its total between the people who shared it.\n'),
  ])).topics.does;
  t.deepEqual(does[0], { text: 'The scanner reads a receipt photo and the ledger splits its total between the people who shared it.', cite: { path: 'README.md', start: 11, end: 11 } });
  t.false(does.some((c) => /Run make up|Hackathon App/.test(c.text)));
});
