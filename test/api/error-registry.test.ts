// One registry of error codes (sql/ERROR_CODES.md): every code raised in SQL or TypeScript is
// registered there, and api/errors.ts (HTTP status) and client/errors.ts (exit class) agree
// with it code by code.
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError, STATUS_BY_CODE } from '../../api/errors.ts';
import { ACCESS_CODES } from '../../client/errors.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

interface Row { status: number; exit: number }

function registry(): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const line of readFileSync('sql/ERROR_CODES.md', 'utf8').split('\n')) {
    const m = /^\| `([a-z0-9_]+)` \| (\d{3}) \| (\d) \|/.exec(line);
    if (m) rows.set(m[1], { status: Number(m[2]), exit: Number(m[3]) });
    else if (/^\| `/.test(line)) throw new Error(`sql/ERROR_CODES.md row without a status and an exit class: ${line}`);
  }
  return rows;
}

function tsSources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

const REG = registry();
let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test('api/errors.ts holds exactly the registered codes, each with its registered status', (t) => {
  t.true(REG.size > 80, `the registry parsed (${REG.size} codes)`);
  const mapped = Object.keys(STATUS_BY_CODE);
  t.deepEqual([...REG.keys()].filter((c) => !(c in STATUS_BY_CODE)), [], 'registered but missing from api/errors.ts');
  t.deepEqual(mapped.filter((c) => !REG.has(c)), [], 'in api/errors.ts but not registered');
  for (const [code, row] of REG) t.is(STATUS_BY_CODE[code], row.status, code);
});

test("the CLIs' access codes (exit 3) are exactly the registered codes of exit class 3", (t) => {
  const three = [...REG].filter(([, r]) => r.exit === 3).map(([c]) => c);
  t.deepEqual(three.filter((c) => !ACCESS_CODES.has(c)), [], 'registered with exit 3 but the CLIs exit 1');
  t.deepEqual([...ACCESS_CODES].filter((c) => REG.get(c)?.exit !== 3), [], 'the CLIs exit 3 but the registry does not say so');
  for (const [code, row] of REG) t.true(row.exit === 1 || row.exit === 3, `${code}: a wire error exits 1 or 3`);
});

test('every code SQL raises is registered', async (t) => {
  const { rows } = await db.pool.query(`select p.proname, p.prosrc from pg_proc p where p.pronamespace in ('app'::regnamespace, 'app_private'::regnamespace, 'hub'::regnamespace, 'hub_private'::regnamespace)`);
  const raised = new Set<string>();
  for (const r of rows) for (const m of (r.prosrc as string).matchAll(/app_private\.fail\(\s*'([a-z0-9_]+)'/g)) raised.add(m[1]);
  t.true(raised.size > 50, `found the SQL refusals (${raised.size})`);
  t.deepEqual([...raised].filter((c) => !REG.has(c)).sort(), []);
});

test('every code TypeScript raises is registered', (t) => {
  const raised = new Set<string>();
  for (const file of ['api', 'core', 'workers', 'ops'].flatMap(tsSources)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/new AppError\(\s*'([a-z0-9_]+)'/g)) raised.add(m[1]);
  }
  t.true(raised.size > 20, `found the TypeScript refusals (${raised.size})`);
  t.deepEqual([...raised].filter((c) => !REG.has(c)).sort(), []);
});

test('in test mode an unregistered code is an error, not a silent 400', (t) => {
  t.is(process.env.PODIUM_TEST_MODE, '1');
  t.throws(() => new AppError('no_such_code_anywhere', 'x'), { message: /not registered in sql\/ERROR_CODES\.md/ });
  t.is(new AppError('not_found', 'x').status, 404);
});
