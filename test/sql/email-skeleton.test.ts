// app_private.email_skeleton: the confusable skeleton of Unicode TS #39, computed in
// SQL from app_private.confusables. The table is the npm package unhomoglyph's data
// (confusables.txt), never a hand-written one: it must equal the installed package, and the
// skeleton must equal the one computed with the package itself (NFD, map, NFD) of the
// address's identity in NFKC form, ASCII lower-cased.
import test from 'ava';
import { createRequire } from 'node:module';
import unhomoglyph from 'unhomoglyph';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const DATA = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** The same skeleton with the package, in TypeScript. */
const skeleton = (s: string) => asciiLower(unhomoglyph(asciiLower(s.trim()).normalize('NFKC').normalize('NFD')).normalize('NFD'));

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const sqlSkeletons = async (xs: string[]): Promise<string[]> =>
  (await db.pool.query(`select app_private.email_skeleton(x) as s from unnest($1::text[]) with ordinality u(x, n) order by n`, [xs])).rows.map((r) => r.s);

test('the confusables table is the package\'s data, entry for entry', async (t) => {
  const { rows } = await db.pool.query(`select source, prototype from app_private.confusables`);
  t.is(rows.length, Object.keys(DATA).length);
  t.deepEqual(Object.fromEntries(rows.map((r) => [r.source, r.prototype])), DATA);
});

test('fullwidth, Cyrillic, Greek, the Kelvin sign and mathematical letters share the skeleton of the plain address', async (t) => {
  const looks = ['p1@a.test', '\uFF50\uFF11@a.test', '\u04401@a.test', 'P1@A.test', '\uFF301@a.test', '\u03C11@a.test', '\u{1D429}1@a.test'];
  const got = await sqlSkeletons(looks);
  t.deepEqual(new Set(got), new Set(['pl@a.test']), JSON.stringify(got));
  t.deepEqual(await sqlSkeletons(['\u212Aate@a.test', 'kate@a.test', '\uFF23\uFF21\uFF32\uFF2F\uFF2C@h.test']), ['kate@a.test', 'kate@a.test', 'carol@h.test']);
  t.deepEqual(await sqlSkeletons(['p2@a.test', 'q1@a.test']), ['p2@a.test', 'ql@a.test'], 'a plain distinct address keeps a skeleton of its own');
});

test('the SQL skeleton equals the package\'s for every confusable character in an address', async (t) => {
  const sources = Object.keys(DATA);
  const inputs = [...sources.map((c) => `x${c}y@a.test`), 'Ⅻ@a.test', 'ﬁle@a.test', ' Mixed.Case@Example.TEST ', 'rn@a.test', 'm@a.test', 'e\u0301@a.test', '\u00E9@a.test'];
  const got = await sqlSkeletons(inputs);
  const differ = inputs.filter((s, i) => got[i] !== skeleton(s));
  t.deepEqual(differ, [], `${differ.length} of ${inputs.length} differ`);
});
