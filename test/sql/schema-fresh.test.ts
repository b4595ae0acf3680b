// sql/schema.sql is the one place to read the current schema: it must be what the
// migrations make. Regenerate with `npm run schema` when this fails.
// The dump is only stable between equal majors of pg_dump, the server and the committed file
// (CI's PostgreSQL 15 and its client); anywhere else (the embedded default, a newer local
// server) the test reports itself skipped, which fails the run under CI.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { dumpSchema, SCHEMA_FILE } from '../../core/db/schema-dump.ts';
import { createTestDatabase } from '../helpers/db.ts';

const committed = readFileSync(SCHEMA_FILE, 'utf8');
const committedMajor = Number(/PostgreSQL (\d+);/.exec(committed)?.[1]);
const db = await createTestDatabase();
let dump: Awaited<ReturnType<typeof dumpSchema>> | null = null;
try {
  dump = await dumpSchema(db.url);
} catch {
  dump = null; // no pg_dump on this machine
} finally {
  await db.drop();
}
const comparable = dump !== null && dump.dumpMajor === dump.serverMajor && dump.serverMajor === committedMajor;

(comparable ? test : test.skip)(`sql/schema.sql is the dump of the migrated schema (needs pg_dump and PostgreSQL ${committedMajor})`, (t) => {
  const want = dump!.text.split('\n');
  const have = committed.split('\n');
  const i = want.findIndex((l, n) => l !== have[n]);
  // Line by line, so a stale file names its first difference.
  t.true(i === -1 && want.length === have.length, `sql/schema.sql is stale (first difference at line ${i + 1}: ${JSON.stringify(have[i])} should be ${JSON.stringify(want[i])}): run npm run schema`);
});
