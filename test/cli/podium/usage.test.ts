// `podium` usage: help, unknown commands and options, per-command --help, in process; and
// the bin launcher itself, spawned, answering main's exit code. Nothing here may touch the
// database, so it must still be empty afterwards. Serial: the spawned bin boots TypeScript
// (seconds of CPU on a loaded 2-core machine).
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { parseJson, podium, runPodium } from './run.ts';

const COMMANDS = ['start', 'migrate', 'setup', 'workspace create', 'member add', 'key create', 'mail list', 'mail show', 'account erase'];

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test.serial('podium --help lists every command and exits 0', async (t) => {
  const r = await runPodium(db, ['--help']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Usage: podium <command> \[options\]$/m);
  for (const c of COMMANDS) t.regex(r.stdout, new RegExp(`^  ${c}\\s{2,}\\S`, 'm'), `help lists ${c}`);
  t.is(r.stderr, '');
});

test.serial('the bin launcher exits with the code main answers: 0 for --help, 4 for a bad configuration', async (t) => {
  const help = await podium(db, ['--help']);
  t.is(help.code, 0, help.stderr);
  t.regex(help.stdout, /^podium: run and administer a Podium server\n/);
  t.is(help.stderr, '');
  const bad = await podium(db, ['workspace', 'create', 'Nope'], { env: { AUTH_SECRET: 'too-short' } });
  t.is(bad.code, 4);
  t.is(bad.stdout, '');
  t.regex(bad.stderr, /^podium: AUTH_SECRET must be at least 32 characters/);
});

test.serial('podium help is the same list', async (t) => {
  const [a, b] = await Promise.all([runPodium(db, ['help']), runPodium(db, ['--help'])]);
  t.is(a.code, 0);
  t.is(a.stdout, b.stdout);
});

test.serial('podium with no arguments prints the help and exits 1', async (t) => {
  const r = await runPodium(db, []);
  t.is(r.code, 1);
  for (const c of COMMANDS) t.true(r.stdout.includes(`  ${c}`), `help lists ${c}`);
});

test.serial('an unknown command exits 1 naming it, with the help on stderr', async (t) => {
  const r = await runPodium(db, ['frobnicate', '--json']);
  t.is(r.code, 1);
  t.is(r.stdout, '');
  t.regex(r.stderr, /unknown command frobnicate/);
  t.regex(r.stderr, /Usage: podium <command>/);
});

test.serial('a command group without its verb is an unknown command', async (t) => {
  for (const args of [['workspace'], ['key', 'delete'], ['member']]) {
    const r = await runPodium(db, args);
    t.is(r.code, 1, args.join(' '));
    t.regex(r.stderr, new RegExp(`unknown command ${args.join(' ')}`));
  }
});

test.serial('an unknown option exits 1 naming the option and printing the usage', async (t) => {
  const r = await runPodium(db, ['setup', '--bogus']);
  t.is(r.code, 1);
  t.is(r.stdout, '');
  t.regex(r.stderr, /unknown option --bogus/);
  t.regex(r.stderr, /Usage: podium setup /);
});

test.serial('an unknown option is refused before any other check or database work', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--email', 'owner@acme.test', '--tool', 'deck', '--scope', 'x', '--json']);
  t.is(r.code, 1);
  t.is(r.stdout, '');
  t.regex(parseJson(r.stderr).error.message, /unknown option --scope/);
});

for (const c of COMMANDS) {
  test.serial(`podium ${c} --help prints its usage and exits 0`, async (t) => {
    const r = await runPodium(db, [...c.split(' '), '--help']);
    t.is(r.code, 0, r.stderr);
    t.true(r.stdout.startsWith(`Usage: podium ${c}`), r.stdout);
    t.is(r.stderr, '');
  });
}

test.serial('--help wins over other options, even unknown ones', async (t) => {
  const r = await runPodium(db, ['key', 'create', '--bogus', '--help']);
  t.is(r.code, 0);
  t.regex(r.stdout, /^Usage: podium key create --email <e> --tool deck\|hackathon/);
});

test.after('none of the above wrote anything to the database', async (t) => {
  const { rows } = await db.pool.query(
    'select (select count(*) from app.workspaces)::int as ws, (select count(*) from app.users)::int as users, (select count(*) from app_private.api_keys)::int as keys',
  );
  t.deepEqual(rows[0], { ws: 0, users: 0, keys: 0 });
});
