// The manifest path rule is written twice, once for the clients and the edge
// (core/wire/deck-paths.ts) and once for the database (app_private.manifest_path_ok): the two
// must hold the same excluded names, name by name, and judge every path alike.
import test from 'ava';
import { LOCKFILES, manifestPathProblem } from '../../../core/wire/deck-paths.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const TS_NAMES = ['node_modules', 'Thumbs.db', 'package.json', ...LOCKFILES].sort();

test('the SQL rule excludes exactly the names of core/wire/deck-paths.ts', async (t) => {
  const { rows } = await db.pool.query(`select prosrc from pg_proc where proname = 'manifest_path_ok' and pronamespace = 'app_private'::regnamespace`);
  t.is(rows.length, 1);
  const list = /s in \(([^)]*)\)/.exec(rows[0].prosrc)?.[1];
  t.truthy(list, 'the excluded names are one in (...) list');
  const sqlNames = [...list!.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
  t.deepEqual(sqlNames, TS_NAMES);
});

test('both rules judge the same paths alike', async (t) => {
  const paths = [
    'index.html', 'img/a.png', 'downloads/notes.pdf', 'a/b/c/d.txt', 'lockfile.md', 'package.json.bak',
    ...TS_NAMES.map((n) => `sub/${n}`), ...TS_NAMES,
    '.env', 'a/.git/config', '/abs.html', 'C:/x.html', 'a//b', 'a/../b', './a', 'a\\b', 'a\u0001b', 'a\u007fb', '',
    'x'.repeat(1024), 'x'.repeat(1025),
  ];
  const { rows } = await db.pool.query('select p, app_private.manifest_path_ok(p) as ok from unnest($1::text[]) p', [paths]);
  for (const r of rows) t.is(r.ok, manifestPathProblem(r.p) === null, `${JSON.stringify(r.p.slice(0, 40))}: SQL says ${r.ok ? 'ok' : 'refused'}`);
});
