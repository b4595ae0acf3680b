// Prints the statements of a migration that loads the Unicode confusables (UTS #39
// confusables.txt, as the npm package unhomoglyph ships them) into app_private.confusables:
//   node --import tsx scripts/confusables-migration.ts >> sql/migrations/NNNNNN_<what>.sql
// The table is never written by hand: a newer unhomoglyph (a newer Unicode version) is a new
// migration made with this script, and test/sql/email-skeleton.test.ts fails until the table
// equals the installed package's data.
import { createRequire } from 'node:module';

const data = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;
const json = JSON.stringify(data);
if (json.includes('$confusables$')) throw new Error('the data holds the dollar-quote tag');
process.stdout.write(`delete from app_private.confusables;
insert into app_private.confusables (source, prototype)
select x.key, x.value from jsonb_each_text($confusables$${json}$confusables$::jsonb) x;
`);
