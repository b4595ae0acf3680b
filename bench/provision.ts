// `npm run bench:provision`: wall time of one provisioning run (`POST /api/v1/admin/provision`,
// the codehost__provision job on the server's own worker) creating N team repositories from
// the template on the local code host and inviting 5 members to each (N x 5 invitations),
// then the same key again (everything done: the idempotent re-run). Beside it, from the same
// run, the git floor: the same repository copies made by a plain serial loop of the
// command the local host uses, with nothing else around it. Target: 300 teams in < 60 s.
//
// Environment: BENCH_TEAMS (default 300), BENCH_TEAM_SIZE (default 5), DATABASE_URL (else an
// embedded PostgreSQL).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalCodeHost } from '../core/codehost/local.ts';
import { pool as inParallel } from '../ops/simulate/client.ts';
import { createEvent, eventWorkspace, HOUR, importRoster } from '../test/helpers/event.ts';
import * as seed from '../ops/harness/seed.ts';
import { call, loadAverage, printMachine, say, withStack } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS || 300);
const SIZE = Number(process.env.BENCH_TEAM_SIZE || 5);
const TARGET_S = 60 * (TEAMS / 300);

await withStack('bench-provision', { CODE_HOST: 'local' }, async ({ tmp, db, url }) => {
  const pool = db.pool;
  const { ws, owner } = await eventWorkspace(pool, 'Bench');
  await createEvent(url, owner.key, Date.now() + HOUR);
  await call(url, 'PUT', '/api/v1/event/github', owner.key, { organization: 'bench', template: 'bench/template' });
  const people = Array.from({ length: TEAMS * SIZE }, (_, i) => ({ email: `p${i}@bench.test`, team: `Team ${String(Math.floor(i / SIZE)).padStart(3, '0')}` }));
  await inParallel(people, 8, (p) => seed.member(pool, ws.id, p.email, 'member', p.email.split('@')[0]!));
  await importRoster(url, owner.key, people);
  await pool.query(`update app.roster_entries set github_login = 'gh-' || split_part(email, '@', 1) where email like 'p%@bench.test'`);

  // The template, pushed straight into the bare repository event github made.
  const host = new LocalCodeHost(path.join(tmp, 'data'), pool);
  const work = path.join(tmp, 'template');
  mkdirSync(work);
  const g = (args: string[], cwd = work) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@bench.test', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  g(['init', '-q', '-b', 'main']);
  for (let i = 0; i < 40; i++) writeFileSync(path.join(work, `file${i}.txt`), `template file ${i}\n`.repeat(50));
  writeFileSync(path.join(work, 'hackathon.json'), JSON.stringify({ version: 1, app: { compose: 'compose.yaml', service: 'web', port: 3000, readyPath: '/' } }));
  g(['add', '-A']);
  g(['commit', '-q', '-m', 'template']);
  g(['push', '-q', host.repositoryPath('bench/template'), 'HEAD:main']);

  const load0 = loadAverage();
  const run = async (key: string) => {
    const t0 = performance.now();
    await call(url, 'POST', '/api/v1/admin/provision', owner.key, { key }, 202);
    for (;;) {
      const r = await call(url, 'GET', `/api/v1/admin/provision/runs/${key}`, owner.key);
      if (r.state === 'done') return { s: (performance.now() - t0) / 1000, summary: r.summary };
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  const first = await run('bench-1');
  const again = await run('bench-1');
  const invitations = (await pool.query('select count(*)::int as n from app_private.local_repository_access')).rows[0].n;

  // The floor: the same copies made by git alone, serially (a sample of up to 50, scaled).
  const sample = Math.min(50, TEAMS);
  const floorDir = path.join(os.tmpdir(), `podium-provision-floor-${process.pid}`);
  mkdirSync(floorDir, { recursive: true });
  const t0 = performance.now();
  for (let i = 0; i < sample; i++) {
    g(['clone', '--quiet', '--bare', '--single-branch', '--branch', 'main', host.repositoryPath('bench/template'), path.join(floorDir, `r${i}.git`)], tmp);
  }
  const floorPerRepo = (performance.now() - t0) / 1000 / sample;
  execFileSync('rm', ['-rf', floorDir]);

  say('');
  say(`bench:provision  ${TEAMS} teams x ${SIZE} members, local code host, one server process (api + worker)`);
  printMachine();
  say(`  load        ${load0} before the run, ${loadAverage()} after (1/5/15 min)`);
  say('');
  say(`  first run       ${first.s.toFixed(1)} s  ${JSON.stringify(first.summary)}  (${(TEAMS / first.s).toFixed(1)} teams/s)`);
  say(`  same key again  ${again.s.toFixed(1)} s  ${JSON.stringify(again.summary)}`);
  say(`  invitations     ${invitations} recorded`);
  say(`  git floor       ${(floorPerRepo * 1000).toFixed(0)} ms per plain git clone --bare of the template, serial: ${(floorPerRepo * TEAMS).toFixed(1)} s for ${TEAMS}`);
  say('');
  say(`  target      ${TEAMS} teams in < ${TARGET_S.toFixed(0)} s (60 s per 300): ${first.s < TARGET_S ? 'PASS' : 'FAIL'}`);
});
