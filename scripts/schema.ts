// `npm run schema`: regenerates sql/schema.sql from a migrated copy of the test template
// (DATABASE_URL names the server; pg_dump of the same major version must be on PATH).
import { writeFileSync } from 'node:fs';
import { dumpSchema, SCHEMA_FILE } from '../core/db/schema-dump.ts';
import { createTestDatabase } from '../test/helpers/db.ts';

const db = await createTestDatabase();
try {
  const { text, serverMajor, dumpMajor } = await dumpSchema(db.url);
  if (serverMajor !== dumpMajor) throw new Error(`pg_dump ${dumpMajor} cannot give a stable dump of PostgreSQL ${serverMajor}: put pg_dump ${serverMajor} on PATH`);
  writeFileSync(SCHEMA_FILE, text);
  process.stdout.write(`Wrote ${SCHEMA_FILE} (${text.split('\n').length} lines, PostgreSQL ${serverMajor})\n`);
} finally {
  await db.drop();
}
