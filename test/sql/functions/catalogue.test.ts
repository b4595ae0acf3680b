// The catalogue of sql/functions: every function and view lives once, in its own file named after
// it, states its rule in a header comment, and is covered by a test — its own file
// (test/sql/functions/<name>.test.ts, as graphile/starter keeps one test file per function), a test
// that names it (SQL or GraphQL name), or, for a function only other code calls, the caller listed
// in callers.json (a route, a task, a trigger or another function), whose tests cover it.
import test from 'ava';
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readFunctionFiles, readMigrations } from '../../../core/db/migrate.ts';

const callers: Record<string, string> = JSON.parse(readFileSync(new URL('./callers.json', import.meta.url), 'utf8'));
const files = readFunctionFiles();
const testText = globSync('test/**/*.{ts,tsx}').filter((f) => !f.startsWith('test/sql/functions/catalogue')).map((f) => readFileSync(f, 'utf8')).join('\n');
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const named = (name: string) => new RegExp(`\\b(${name}|${camel(name)})\\b`).test(testText);
const stripComments = (sql: string) => sql.replace(/--[^\n]*/g, '');

test('each file defines the functions or the view it is named after, and nothing else', (t) => {
  t.true(files.length > 400);
  for (const f of files) {
    const [schema, base] = f.name.replace(/\.sql$/, '').split('/');
    const made = [...stripComments(f.sql).matchAll(/\bcreate\s+(?:or\s+replace\s+)?(function|view|procedure|trigger|table|type)\s+"?([a-z0-9_]+)"?\."?([a-z0-9_]+)"?/gi)];
    t.true(made.length > 0, `${f.name} creates nothing`);
    for (const m of made) {
      t.true(['function', 'view'].includes(m[1].toLowerCase()), `${f.name}: a ${m[1]} belongs in a migration`);
      t.is(`${m[2]}.${m[3]}`, `${schema}.${base}`, `${f.name} defines ${m[2]}.${m[3]}`);
    }
    t.regex(f.sql, /^create or replace (function|view) /im, `${f.name}: applied again on every change, so it must say create or replace`);
  }
});

test('each file opens with a comment that states its rule', (t) => {
  for (const f of files) {
    const header = f.sql.split('\n').filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('--')));
    t.true(header.length > 0, `${f.name} has no header comment`);
    t.notRegex(header.join(' '), /the rule is the body below/, `${f.name}: say what the rule is`);
  }
});

test('no migration defines a function or a view: their bodies live once, in sql/functions', (t) => {
  for (const m of readMigrations()) {
    t.notRegex(stripComments(m.sql), /\bcreate\s+(or\s+replace\s+)?(function|view)\b/i, `${m.name} defines a function or a view: move it to sql/functions/<schema>/<name>.sql`);
  }
});

test('each function is covered: a test file of its own, a test naming it, or a listed caller that calls it', (t) => {
  const uncovered: string[] = [];
  for (const f of files) {
    const base = path.basename(f.name, '.sql');
    if (existsSync(`test/sql/functions/${base}.test.ts`) || named(base)) {
      t.false(f.name in callers, `${f.name} is named by a test now: drop it from callers.json`);
      continue;
    }
    const caller = callers[f.name];
    if (!caller) {
      uncovered.push(f.name);
      continue;
    }
    t.true(existsSync(caller), `${f.name}: its listed caller ${caller} does not exist`);
    if (existsSync(caller)) t.regex(readFileSync(caller, 'utf8'), new RegExp(`\\b${base}\\b`), `${f.name}: ${caller} does not call it`);
  }
  t.deepEqual(uncovered, [], 'functions with no test: write test/sql/functions/<name>.test.ts');
  for (const listed of Object.keys(callers)) t.true(files.some((f) => f.name === listed), `callers.json lists ${listed}, which has no file`);
});
