// `npm test`: Postgres from DATABASE_URL, else an embedded one started here for the run;
// Redis from REDIS_URL (Redis-only tests skip themselves with the reason otherwise).
// Runs ava in TAP mode and closes with `N passed, N failed, N skipped`, keeping ava's exit code.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../ops/embedded/postgres.ts';

const env: NodeJS.ProcessEnv = { ...process.env, GRAPHILE_ENV: 'production', PODIUM_TEST_MODE: '1' };
let stopEmbedded: (() => Promise<void>) | null = null;
let tmp: string | null = null;
if (!env.DATABASE_URL) {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'podium-test-pg-'));
  const port = 55000 + (process.pid % 5000);
  process.stderr.write(`DATABASE_URL is not set: starting an embedded PostgreSQL for this run (port ${port})\n`);
  const h = await startEmbeddedPostgres(tmp, port);
  env.DATABASE_URL = h.url;
  stopEmbedded = h.stop;
}
if (!env.REDIS_URL) process.stderr.write('REDIS_URL is not set: tests that need Redis report themselves skipped\n');

// The CLIs are tested as the bundled binaries people run: build them first.
const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-cli.ts'], { stdio: 'inherit' });
if (built.status !== 0) {
  process.stdout.write('\n0 passed, 1 failed\n');
  process.exit(1);
}

const args = ['--tap', ...process.argv.slice(2)];
const child = spawn(process.execPath, [path.resolve('node_modules/ava/entrypoints/cli.js'), ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
let passed = 0;
let failed = 0;
let skipped = 0;
let buf = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  buf += chunk.toString();
  let nl: number;
  while ((nl = buf.indexOf('\n')) !== -1) {
    const line = buf.slice(0, nl);
    buf = buf.slice(nl + 1);
    if (/^not ok \d+/.test(line)) failed++;
    else if (/^ok \d+.*# SKIP/i.test(line)) skipped++;
    else if (/^ok \d+/.test(line)) passed++;
  }
});
const code: number = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? 1)));
await stopEmbedded?.();
if (tmp) rmSync(tmp, { recursive: true, force: true });
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);
