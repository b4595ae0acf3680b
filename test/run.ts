// `npm test`: Postgres from DATABASE_URL, else an embedded one started here for the run;
// Redis from REDIS_URL (Redis-only tests skip themselves with the reason otherwise).
// Runs ava in TAP mode and closes with `N passed, N failed, N skipped` (test/tap-tally.ts:
// a failed run always shows a failure; under CI a skipped test fails the run).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../ops/embedded/postgres.ts';
import { reservedPort } from './helpers/ports.ts';
import { closingLine, countLine, newTally, settle } from './tap-tally.ts';

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

const args = ['--tap', ...process.argv.slice(2)];
const child = spawn(process.execPath, [path.resolve('node_modules/ava/entrypoints/cli.js'), ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const tally = newTally();
let buf = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  buf += chunk.toString();
  let nl: number;
  while ((nl = buf.indexOf('\n')) !== -1) {
    countLine(tally, buf.slice(0, nl));
    buf = buf.slice(nl + 1);
  }
});
const code: number | null = await new Promise((resolve) => child.on('close', (c) => resolve(c)));
if (buf) countLine(tally, buf);
await stopEmbedded?.();
if (tmp) rmSync(tmp, { recursive: true, force: true });
const { tally: final, problems } = settle(tally, code, process.env.CI === 'true');
for (const p of problems) process.stdout.write(`\n# ${p}`);
if (final.todo > 0) process.stdout.write(`\n# ${final.todo} todo (not counted as passed or failed)`);
process.stdout.write(`\n${closingLine(final)}\n`);
process.exit(final.failed > 0 ? (code || 1) : 0);
