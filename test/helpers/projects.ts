// Team repositories of different shapes for generated-deck tests: real git repositories with
// dated commits by several authors, archived with `git archive` exactly as the capture does.
//   nodeApp: a Node app with tests, a run manifest, compose file and Dockerfile
//   pythonService: a Python service without tests
//   emptyTemplate: the organizer's template, untouched
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Files = Record<string, string>;

export interface Step {
  files: Files;
  message: string;
  author: string; // email
  at: string; // ISO instant
}

export function run(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'init.defaultBranch=main', ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: cwd, ...env },
      maxBuffer: 256 * 1024 * 1024,
    }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout.trim())));
  });
}

/** A working repository with `steps` committed in order; answers its directory and head sha. */
export async function makeRepo(steps: Step[], dir = mkdtempSync(path.join(os.tmpdir(), 'podium-proj-'))): Promise<{ dir: string; sha: string }> {
  await run(dir, ['init', '-q']);
  for (const s of steps) {
    for (const [name, content] of Object.entries(s.files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
    await run(dir, ['add', '-A']);
    const [name] = s.author.split('@');
    await run(dir, ['-c', `user.name=${name}`, '-c', `user.email=${s.author}`, 'commit', '-q', '--allow-empty', '-m', s.message], {
      GIT_AUTHOR_DATE: s.at, GIT_COMMITTER_DATE: s.at,
    });
  }
  return { dir, sha: await run(dir, ['rev-parse', 'HEAD']) };
}

/** `git archive --format=tar.gz <sha>` as the capture makes it, with its sha256. */
export async function archiveOf(dir: string, sha: string): Promise<{ gz: Buffer; sha256: string }> {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'podium-arch-')), 'a.tar.gz');
  await run(dir, ['archive', '--format=tar.gz', '-o', out, sha]);
  const gz = readFileSync(out);
  return { gz, sha256: createHash('sha256').update(gz).digest('hex') };
}

export const TEMPLATE_FILES: Files = { '.gitignore': 'node_modules/\n' };

export const NODE_APP: Files = {
  'README.md': `# Rocket Todo

A shared todo list for hackathon teams that syncs between laptops.

## Features

- Add, complete and remove todos
- Share a list with your team by link
- Works offline and syncs later

## Roadmap

- Due dates and reminders
- A mobile layout
`,
  'package.json': `{
  "name": "rocket-todo",
  "version": "1.0.0",
  "description": "Shared todo lists for teams",
  "scripts": {
    "start": "node src/server.js",
    "test": "node --test test/"
  },
  "dependencies": {
    "express": "^4.19.2"
  }
}
`,
  'src/server.js': `const express = require('express');
const { TodoList } = require('./todo.js');

const app = express();
const list = new TodoList();
app.get('/health', (_req, res) => res.send('ok'));
app.get('/todos', (_req, res) => res.json(list.all()));
// TODO: persist the list in a database
app.listen(process.env.PORT || 3000);
`,
  'src/todo.js': `class TodoList {
  constructor() { this.items = []; }
  add(title) { const t = { id: this.items.length + 1, title, done: false }; this.items.push(t); return t; }
  complete(id) { const t = this.items.find((x) => x.id === id); if (t) t.done = true; return t; }
  remove(id) { this.items = this.items.filter((x) => x.id !== id); }
  all() { return this.items; }
}
module.exports = { TodoList };
`,
  'test/todo.test.js': `const test = require('node:test');
const assert = require('node:assert');
const { TodoList } = require('../src/todo.js');

test('adds a todo', () => {
  assert.equal(new TodoList().add('x').title, 'x');
});
test('completes a todo', () => {
  const l = new TodoList(); l.add('x');
  assert.equal(l.complete(1).done, true);
});
test('removes a todo', () => {
  const l = new TodoList(); l.add('x'); l.remove(1);
  assert.deepEqual(l.all(), []);
});
`,
  'hackathon.json': `{
  "version": 1,
  "app": {
    "compose": "compose.yaml",
    "service": "web",
    "port": 3000,
    "readyPath": "/health"
  }
}
`,
  'compose.yaml': `services:
  web:
    build: .
    ports:
      - "\${EVENT_APP_PORT:-3000}:3000"
  db:
    image: postgres:16
`,
  'Dockerfile': `FROM node:22-alpine
WORKDIR /app
COPY . .
RUN npm install --omit=dev
CMD ["node", "src/server.js"]
`,
};

export const PYTHON_SERVICE: Files = {
  'README.md': `Weather Relay
=============

A small HTTP service that caches weather reports for the venue screens.
`,
  'requirements.txt': `fastapi==0.115.0
uvicorn==0.30.6
httpx>=0.27
`,
  'app/main.py': `from fastapi import FastAPI
import httpx

app = FastAPI()


@app.get("/weather/{city}")
async def weather(city: str):
    async with httpx.AsyncClient() as client:
        r = await client.get(f"https://example.invalid/{city}")
    return r.json()


if __name__ == "__main__":
    import uvicorn
    uvicorn.run(app, host="0.0.0.0", port=8000)
`,
  'Dockerfile': `FROM python:3.12-slim
COPY . /srv
RUN pip install -r /srv/requirements.txt
CMD ["python", "/srv/app/main.py"]
`,
};

/** The three shapes as commit steps: the template before the event, then the team's work in it
 *  (at "hours" 1 to 7 of the event; `hourMs` shrinks the hour for a short test event). */
export function shapeSteps(shape: 'node' | 'python' | 'empty', eventStart: number, hourMs = 3600_000): Step[] {
  const at = (h: number) => new Date(eventStart + h * hourMs).toISOString();
  const template: Step = { files: TEMPLATE_FILES, message: 'Initial template', author: 'organizer@host.test', at: at(-48) };
  if (shape === 'empty') return [template];
  if (shape === 'python') {
    return [template,
      { files: { 'README.md': PYTHON_SERVICE['README.md']!, 'requirements.txt': PYTHON_SERVICE['requirements.txt']! }, message: 'Start the relay', author: 'ana@team.test', at: at(1) },
      { files: { 'app/main.py': PYTHON_SERVICE['app/main.py']!, 'Dockerfile': PYTHON_SERVICE['Dockerfile']! }, message: 'Serve cached weather', author: 'ana@team.test', at: at(3) }];
  }
  const { 'test/todo.test.js': tests, ...rest } = NODE_APP;
  return [template,
    { files: rest, message: 'Todo list with an HTTP API', author: 'bo@team.test', at: at(2) },
    { files: { 'test/todo.test.js': tests! }, message: 'Test the todo list (mail me at bo@team.test)', author: 'cy@team.test', at: at(5) },
    { files: {}, message: 'Polish before the freeze', author: 'BO@team.test', at: at(7) }];
}
