// `podium account erase --email <e> [--yes]` (app_private.erase_account): the
// confirmation (a terminal asks for the address again; without one --yes is required), then
// the person is gone: no sign-in (password, emailed code, key, session), no name or email
// anywhere in the database, memberships left, roster rows detached, names in the live log
// scrubbed; the account row and what points at it stay. A second run says so; an unknown
// address is a clear error; the freed address makes a new account.
import test from 'ava';
import { PassThrough, Readable, Writable } from 'node:stream';
import { main } from '../../../cli/podium/main.ts';
import type { Io } from '../../../cli/lib/io.ts';
import { createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { cookieFrom, http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../../helpers/server.ts';
import { startSmtp } from '../../../ops/harness/smtp.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PASSWORD = 'correct horse battery staple';
let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let wsId: string;
let owner: Person;
let pat: Person;
let patCookie: string;
let eventId: string;
let liveId: number;

test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ worker: true, env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  const w = await eventWorkspace(s.db.pool, 'Acme');
  wsId = w.ws.id;
  owner = w.owner;
  pat = await person(s.db.pool, wsId, 'Pat@Acme.test');
  await s.db.pool.query(`update app.users set name = 'Pat Person' where id = $1`, [pat.userId]);
  await seed.password(s.db.pool, pat.userId, PASSWORD);
  const login = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: pat.email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(login.text);
  patCookie = cookieFrom(login);
  eventId = (await createEvent(s.url, owner.key, Date.now() + 24 * HOUR)).id;
  await importRoster(s.url, owner.key, [{ email: 'pat@acme.test', name: 'Pat Person', team: 'Red' }, { email: 'sam@acme.test', team: 'Red' }]);
  await s.db.pool.query(`update app.roster_entries set github_login = 'patcodes' where lower(email) = 'pat@acme.test'`);
  const red = (await teamIds(s.db.pool, wsId)).Red!;
  // A post of Pat's in the live log, naming Pat as its author (and in a reaction list).
  liveId = Number((await s.db.pool.query(`select app_private.live_publish($1, 'post.created', array['participant', 'advisor', 'organizer'], $2, $3) as id`, [
    eventId, red, JSON.stringify({ channelId: 'c', post: { id: 'p1', body: 'my post', author: { id: pat.userId, name: 'Pat Person', email: 'pat@acme.test' }, reactions: [{ by: [{ id: pat.userId, name: 'Pat Person' }, { id: owner.userId, name: 'Olive' }] }] } }),
  ])).rows[0].id);
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

/** Runs `podium` in process; `tty` makes stdin a terminal that answers `answer`. */
async function podium(args: string[], opts: { tty?: boolean; answer?: string } = {}) {
  let stdout = '';
  let stderr = '';
  const stdin = opts.tty ? Object.assign(new PassThrough(), { isTTY: true }) : Readable.from([]);
  if (opts.tty && opts.answer !== undefined) setImmediate(() => (stdin as PassThrough).write(opts.answer + '\n'));
  const io: Io = {
    stdout: { write: (x: string) => (stdout += x) },
    // A real stream: the terminal prompt (readline) writes its question to it.
    stderr: new Writable({ write: (chunk, _enc, done) => ((stderr += chunk.toString()), done()) }),
    stdin,
    env: { DATABASE_URL: s.db.url, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'podium-erase-')), LOG_LEVEL: 'silent' },
  };
  const code = await main(['account', 'erase', ...args], io);
  return { code, stdout, stderr };
}

const user = async (id: string) => (await s.db.pool.query('select email, name, erased_at, two_factor_enabled from app.users where id = $1', [id])).rows[0];

test.serial('without --yes and without a terminal it refuses with a sentence (exit 2) and erases nothing', async (t) => {
  const r = await podium(['--email', pat.email]);
  t.is(r.code, 2);
  t.regex(r.stderr, /^podium: Refusing to erase Pat@Acme\.test without a confirmation: run it in a terminal to confirm, or pass --yes\n$/);
  t.is((await user(pat.userId)).erased_at, null);
});

test.serial('on a terminal it asks for the address again; a different answer erases nothing (exit 2)', async (t) => {
  const r = await podium(['--email', pat.email], { tty: true, answer: 'someone@else.test' });
  t.is(r.code, 2, r.stderr);
  t.regex(r.stderr, /erases the account Pat@Acme\.test for good/);
  t.regex(r.stderr, /Type the email address again to erase it: /);
  t.regex(r.stderr, /The address typed does not match; nothing was erased/);
  t.is((await user(pat.userId)).erased_at, null);
});

test.serial('an unknown address is a clear error (account_not_found, exit 2)', async (t) => {
  const r = await podium(['--email', 'nobody@acme.test', '--yes']);
  t.is(r.code, 2);
  t.is(r.stderr, 'podium: No account uses nobody@acme.test (account_not_found)\n');
  const j = await podium(['--email', 'nobody@acme.test', '--yes', '--json']);
  t.is(JSON.parse(j.stderr).error.code, 'account_not_found');
  t.is((await podium(['--email', 'not-an-address', '--yes'])).code, 2);
});

test.serial('confirmed on the terminal (the address in any case), the person is erased in one go', async (t) => {
  const r = await podium(['--email', pat.email], { tty: true, answer: 'pat@acme.TEST' });
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, new RegExp(`^Erased Pat@Acme\\.test \\(account ${pat.userId}\\): sign-in, 1 key, 1 session and 0 demo passes removed; name and email gone; left 1 workspace; 1 roster row detached\\. Their posts stay as \\(erased account\\)\\.\\n$`));
  const u = await user(pat.userId);
  t.is(u.name, null);
  t.is(u.email, `erased-${pat.userId}@erased.invalid`);
  t.truthy(u.erased_at);
});

