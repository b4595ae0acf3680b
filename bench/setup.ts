// `npm run bench:setup`: wall time of the built `hackathon setup --no-start --directory <fresh
// dir>` cloning a ~300-file, ~8 MB team repository (random bytes, nested dirs, a valid
// hackathon.json and compose.yaml) from the server's local code host over loopback, beside the
// floor: a plain `git clone --branch main` of the same repository with the same credential
// mechanism (a helper in the environment); and a resume (setup again on the same directory:
// one fetch + status). Medians of BENCH_RUNS (default 5). Targets: fresh setup <= floor +
// 1000 ms; resume <= 1000 ms.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalCodeHost } from '../core/codehost/local.ts';
import { git, ownRepository } from '../test/helpers/codehost.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person } from '../test/helpers/event.ts';
import { http } from '../test/helpers/http.ts';
import { median, printMachine, ROOT, say, withStack } from './lib.ts';

const FILES = 300;
const TOTAL_BYTES = 8 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS || 5);
const HACKATHON = path.join(ROOT, 'dist', 'hackathon.mjs');
const REPO = 'acme/rocket';

// The server is its own process (withStack), so blocking here does not stall it.
function timeMs(cmd: string, args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

async function ok(p: Promise<{ status: number; text: string }>, what: string): Promise<void> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
}

await withStack('bench-setup', { CODE_HOST: 'local' }, async ({ tmp, db, url }) => {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-cli.ts')], { cwd: ROOT });
  const { ws, owner } = await eventWorkspace(db.pool, 'Bench');
  const ann = await person(db.pool, ws.id, 'ann@bench.test');
  const event = await createEvent(url, owner.key, Date.now() + HOUR);
  await ok(http(url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } }), 'event github');
  await importRoster(url, owner.key, [{ email: 'ann@bench.test', team: 'Rocket' }]);
  await ok(http(url, 'PUT', '/bootstrap/github', { key: ann.key, body: { login: 'ann-gh' } }), 'github login');

  // The team repository: random files in nested directories, plus the manifest and compose file.
  const host = new LocalCodeHost(path.join(tmp, 'data'), db.pool); // withStack's DATA_DIR
  await ownRepository(db.pool, event.id, REPO); // as provisioning records it before creating it
  await host.createEmpty(REPO);
  const work = path.join(tmp, 'work');
  const per = Math.floor(TOTAL_BYTES / FILES);
  for (let i = 0; i < FILES - 2; i++) {
    const dir = path.join(work, `src${i % 6}`, i % 3 ? `sub${i % 4}` : '');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `f${i}.bin`), randomBytes(per));
  }
  writeFileSync(path.join(work, 'hackathon.json'), JSON.stringify({ version: 1, app: { compose: 'compose.yaml', service: 'web', port: 4999, readyPath: '/health' } }));
  writeFileSync(path.join(work, 'compose.yaml'), 'services:\n  web:\n    build: .\n    ports: ["${EVENT_APP_PORT}:${EVENT_APP_PORT}"]\n');
  await git(tmp, ['init', '-q', '-b', 'main', work]);
  await git(work, ['add', '-A']);
  await git(work, ['commit', '-q', '-m', 'template']);
  await git(work, ['push', '-q', host.repositoryPath(REPO), 'main']);
  const project = (await db.pool.query(`select id from app.projects where workspace_id = $1 and name = 'Rocket'`, [ws.id])).rows[0].id;
  await db.pool.query('select app_private.set_team_repository($1, $2, $3)', [project, REPO, 'ready']);
  await host.invite(REPO, 'ann-gh', 'maintain');
  await ok(http(url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: REPO } }), 'accept invitation');

  const gitconfig = path.join(tmp, 'gitconfig');
  writeFileSync(gitconfig, '');
  const env = {
    HOME: tmp, XDG_CONFIG_HOME: path.join(tmp, 'config'), PATH: process.env.PATH, EVENT_URL: url, EVENT_API_KEY: ann.key,
    GIT_CONFIG_GLOBAL: gitconfig, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0',
  };
  const floorEnv = {
    ...env, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: `credential.${url}.helper`,
    GIT_CONFIG_VALUE_0: `!f() { test "$1" = get && echo username=x && echo password=${ann.key}; }; f`,
  };
  const cloneUrl = `${url}/git/${REPO}.git`;
  const setup = (dir: string) => timeMs(process.execPath, [HACKATHON, 'setup', '--no-start', '--directory', dir], env);

  setup(path.join(tmp, 'warm')); // first run: page cache, server connection pools
  const floors: number[] = [];
  const fresh: number[] = [];
  const resumes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floors.push(timeMs('git', ['clone', '-q', '--branch', 'main', '--', cloneUrl, path.join(tmp, `clone-${i}`)], floorEnv));
    const dir = path.join(tmp, `setup-${i}`);
    fresh.push(setup(dir));
    resumes.push(setup(dir));
  }
  const floor = median(floors);
  const setupMs = median(fresh);
  const resume = median(resumes);
  const runs = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  say('');
  say(`bench:setup  ${FILES} files, ${(TOTAL_BYTES / 1048576).toFixed(0)} MB of random bytes, local code host over loopback, one server process`);
  printMachine();
  say(`  method      ${RUNS} alternating runs after one warm-up setup; medians; hackathon is the bundled binary run by node directly`);
  say('');
  say(`  fresh setup --no-start   ${setupMs.toFixed(0)} ms (runs: ${runs(fresh)})`);
  say(`  git clone floor          ${floor.toFixed(0)} ms (runs: ${runs(floors)})`);
  say(`  resume (fetch + status)  ${resume.toFixed(0)} ms (runs: ${runs(resumes)})`);
  say('');
  say(`  target      fresh setup <= floor + 1000 ms = ${(floor + 1000).toFixed(0)} ms: ${setupMs <= floor + 1000 ? 'PASS' : 'FAIL'}`);
  say(`  target      resume <= 1000 ms: ${resume <= 1000 ? 'PASS' : 'FAIL'}`);
});
