// `npm run bench:cli`: cold start of the bundled client CLIs against a bare `node -e 0`.
// Paired rounds: each round runs `node -e 0`, bare `hackathon` and `deckcli` (the top-level
// groups), `hackathon event --help` and `deckcli auth --help` (a noun's verbs) once, in a
// rotating order, each as a fresh process of the same Node binary; the ratio is taken per
// round, then the median, so a neighbour's burst lands on all alike. None of these may load a
// command module (the registry lists them lazily: cli/lib/dispatch.ts). Wall time and the
// child's CPU time (user + system, from wait4 through GNU time when installed) are both shown.
// One untimed run of each first, so Node's compile cache (enabled by the bundles) is warm: what
// a user sees from the second run on. Target: each at most 1.5x a bare node.
//
// Environment: BENCH_ROUNDS (default 30). Builds dist/ first (npm run build).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { median, printMachine, ROOT, say } from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 30);
const TARGET = 1.5;
const TIME = ['/usr/bin/time'].find((p) => existsSync(p)) ?? null;

const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-cli.ts'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) {
  say('bench:cli: the build failed');
  process.exit(1);
}

const subjects = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'hackathon', args: [path.join(ROOT, 'dist/hackathon.mjs')] },
  { name: 'hackathon event --help', args: [path.join(ROOT, 'dist/hackathon.mjs'), 'event', '--help'] },
  { name: 'deckcli', args: [path.join(ROOT, 'dist/deckcli.mjs')] },
  { name: 'deckcli auth --help', args: [path.join(ROOT, 'dist/deckcli.mjs'), 'auth', '--help'] },
];

function once(args: string[]): { wallMs: number; cpuMs: number | null } {
  const cmd = TIME ? TIME : process.execPath;
  const full = TIME ? ['-f', 'CPU %U %S', process.execPath, ...args] : args;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, full, { encoding: 'utf8', cwd: ROOT });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
  const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  return { wallMs, cpuMs: m ? (Number(m[1]) + Number(m[2])) * 1000 : null };
}

for (const s of subjects) once(s.args); // warm the page cache and the compile cache
const runs = subjects.map(() => [] as { wallMs: number; cpuMs: number | null }[]);
const loadBefore = (await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ');
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < subjects.length; k++) {
    const i = (r + k) % subjects.length;
    runs[i].push(once(subjects[i].args));
  }
}
const loadAfter = (await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ');

say('');
say('bench:cli  cold start of the bundled CLIs (fresh process each, compile cache warm)');
printMachine();
say(`  method      ${ROUNDS} paired rounds, rotating order; medians; load average ${loadBefore} -> ${loadAfter}`);
say('');
for (const [i, s] of subjects.entries()) {
  const wall = median(runs[i].map((x) => x.wallMs));
  const cpu = runs[i][0].cpuMs === null ? null : median(runs[i].map((x) => x.cpuMs!));
  const cpuRatio = cpu === null ? '' : `, ${median(runs[i].map((x, k) => x.cpuMs! / Math.max(runs[0][k].cpuMs!, 10))).toFixed(2)}x (CPU)`;
  const ratio = i === 0 ? '' : `   ${median(runs[i].map((x, k) => x.wallMs / runs[0][k].wallMs)).toFixed(2)}x node (wall)${cpuRatio}`;
  say(`  ${s.name.padEnd(24)} wall ${wall.toFixed(0).padStart(4)} ms${cpu === null ? '' : `  CPU ${cpu.toFixed(0).padStart(4)} ms`}${ratio}`);
}
say('');
const verdicts = subjects.slice(1).map((s, j) => {
  const x = median(runs[j + 1].map((r, k) => r.wallMs / runs[0][k].wallMs));
  return `${s.name} ${x.toFixed(2)}x ${x <= TARGET ? 'PASS' : 'FAIL'}`;
});
say('  (ratios: per-round medians)');
say(`  target      at most ${TARGET}x a bare node (wall): ${verdicts.join('; ')}`);