test.serial('after erasure: no password, emailed code, key or session signs in', async (t) => {
  const pw = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: pat.email, password: PASSWORD } });
  t.is(pw.status, 401);
  t.is(pw.body.error.code, 'invalid_credentials');
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: pat.key })).status, 401);
  t.is((await http(s.url, 'GET', '/api/v1/me', { cookie: patCookie })).status, 401);
  // The emailed code: the old address has no account (no code, no mail); the tombstone gets no code either.
  for (const email of [pat.email, `erased-${pat.userId}@erased.invalid`]) {
    const req = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email, tool: 'hackathon' } });
    t.is(req.status, 200);
  }
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.login_codes where user_id = $1', [pat.userId])).rows[0].n, 0);
  const done = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: `erased-${pat.userId}@erased.invalid`, code: '123456', tool: 'hackathon' } });
  t.is(done.status, 400);
  t.is(done.body.error.code, 'invalid_code');
  // No credential can be made for the account by any path.
  for (const sql of [
    `insert into app_private.sessions (token_hash, user_id, expires_at) values ('\\x00', $1, now() + interval '1 day')`,
    `insert into app_private.user_secrets (user_id, password_hash) values ($1, 'x')`,
    `insert into app_private.api_keys (user_id, token_hash, tool, name, scopes, created_via) values ($1, '\\x01', 'hackathon', 'k', '{hackathon:read}', 'operator')`,
  ]) {
    const err = await s.db.pool.query(sql, [pat.userId]).then(() => null, (e) => e);
    t.is(err?.detail, 'unauthorized', sql);
  }
  await s.db.pool.query(`insert into app_private.login_codes (user_id, tool, code_hash, expires_at) values ($1, 'deck', '\\x02', now() + interval '1 hour')`, [pat.userId]);
  t.is((await s.db.pool.query('select count(*)::int as n from app_private.login_codes where user_id = $1', [pat.userId])).rows[0].n, 0, 'a code is dropped silently');
});

test.serial('after erasure: the name and the address are nowhere in the database; the roster row stays, detached', async (t) => {
  const { rows: tables } = await s.db.pool.query(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('app', 'app_private') order by 1`,
  );
  const found: string[] = [];
  for (const { t: table } of tables) {
    const { rows } = await s.db.pool.query(`select count(*)::int as n from ${table} x where x::text ilike '%pat@acme.test%' or x::text ilike '%Pat Person%' or x::text ilike '%patcodes%'`);
    if (rows[0].n > 0) found.push(`${table}: ${rows[0].n}`);
  }
  t.deepEqual(found, []);
  const roster = (await s.db.pool.query(`select email, name, role, team_id, github_login from app.roster_entries where email like 'erased-%'`)).rows;
  t.is(roster.length, 1);
  t.like(roster[0], { email: `erased-${pat.userId}@erased.invalid`, name: '(erased account)', role: 'participant', github_login: null });
  t.truthy(roster[0].team_id, 'still on its team');
  const listed = await http(s.url, 'GET', '/api/v1/event/roster', { key: owner.key });
  t.true(listed.body.items.some((r: { name: string }) => r.name === '(erased account)'));
  t.is((await s.db.pool.query('select count(*)::int as n from app.memberships where user_id = $1', [pat.userId])).rows[0].n, 0);
});

test.serial('after erasure: the post stays in the live log, its author shown as (erased account); other people keep their names', async (t) => {
  const { rows } = await s.db.pool.query('select payload from app_private.live_events where id = $1', [liveId]);
  t.is(rows.length, 1);
  const post = rows[0].payload.post;
  t.deepEqual(post.author, { id: pat.userId, name: '(erased account)' });
  t.deepEqual(post.reactions[0].by, [{ id: pat.userId, name: '(erased account)' }, { id: owner.userId, name: 'Olive' }]);
  t.is(post.body, 'my post');
});

test.serial('a second run says the account was already erased (exit 0), by the address it had', async (t) => {
  const r = await podium(['--email', 'PAT@acme.test', '--yes']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, new RegExp(`^PAT@acme\\.test was already erased on \\S+ \\(account ${pat.userId}\\); nothing left to erase\\n$`));
  const j = await podium(['--email', pat.email, '--yes', '--json']);
  t.like(JSON.parse(j.stdout), { erased: false, userId: pat.userId });
});

test.serial('the freed address makes a new account, which signs in and is not the erased one', async (t) => {
  const added = await seed.member(s.db.pool, wsId, 'pat@acme.test', 'member');
  t.not(added.userId, pat.userId);
  await seed.password(s.db.pool, added.userId, 'another fine password');
  const login = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: 'pat@acme.test', password: 'another fine password' } });
  t.is(login.status, 200);
  t.is(login.body.userId, added.userId);
  // The new account is not on the roster by the erased row (it was detached).
  const me = await http(s.url, 'GET', '/api/v1/event/stream', { cookie: cookieFrom(login) });
  t.is(me.status, 403);
  t.is(me.body.error.code, 'not_on_roster');
  // Erasing it works too, and a later run for that address names the newest erasure.
  const r = await podium(['--email', 'pat@acme.test', '--yes', '--json']);
  t.like(JSON.parse(r.stdout), { erased: true, userId: added.userId, sessions: 1 });
  t.like(JSON.parse((await podium(['--email', 'pat@acme.test', '--yes', '--json'])).stdout), { erased: false, userId: added.userId });
});

test.serial('the last owner erased: the workspace is named so the operator adds an owner', async (t) => {
  const w = await eventWorkspace(s.db.pool, 'Solo');
  const r = await podium(['--email', w.owner.email, '--yes']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stderr, new RegExp(`^Workspace Solo has no owner now: add one with podium member add ${w.ws.id} <email> --role owner\\n$`));
});
