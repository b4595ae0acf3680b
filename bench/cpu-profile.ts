// `node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top]`: where a V8 CPU profile
// (node --cpu-prof, e.g. BENCH_CPU_PROF=<dir> npm run bench:core) spent its time: self time by
// package (node_modules/<name>, our own folders, node internals, GC/idle) and the top functions.
// `skip` seconds (default 0) of samples are left out from the start: the boot, not the load.
// usage: bench/cpu-profile.ts <file.cpuprofile> [top] [skip]
import { readFileSync } from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const [file, topArg, skipArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: bench/cpu-profile.ts <file.cpuprofile> [top]\n');
  process.exit(1);
}
const prof = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const skipUs = Number(skipArg || 0) * 1e6;
let elapsed = 0;
prof.samples.forEach((id, i) => {
  elapsed += prof.timeDeltas[i] ?? 0;
  if (elapsed >= skipUs) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

function bucket(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const m = /\/(api|core|workers|sql|ops|cli)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2].split('/')[0]}` : url;
}

const byBucket = new Map<string, number>();
const byFn = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const b = bucket(n.callFrame.url, n.callFrame.functionName);
  byBucket.set(b, (byBucket.get(b) ?? 0) + us);
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(api|core|workers)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + us);
}
const top = Number(topArg || 25);
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time by package\n`);
for (const [b, us] of [...byBucket].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`  ${pct(us)}  ${b}\n`);
process.stdout.write('\nself time by function\n');
for (const [f, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`  ${pct(us)}  ${f}\n`);

// Inclusive time: the share of non-idle samples whose stack passes through a function.
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const busy = [...self].filter(([id]) => !['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)!.callFrame.functionName)).reduce((a, [, us]) => a + us, 0);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const f = byId.get(at)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${bucket(f.url, f.functionName)}:${f.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
process.stdout.write(`\ninclusive time, share of busy (non-idle, non-GC) time ${(busy / 1e6).toFixed(1)} s\n`);
for (const [f, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) process.stdout.write(`  ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${f}\n`);
