// `npm run bench:git`: N concurrent teams, each pushing small commits (one file changed) to its
// own repository on the local code host over git's smart HTTP (Podium: Basic auth with the
// person's hck_ key, permission, refs read, signed push delivery, receipt), against the same
// pushes to a bare `git http-backend` behind a minimal CGI bridge (bench/git-bare.ts: no auth,
// no receipts) in the same run, alternating rounds. The load generator's ceiling: the same
// pushes over git's local path transport (no HTTP server at all). Prints pushes/s of each,
// the ratio, push -> receipt latency (git push returned -> receipt row), and that every push
// has exactly one receipt. Target at 50 teams: Podium >= 50% of bare, receipt p99 < 2 s.
//
// Environment: BENCH_TEAMS (default 50), BENCH_PUSHES pushes per team per round (default 4),
// BENCH_ROUNDS (default 2), DATABASE_URL (else an embedded PostgreSQL).
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { LocalCodeHost } from '../core/codehost/local.ts';
import { percentile } from '../ops/simulate/client.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../test/helpers/event.ts';
import { call, loadAverage, printMachine, ROOT, say, withStack } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS || 50);
const PUSHES = Number(process.env.BENCH_PUSHES || 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@bench.test', '-c', 'protocol.version=2', ...args], {
      cwd, env: { PATH: process.env.PATH, HOME: cwd, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    }, (err, stdout, stderr) => (err ? reject(new Error(`git ${args[0]}: ${stderr || err.message}`)) : resolve(stdout.trim())));
  });
}

interface Team { name: string; repo: string; who: Person; dirs: Record<Target, string>; remotes: Record<Target, string>; n: number }
type Target = 'podium' | 'bare' | 'path';
interface Push { team: Team; sha: string; endAt: number; ms: number }

/** Every team pushes `PUSHES` commits one after the other, all teams at once; answers the pushes and the wall time. */
async function round(teams: Team[], target: Target): Promise<{ pushes: Push[]; seconds: number }> {
  const pushes: Push[] = [];
  const t0 = performance.now();
  await Promise.all(teams.map(async (t) => {
    const dir = t.dirs[target];
    for (let i = 0; i < PUSHES; i++) {
      writeFileSync(path.join(dir, 'BENCH.txt'), `${t.name} ${target} push ${++t.n}\n`);
      await git(dir, ['commit', '-q', '-a', '-m', `push ${t.n}`]);
      const sha = await git(dir, ['rev-parse', 'HEAD']);
      const p0 = performance.now();
      await git(dir, ['push', '-q', t.remotes[target], 'HEAD:main']);
      pushes.push({ team: t, sha, endAt: Date.now(), ms: performance.now() - p0 });
    }
  }));
  return { pushes, seconds: (performance.now() - t0) / 1000 };
}

