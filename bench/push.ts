// `npm run bench:push`: wall time of `deckcli push` for an unchanged 2,000-file, 50 MB deck,
// beside `sha256sum` over the same files in the same run (the hashing floor), and the cold
// start of `deckcli --help` and `deckcli open` (medians). Target: push <= 1.5 x floor + 150 ms.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as seed from '../ops/harness/seed.ts';
import { median, printMachine, ROOT, say, withStack } from './lib.ts';

const FILES = 2_000;
const TOTAL_BYTES = 50 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS || 5);
const DECKCLI = path.join(ROOT, 'dist', 'deckcli.mjs');

function timeMs(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env, cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.slice(1).join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

await withStack('bench-push', {}, async ({ tmp, db, url }) => {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-cli.ts')], { cwd: ROOT });
  const key = (await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test')).deckKey.key;
  const deck = path.join(tmp, 'deck');
  const per = Math.floor(TOTAL_BYTES / FILES);
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(deck, `part${i % 20}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `f${i}.bin`), randomBytes(per));
  }
  writeFileSync(path.join(deck, 'index.html'), '<h1>bench</h1>');
  const bin = path.join(tmp, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'xdg-open'), '#!/bin/sh\nexit 0\n');
  chmodSync(path.join(bin, 'xdg-open'), 0o755);
  const env = { ...process.env, HOME: tmp, XDG_CONFIG_HOME: path.join(tmp, 'config'), PATH: `${bin}:${process.env.PATH}`, DECKS_API_KEY: key, DECKS_API_URL: url };

  const first = timeMs(process.execPath, [DECKCLI, 'push', deck, '--no-open'], env);
  const pushes: number[] = [];
  const cold: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floors.push(timeMs('sh', ['-c', `find . -type f ! -name '.*' -print0 | xargs -0 sha256sum > /dev/null`], env, deck));
    pushes.push(timeMs(process.execPath, [DECKCLI, 'push', deck, '--no-open'], env));
    // The same push with an empty hash cache: every file read and hashed.
    cold.push(timeMs(process.execPath, [DECKCLI, 'push', deck, '--no-open'], { ...env, XDG_CACHE_HOME: path.join(tmp, `cold-cache-${i}`) }));
  }
  const help = Array.from({ length: 15 }, () => timeMs(process.execPath, [DECKCLI, '--help'], env));
  const open = Array.from({ length: 15 }, () => timeMs(process.execPath, [DECKCLI, 'open', deck, '--json'], env));
  const floor = median(floors);
  const push = median(pushes);
  const target = 1.5 * floor + 150;
  say('');
  say(`bench:push  unchanged deck, ${FILES} files, ${(TOTAL_BYTES / 1048576).toFixed(0)} MB, one server process over loopback`);
  printMachine();
  say(`  method      ${RUNS} alternating runs; medians; deckcli is the bundled binary run by node directly`);
  say('');
  say(`  first push       ${first.toFixed(0)} ms (uploads everything)`);
  say(`  unchanged push   ${push.toFixed(0)} ms (runs: ${pushes.map((x) => x.toFixed(0)).join(', ')})`);
  say(`  ...cold cache    ${median(cold).toFixed(0)} ms (every file hashed; runs: ${cold.map((x) => x.toFixed(0)).join(', ')})`);
  say(`  sha256sum floor  ${floor.toFixed(0)} ms (runs: ${floors.map((x) => x.toFixed(0)).join(', ')})`);
  say(`  cold start       deckcli --help ${median(help).toFixed(0)} ms, deckcli open ${median(open).toFixed(0)} ms (medians of 15)`);
  say('');
  say(`  target      push <= 1.5 x floor + 150 ms = ${target.toFixed(0)} ms: ${push <= target ? 'PASS' : 'FAIL'}`);
});
