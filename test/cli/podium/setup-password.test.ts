// `podium setup` and the owner's password: on a terminal it asks for
// one with hidden input (raw mode, nothing echoed); an empty answer, or no terminal and no
// --password-stdin, makes an owner who signs in by emailed code, and setup says how; with
// EMAIL_DRIVER=none such an owner could never sign in, so setup refuses and creates nothing.
import test from 'ava';
import argon2 from 'argon2';
import { PassThrough } from 'node:stream';
import { main } from '../../../cli/podium/main.ts';
import type { Io } from '../../../cli/lib/io.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { until } from '../../../ops/harness/until.ts';
import { CLI_AUTH_SECRET } from './run.ts';

const dbs: TestDatabase[] = [];
test.after.always(async () => {
  for (const db of dbs) await db.drop();
});

/** podium setup in-process on a fresh database; `typed` is what the person types at the (fake) terminal. */
async function setupOnTerminal(typed: string | null, extraEnv: Record<string, string> = {}) {
  const db = await createTestDatabase();
  dbs.push(db);
  const stdin = Object.assign(new PassThrough(), { isTTY: typed !== null, rawModes: [] as boolean[] });
  (stdin as unknown as { setRawMode: (m: boolean) => void }).setRawMode = (m: boolean) => void stdin.rawModes.push(m);
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: { write: (s: string) => (stdout += s), isTTY: typed !== null },
    stderr: { write: (s: string) => (stderr += s) },
    stdin,
    env: { DATABASE_URL: db.url, AUTH_SECRET: CLI_AUTH_SECRET, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:8080', ...extraEnv },
  };
  const done = main(['setup', '--workspace', 'Acme', '--email', 'olive@acme.test'], io);
  if (typed !== null) {
    await until('the password prompt', async () => stderr.includes('Password for olive@acme.test'), 30_000, 10);
    stdin.write(typed);
  } else stdin.end();
  const code = await done;
  const { rows } = await db.pool.query(`select u.email, s.password_hash from app.users u left join app_private.user_secrets s on s.user_id = u.id`);
  return { code, stdout, stderr, users: rows as { email: string; password_hash: string | null }[], rawModes: stdin.rawModes };
}

test('on a terminal setup asks for the password without echoing it, and the owner has it', async (t) => {
  const r = await setupOnTerminal('correct horse battery staplx\x7fe\r');
  t.is(r.code, 0, r.stderr);
  t.regex(r.stderr, /^Password for olive@acme\.test \(at least 12 characters; empty: sign in with an emailed code instead\): \n$/);
  t.false(r.stderr.includes('correct horse'), 'nothing echoed');
  t.deepEqual(r.rawModes, [true, false], 'raw mode on while typing, off after');
  t.is(r.users.length, 1);
  t.true(await argon2.verify(r.users[0]!.password_hash!, 'correct horse battery staple'), 'Backspace edits the typed password');
});

test('a short password typed at the terminal exits 2 and creates nothing', async (t) => {
  const r = await setupOnTerminal('short\r');
  t.is(r.code, 2);
  t.regex(r.stderr, /the password needs at least 12 characters/);
  t.deepEqual(r.users, []);
});

test('Ctrl-C at the prompt cancels: exit 1, nothing created', async (t) => {
  const r = await setupOnTerminal('abc\x03');
  t.is(r.code, 1);
  t.regex(r.stderr, /the password: cancelled/);
  t.deepEqual(r.users, []);
});

test('an empty answer makes an owner who signs in by code, and setup says where the code goes', async (t) => {
  const r = await setupOnTerminal('\r');
  t.is(r.code, 0, r.stderr);
  t.is(r.users.length, 1);
  t.is(r.users[0]!.password_hash ?? null, null);
  t.regex(r.stderr, /olive@acme\.test has no password: sign in at http:\/\/127\.0\.0\.1:8080\/signin\/code with an emailed code \(it waits in the outbox: npx podium mail list\)/);
});

test('no terminal and no --password-stdin: no prompt, the note names --password-stdin', async (t) => {
  const r = await setupOnTerminal(null);
  t.is(r.code, 0, r.stderr);
  t.false(r.stderr.includes('Password for'));
  t.regex(r.stderr, /--password-stdin/);
  t.is(r.users[0]!.password_hash ?? null, null);
});

test('EMAIL_DRIVER=none and no password: refused (the owner could never sign in), nothing created', async (t) => {
  const r = await setupOnTerminal(null, { EMAIL_DRIVER: 'none' });
  t.is(r.code, 2);
  t.regex(r.stderr, /EMAIL_DRIVER=none mails no sign-in codes, so an owner without a password could never sign in: give one with --password-stdin/);
  t.deepEqual(r.users, []);
});
