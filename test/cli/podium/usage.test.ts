// `podium` usage: help, unknown commands and options, per-command --help. Nothing here
// may touch the database, so it must still be empty afterwards. Serial: each case boots the
// TypeScript bin (seconds of CPU); seventeen at once on a loaded 2-core machine outran the
// runner's 60 s guard.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { parseJson, podium } from './run.ts';

const COMMANDS = ['start', 'migrate', 'setup', 'workspace create', 'member add', 'key create', 'account erase'];

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test.serial('podium --help lists every command and exits 0', async (t) => {
  const r = await podium(db, ['--help']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Usage: podium <command> \[options\]$/m);
  for (const c of COMMANDS) t.regex(r.stdout, new RegExp(`^  ${c}\\s{2,}\\S`, 'm'), `help lists ${c}`);
  t.is(r.stderr, '');
});

test.serial('podium help is the same list', async (t) => {
  const [a, b] = await Promise.all([podium(db, ['help']), podium(db, ['--help'])]);
  t.is(a.code, 0);
  t.is(a.stdout, b.stdout);
});

test.serial('podium with no arguments prints the help and exits 1', async (t) => {
  const r = await podium(db, []);
  t.is(r.code, 1);
  for (const c of COMMANDS) t.true(r.stdout.includes(`  ${c}`), `help lists ${c}`);
});

test.serial('an unknown command exits 1 naming it, with the help on stderr', async (t) => {
  const r = await podium(db, ['frobnicate', '--json']);
  t.is(r.code, 1);
  t.is(r.stdout, '');
  t.regex(r.stderr, /unknown command frobnicate/);
  t.regex(r.stderr, /Usage: podium <command>/);
});

test.serial('a command group without its verb is an unknown command', async (t) => {
  for (const args of [['workspace'], ['key', 'delete'], ['member']]) {
    const r = await podium(db, args);
    t.is(r.code, 1, args.join(' '));
    t.regex(r.stderr, new RegExp(`unknown command ${args.join(' ')}`));
  }
});

test.serial('an unknown option exits 1 naming the option and printing the usage', async (t) => {
  const r = await podium(db, ['setup', '--bogus']);
  t.is(r.code, 1);
  t.is(r.stdout, '');
  t.regex(r.stderr, /unknown option --bogus/);
  t.regex(r.stderr, /Usage: podium setup /);
});

test.serial('an unknown option is refused before any other check or database work', async (t) => {
  const r = await podium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--scope', 'x', '--json']);
  t.is(r.code, 1);
  t.is(r.stdout, '');
  t.regex(parseJson(r.stderr).error.message, /unknown option --scope/);
});

for (const c of COMMANDS) {
  test.serial(`podium ${c} --help prints its usage and exits 0`, async (t) => {
    const r = await podium(db, [...c.split(' '), '--help']);
    t.is(r.code, 0, r.stderr);
    t.true(r.stdout.startsWith(`Usage: podium ${c}`), r.stdout);
    t.is(r.stderr, '');
  });
}

test.serial('--help wins over other options, even unknown ones', async (t) => {
  const r = await podium(db, ['key', 'create', '--bogus', '--help']);
  t.is(r.code, 0);
  t.regex(r.stdout, /^Usage: podium key create --email <e> --tool deck\|hackathon/);
});

test.after('none of the above wrote anything to the database', async (t) => {
  const { rows } = await db.pool.query(
    'select (select count(*) from app.workspaces)::int as ws, (select count(*) from app.users)::int as users, (select count(*) from app_private.api_keys)::int as keys',
  );
  t.deepEqual(rows[0], { ws: 0, users: 0, keys: 0 });
});
