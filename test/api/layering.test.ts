// The layering holds (docs/ARCHITECTURE.md "Layers"): data flows one way,
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
  const tree = ['api', 'core', 'workers', 'cli', 'client', 'tui', 'ops', 'bench', 'scripts'].flatMap(sources).filter((f) => !entryPoints.has(f));
  t.deepEqual(tree.flatMap((f) => importsOf(f).filter((i) => i === 'api/server.ts' || i === 'workers/index.ts').map((i) => `${f} imports ${i}`)), []);
});

test('the terminal dashboard and the simulation take shared client code from client/, never from cli/', (t) => {
  const wrong = [...sources('tui'), ...sources('ops')].flatMap((f) => importsOf(f).filter((i) => i.startsWith('cli/')).map((i) => `${f} imports ${i}`));
  t.deepEqual(wrong, []);
});

/** The source folders (test/ is not one: tests may import anything, and are left out of the folder graph). */
const FOLDERS = ['api', 'core', 'workers', 'cli', 'client', 'tui', 'ops', 'bench', 'scripts'];

/** The file-level import graph (madge over the TypeScript module graph, type imports included), read once. */
let fileGraph: Promise<import('madge').MadgeInstance> | null = null;
function files() {
  fileGraph ??= import('madge').then(({ default: madge }) =>
    madge(FOLDERS, {
      fileExtensions: ['ts', 'tsx'],
      tsConfig: 'tsconfig.json',
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    }),
  );
  return fileGraph;
}

/** The folder-level graph: folder -> folder it imports -> one file import that says so. */
async function folderGraph(): Promise<Map<string, Map<string, string>>> {
  const folders = new Map<string, Map<string, string>>(FOLDERS.map((f) => [f, new Map()]));
  for (const [file, deps] of Object.entries((await files()).obj()) as [string, string[]][]) {
    const from = file.split('/')[0]!;
    for (const dep of deps) {
      const to = dep.split('/')[0]!;
      if (from === to || !folders.has(from) || !folders.has(to)) continue;
      if (!folders.get(from)!.has(to)) folders.get(from)!.set(to, `${file} -> ${dep}`);
    }
  }
  return folders;
}

test('no import cycle in the source tree (madge, over the TypeScript module graph, type imports included)', async (t) => {
  const graph = await files();
  t.true(Object.keys(graph.obj()).length > 300, 'the graph is read');
  t.deepEqual(graph.circular(), [], 'a module imports, directly or not, a module that imports it');
});

test('no loop between folders: a top-level folder never imports, directly or not, one that imports it', async (t) => {
  const graph = await folderGraph();
  t.true(graph.get('cli')!.has('client') && graph.get('tui')!.has('client'), 'the graph is read (the CLIs and the dashboard take the shared client)');
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const walk = (f: string) => { for (const to of graph.get(f)!.keys()) if (!seen.has(to)) (seen.add(to), walk(to)); };
    walk(from);
    return seen;
  };
  const loops = FOLDERS.flatMap((a) => [...graph.get(a)!.entries()].filter(([b]) => reach(b).has(a)).map(([b, why]) => `${a} -> ${b} (${why}) and ${b} reaches ${a} back`));
  t.deepEqual(loops, []);
});

/**
 * The layer order of docs/ARCHITECTURE.md "Layers", bottom first: a folder imports only folders of
 * lower layers, never one of its own layer or above. bench/ (and test/) may import anything.
 */
const LAYERS: string[][] = [['core'], ['api', 'workers', 'client'], ['tui', 'ops'], ['cli'], ['scripts', 'bench']];

test('the folders keep the layer order: core below api, workers and client; client below tui and ops; those below cli', async (t) => {
  t.deepEqual([...LAYERS.flat()].sort(), [...FOLDERS].sort(), 'every folder has its layer');
  const layer = new Map(LAYERS.flatMap((l, i) => l.map((f) => [f, i] as const)));
  const graph = await folderGraph();
  const wrong = [...graph.entries()].flatMap(([from, tos]) =>
    from === 'bench' ? [] : [...tos.entries()].filter(([to]) => layer.get(to)! >= layer.get(from)!).map(([to, why]) => `${from} imports ${to}: ${why}`));
  t.deepEqual(wrong, []);
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

test('test/ sits above the source: only bench/ and scripts/ import it, and no test imports those two (no loop through test/)', (t) => {
  const below = ['api', 'core', 'workers', 'cli', 'client', 'tui', 'ops'].flatMap(sources);
  t.deepEqual(below.flatMap((f) => importsOf(f).filter((i) => i.startsWith('test/')).map((i) => `${f} imports ${i}`)), [], 'shared stand-ins live in ops/harness');
  const tests = sources('test');
  t.true(tests.length > 200, `${tests.length} test files read`);
  t.deepEqual(tests.flatMap((f) => importsOf(f).filter((i) => i.startsWith('bench/') || i.startsWith('scripts/')).map((i) => `${f} imports ${i}`)), []);
});
