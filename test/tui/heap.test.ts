// `hackathon tui` bounds its own heap: on a terminal it replaces its
// process image (process.execve, the same pid) with the same command under TUI_V8_FLAGS,
// once. Here a real Node process does what the command does and reports, after the restart,
// its pid, its V8 flags and V8's own young generation limit; the decision itself is checked
// for each case where it must not restart.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { heapRestart, TUI_HEAP_MARK, TUI_V8_FLAGS } from '../../tui/heap.ts';

const base = { execPath: '/usr/bin/node', execArgv: ['--import', 'tsx'], argv: ['/usr/bin/node', '/x/hackathon.mjs', 'tui'], env: { HOME: '/h' } as NodeJS.ProcessEnv, execve: () => undefined };

test('on a terminal: the same command under the heap flags, marked so it happens once', (t) => {
  const r = heapRestart(base, true);
  t.deepEqual(r, { file: '/usr/bin/node', args: ['/usr/bin/node', ...TUI_V8_FLAGS, '--import', 'tsx', '/x/hackathon.mjs', 'tui'], env: { HOME: '/h', [TUI_HEAP_MARK]: '1' } });
});

test('no restart off a terminal, without execve, once restarted, or where the caller chose the young generation size', (t) => {
  t.is(heapRestart(base, false), null);
  t.is(heapRestart({ ...base, execve: undefined }, true), null);
  t.is(heapRestart({ ...base, env: { [TUI_HEAP_MARK]: '1' } }, true), null);
  t.is(heapRestart({ ...base, execArgv: ['--max-semi-space-size=16'] }, true), null);
  t.is(heapRestart({ ...base, env: { NODE_OPTIONS: '--trace-gc --max-semi-space-size=8' } }, true), null);
  t.not(heapRestart({ ...base, env: { NODE_OPTIONS: '--max-old-space-size=512' } }, true), null);
});

// The child churns the heap as a busy dashboard does (batches kept for a while, then dropped)
// and reports the young generation's largest size. By default V8 grows it to 128 MB here. Under
// the flags (4 MB semi-spaces) the peak V8 reports varies from run to run, 2.8 to 16.5 MB on
// this machine kind (pages the scavenger keeps beyond the two semi-spaces count towards it), so
// the line between the two is drawn at 32 MB: far from both, and a quarter of the default.
const YOUNG_LIMIT_MB = 32;
const CHILD = (heap: string) => `import v8 from 'node:v8';
import { heapRestart } from ${JSON.stringify(heap)};
const r = heapRestart(process, true);
if (r) {
  process.stdout.write(JSON.stringify({ before: process.pid }) + '\\n');
  process.execve!(r.file, r.args, r.env);
}
const keep: unknown[][] = [];
let peak = 0;
for (let round = 0; round < 1500; round++) {
  const batch: unknown[] = [];
  for (let i = 0; i < 2000; i++) batch.push({ a: 'x' + i + round, b: [i, round, { c: String(i) }] });
  keep.push(batch);
  if (keep.length > 20) keep.shift();
  peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size);
}
process.stdout.write(JSON.stringify({ after: process.pid, execArgv: process.execArgv, newSpaceMb: peak / 1048576 }) + '\\n');
`;

function runChild(env: NodeJS.ProcessEnv): Record<string, unknown>[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-tui-heap-'));
  const script = path.join(dir, 'child.ts');
  writeFileSync(script, CHILD(path.resolve('tui/heap.ts')));
  const out = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', ...env } });
  return out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
}

test('a real restart keeps the pid and V8 takes the flags: the young generation stays small', (t) => {
  const [first, second] = runChild({ [TUI_HEAP_MARK]: '' });
  t.is(first!.before, second!.after);
  t.deepEqual((second!.execArgv as string[]).slice(0, TUI_V8_FLAGS.length), [...TUI_V8_FLAGS]);
  t.true((second!.newSpaceMb as number) <= YOUNG_LIMIT_MB, `new space ${String(second!.newSpaceMb)} MB`);
});

test('without the restart (already marked) the same churn grows the young generation past the limit', (t) => {
  const lines = runChild({ [TUI_HEAP_MARK]: '1' });
  t.is(lines.length, 1);
  t.deepEqual(lines[0]!.execArgv, ['--import', 'tsx']);
  t.true((lines[0]!.newSpaceMb as number) > YOUNG_LIMIT_MB, `new space ${String(lines[0]!.newSpaceMb)} MB`);
});