await withStack('bench-git', { CODE_HOST: 'local' }, async ({ tmp, db, url }) => {
  const pool = db.pool;
  const { ws, owner } = await eventWorkspace(pool, 'Bench');
  const event = await createEvent(url, owner.key, Date.now() - HOUR); // running: pushes are submissions
  await call(url, 'PUT', '/api/v1/event/github', owner.key, { organization: 'bench', template: 'bench/template' });
  const people: Person[] = [];
  for (let i = 0; i < TEAMS; i++) people.push(await person(pool, ws.id, `p${i}@bench.test`));
  const names = people.map((_, i) => `Team ${String(i).padStart(3, '0')}`);
  await importRoster(url, owner.key, people.map((p, i) => ({ email: p.email, team: names[i] })));
  await pool.query(`update app.roster_entries set github_login = 'gh-' || split_part(email, '@', 1) where email like 'p%@bench.test'`);

  const host = new LocalCodeHost(path.join(tmp, 'data'), pool);
  const seedDir = path.join(tmp, 'template');
  mkdirSync(seedDir);
  await git(seedDir, ['init', '-q', '-b', 'main']);
  for (let i = 0; i < 20; i++) writeFileSync(path.join(seedDir, `file${i}.txt`), `template file ${i}\n`.repeat(40));
  writeFileSync(path.join(seedDir, 'BENCH.txt'), 'start\n');
  await git(seedDir, ['add', '-A']);
  await git(seedDir, ['commit', '-q', '-m', 'template']);
  await git(seedDir, ['push', '-q', host.repositoryPath('bench/template'), 'HEAD:main']);
  await call(url, 'POST', '/api/v1/admin/provision', owner.key, { key: 'bench' }, 202);
  for (;;) {
    if ((await call(url, 'GET', '/api/v1/admin/provision/runs/bench', owner.key)).state === 'done') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const teams: Team[] = [];
  for (const [i, p] of people.entries()) {
    const repo = (await call(url, 'GET', '/bootstrap', p.key)).repository.fullName as string;
    await call(url, 'POST', '/api/v1/codehost/invitations/accept', p.key, { repository: repo });
    teams.push({ name: names[i]!, repo, who: p, n: 0, dirs: {} as Team['dirs'], remotes: {} as Team['remotes'] });
  }

  // The baseline's own copies of the same repositories, and the bridge in its own process.
  const bareRoot = path.join(tmp, 'bare');
  const pathRoot = path.join(tmp, 'path');
  cpSync(host.root, bareRoot, { recursive: true });
  cpSync(host.root, pathRoot, { recursive: true });
  const bridge = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/git-bare.ts'), bareRoot], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = Number(await new Promise<string>((r) => createInterface({ input: bridge.stdout! }).once('line', r)));
    for (const t of teams) {
      const u = new URL(`${url}/git/${t.repo}.git`);
      u.username = 'gh-x';
      u.password = t.who.key;
      t.remotes = { podium: u.toString(), bare: `http://127.0.0.1:${port}/git/${t.repo}.git`, path: path.join(pathRoot, `${t.repo}.git`) };
      for (const target of ['podium', 'bare', 'path'] as const) {
        t.dirs[target] = path.join(tmp, 'work', target, t.repo);
        await git(tmp, ['clone', '-q', t.remotes[target], t.dirs[target]]);
      }
    }
    const receiptsBefore = (await pool.query('select count(*)::int as n from app.submission_receipts where event_id = $1', [event.id])).rows[0].n;
    const load0 = loadAverage();
    const runs: Record<Target, { pushes: Push[]; seconds: number }[]> = { podium: [], bare: [], path: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const target of (r % 2 ? ['podium', 'bare', 'path'] : ['bare', 'podium', 'path']) as Target[]) runs[target].push(await round(teams, target));
    }
    const load1 = loadAverage();

    // Every Podium push's receipt (by its revision), waited for up to 60 s.
    const podiumPushes = runs.podium.flatMap((x) => x.pushes);
    const deadline = Date.now() + 60_000;
    let rows: { sha: string; n: number; at: number }[] = [];
    for (;;) {
      rows = (await pool.query(`select sha, count(*)::int as n, (extract(epoch from min(received_at)) * 1000)::float8 as at
        from app.submission_receipts where event_id = $1 and kind = 'push' and sha = any($2) group by sha`, [event.id, podiumPushes.map((x) => x.sha)])).rows;
      if (rows.length >= podiumPushes.length || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const bySha = new Map(rows.map((x) => [x.sha, x]));
    const missing = podiumPushes.filter((x) => !bySha.has(x.sha)).length;
    const doubled = rows.filter((x) => x.n !== 1).length;
    const lag = podiumPushes.filter((x) => bySha.has(x.sha)).map((x) => bySha.get(x.sha)!.at - x.endAt);
    const receiptsAfter = (await pool.query('select count(*)::int as n from app.submission_receipts where event_id = $1', [event.id])).rows[0].n;

    const rate = (t: Target) => runs[t].reduce((a, x) => a + x.pushes.length, 0) / runs[t].reduce((a, x) => a + x.seconds, 0);
    const lat = (t: Target) => runs[t].flatMap((x) => x.pushes.map((p) => p.ms));
    const line = (label: string, t: Target) => say(`  ${label.padEnd(34)} ${rate(t).toFixed(1).padStart(6)} pushes/s   git push p50 ${percentile(lat(t), 50).toFixed(0)} ms, p99 ${percentile(lat(t), 99).toFixed(0)} ms   (rounds: ${runs[t].map((x) => (x.pushes.length / x.seconds).toFixed(1)).join(', ')})`);
    const ratio = rate('podium') / rate('bare');
    say('');
    say(`bench:git  ${TEAMS} concurrent teams x ${PUSHES} pushes x ${ROUNDS} rounds per target, one small commit each, git smart HTTP over loopback`);
    printMachine();
    say(`  load        ${load0} before, ${load1} after the rounds (1/5/15 min)`);
    say(`  method      rounds alternate bare/podium; each push = write a file, commit, git push; pushes/s = pushes / wall time of the round`);
    say('');
    line('Podium local code host', 'podium');
    line('bare git http-backend (CGI bridge)', 'bare');
    line('ceiling: local path transport', 'path');
    say(`  ratio       Podium / bare = ${(ratio * 100).toFixed(0)}%`);
    say(`  receipts    ${podiumPushes.length} pushes, ${podiumPushes.length - missing} with a receipt, ${missing} missing, ${doubled} recorded twice (receipts +${receiptsAfter - receiptsBefore})`);
    say(`  push -> receipt  p50 ${percentile(lag, 50).toFixed(0)} ms, p99 ${percentile(lag, 99).toFixed(0)} ms, max ${Math.max(...lag).toFixed(0)} ms (git push returned -> receipt row)`);
    say('');
    say(`  target      Podium >= 50% of bare: ${ratio >= 0.5 ? 'PASS' : 'FAIL'}; receipt for every push: ${missing === 0 && doubled === 0 ? 'PASS' : 'FAIL'}; receipt p99 < 2000 ms: ${percentile(lag, 99) < 2000 ? 'PASS' : 'FAIL'}`);
  } finally {
    bridge.kill('SIGTERM');
  }
});
