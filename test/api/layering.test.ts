// The layering holds (docs/ARCHITECTURE.md "Layers"; issue 13 item 8): data flows one way,
// and rules SQL decides are not decided again in TypeScript.
import test from 'ava';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}
const server = [...sources('api'), ...sources('core'), ...sources('workers')];
const read = (p: string) => readFileSync(p, 'utf8');

/** Each relative import of a file, resolved from the repository root. */
function importsOf(file: string): string[] {
  return [...read(file).matchAll(/^\s*(?:import|export)\b[^;]*?from\s+['"](\.[^'"]+)['"]/gm)].map((m) => path.relative('.', path.resolve(path.dirname(file), m[1]!)));
}

test('only the entry points import api/server.ts and workers/index.ts (shared names live in deps.ts and errors.ts)', (t) => {
  // Tests may import the wiring they test; the source tree may not, but for the process's start.
  const entryPoints = new Set(['ops/service.ts', 'bench/pages.ts']);
  const tree = ['api', 'core', 'workers', 'cli', 'tui', 'ops', 'bench', 'scripts'].flatMap(sources).filter((f) => !entryPoints.has(f));
  t.deepEqual(tree.flatMap((f) => importsOf(f).filter((i) => i === 'api/server.ts' || i === 'workers/index.ts').map((i) => `${f} imports ${i}`)), []);
});

test('the terminal dashboard, the simulation and the benches take shared client code from cli/lib, never from a tool\'s commands', (t) => {
  const wrong = [...sources('tui'), ...sources('ops'), ...sources('bench')].flatMap((f) =>
    importsOf(f).filter((i) => /^cli\/(?!lib\/)/.test(i)).map((i) => `${f} imports ${i}`));
  t.deepEqual(wrong, []);
});

test('no import cycle in the source tree (madge, over the TypeScript module graph, type imports included)', async (t) => {
  const madge = (await import('madge')).default;
  const graph = await madge(['api', 'core', 'workers', 'cli', 'tui', 'ops', 'bench', 'scripts'], {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: 'tsconfig.json',
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  t.true(Object.keys(graph.obj()).length > 300, 'the graph is read');
  t.deepEqual(graph.circular(), [], 'a module imports, directly or not, a module that imports it');
});

test('core/ and workers/ never import from api/; core/ never imports workers/', (t) => {
  const wrong: string[] = [];
  for (const file of [...sources('core'), ...sources('workers')]) {
    for (const m of read(file).matchAll(/^\s*(?:import|export)\b[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
      const target = path.relative('.', path.resolve(path.dirname(file), m[1]!));
      if (m[1]!.startsWith('.') && (target.startsWith('api/') || (file.startsWith('core/') && target.startsWith('workers/')))) {
        wrong.push(`${file} imports ${m[1]}`);
      }
    }
  }
  t.deepEqual(wrong, []);
});

test('sessions are written only through app_private.session_create and session_end', (t) => {
  const raw = server.filter((f) => /\b(insert\s+into|delete\s+from|update)\s+app_private\.sessions\b/i.test(read(f)));
  t.deepEqual(raw, []);
  t.true(read('api/auth/session.ts').includes('app_private.session_create('), 'the positive control: the helper calls the function');
});

test('plan_conflicts is raised only in SQL', (t) => {
  t.deepEqual(server.filter((f) => /AppError\(\s*['"]plan_conflicts['"]/.test(read(f))), []);
  t.deepEqual(server.filter((f) => /\.conflicts\.length\)\s*throw/.test(read(f))), [], 'no TypeScript refusal over the plan\'s conflicts');
});
