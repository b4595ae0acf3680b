// `npm test`: Postgres from DATABASE_URL, else an embedded one started here for the run;
// Redis from REDIS_URL (Redis-only tests skip themselves with the reason otherwise).
// Runs ava in TAP mode and closes with `N passed, N failed, N skipped` (test/tap-tally.ts:
// a failed run always shows a failure; under CI a skipped test fails the run).
//
// A test file that failed is run once more, alone, after the whole run (at most
// RERUN_MAX_FILES files, and only when every failure names its file). A file that passes
// whole on its re-run counts with its re-run's results and is listed as flaky above the
// closing line; its first failure stays in the output. One that fails again fails the run.
// PODIUM_TEST_RERUN=0 turns this off.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../ops/embedded/postgres.ts';
import { reservedPort } from '../ops/harness/ports.ts';
import { applyRerun, closingLine, countLine, filesToRerun, newTally, settle, type Tally, testFiles } from './tap-tally.ts';

const RERUN_MAX_FILES = 3;

const env: NodeJS.ProcessEnv = { ...process.env, GRAPHILE_ENV: 'production', PODIUM_TEST_MODE: '1' };
if (!env.REDIS_URL) {
  if (env.CI === 'true') {
    process.stdout.write('REDIS_URL is not set under CI: the Redis tests cannot run\n\n0 passed, 1 failed\n');
    process.exit(1);
  }
  process.stderr.write('REDIS_URL is not set: tests that need Redis report themselves skipped\n');
}

let stopEmbedded: (() => Promise<void>) | null = null;
let tmp: string | null = null;
if (!env.DATABASE_URL) {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'podium-test-pg-'));
  const port = await reservedPort(); // embedded PostgreSQL must be told its port
  process.stderr.write(`DATABASE_URL is not set: starting an embedded PostgreSQL for this run (port ${port})\n`);
  const h = await startEmbeddedPostgres(tmp, port);
  env.DATABASE_URL = h.url;
  stopEmbedded = h.stop;
}
// The CLIs are tested as the bundled binaries people run: build them first.
const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-cli.ts'], { stdio: 'inherit' });
if (built.status !== 0) {
  process.stdout.write('\n0 passed, 1 failed\n');
  process.exit(1);
}

const allFiles = globSync(JSON.parse(readFileSync('package.json', 'utf8')).ava.files as string[]).sort();

function runAva(args: string[]): Promise<{ tally: Tally; code: number | null }> {
  // The files ava will run, for naming each result's file: those named, else all of them.
  const named = args.filter((a) => !a.startsWith('-') && existsSync(a) && statSync(a).isFile()).map((a) => path.relative('.', a));
  const files = testFiles(named.length > 0 ? named : allFiles);
  const child = spawn(process.execPath, [path.resolve('node_modules/ava/entrypoints/cli.js'), '--tap', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const tally = newTally();
  let buf = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    buf += chunk.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) !== -1) {
      countLine(tally, buf.slice(0, nl), files);
      buf = buf.slice(nl + 1);
    }
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (buf) countLine(tally, buf, files);
      resolve({ tally, code });
    }),
  );
}

const first = await runAva(process.argv.slice(2));
let tally = first.tally;
let code = first.code;
const flaky: string[] = [];
const rerun = env.PODIUM_TEST_RERUN === '0' || first.tally.planned === null ? [] : filesToRerun(first.tally, RERUN_MAX_FILES);
if (rerun.length > 0) {
  process.stdout.write(`\n# re-running alone what failed: ${rerun.join(' ')}\n`);
  const second = await runAva(rerun);
  const r = applyRerun(first.tally, second.tally, rerun);
  tally = r.tally;
  for (const file of r.settled) flaky.push(`${file}: ${first.tally.byFile.get(file)!.failedTitles.join('; ')}`);
  if (r.settled.length === rerun.length && second.code === 0) code = 0;
}
await stopEmbedded?.();
if (tmp) rmSync(tmp, { recursive: true, force: true });
const { tally: final, problems } = settle(tally, code, process.env.CI === 'true');
for (const f of flaky) process.stdout.write(`\n# flaky (failed, then passed on its re-run): ${f}`);
for (const p of problems) process.stdout.write(`\n# ${p}`);
if (final.todo > 0) process.stdout.write(`\n# ${final.todo} todo (not counted as passed or failed)`);
process.stdout.write(`\n${closingLine(final)}\n`);
process.exit(final.failed > 0 ? (code || 1) : 0);
