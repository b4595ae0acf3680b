// A roster people can sign in from: importing the roster invites every roster person who is
// not a member of the workspace (one mail each, sent by the worker), `roster show` says
// invited or signed in, `--no-invite` skips the mails, a re-import mails nobody twice, and a
// person taken off the roster loses their pending invitation. The new organizer's story:
// 4 roster rows, no `podium member add`, everyone can connect.
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEvent, eventWorkspace, HOUR, person, type Person } from '../../helpers/event.ts';
import { cookieFrom, http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { codeIn, startSmtp, type ReceivedMail } from '../../../ops/harness/smtp.ts';
import { until } from '../../../ops/harness/until.ts';
import { makeHome, runHackathon } from './run.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Person;
let wsId: string;
let env: NodeJS.ProcessEnv;
const dir = mkdtempSync(path.join(os.tmpdir(), 'roster-invites-'));
const rosterFile = (name: string, rows: unknown[]) => {
  const p = path.join(dir, name);
  writeFileSync(p, JSON.stringify({ participants: rows }));
  return p;
};
const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => runHackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: owner.key, ...extra });
const linkIn = (m: ReceivedMail) => /^\s{4}(http\S+\/invitations\/[A-Za-z0-9_-]+)\s*$/m.exec(m.raw.replace(/=\r?\n/g, ''))?.[1];
const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url }, worker: true });
  const w = await eventWorkspace(s.db.pool, 'Acme');
  wsId = w.ws.id;
  owner = w.owner;
  await person(s.db.pool, wsId, 'ann@acme.test');
  await person(s.db.pool, wsId, 'ben@acme.test');
  await createEvent(s.url, owner.key, Date.now() + 2 * HOUR);
  env = makeHome().env;
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

const FOUR = [
  { email: 'ann@acme.test', team: 'Rocket' },
  { email: 'ben@acme.test', team: 'Rocket' },
  { email: 'cleo@example.test', name: 'Cleo', team: 'Comet' },
  { email: 'dev@example.test', team: 'Comet' },
];

test.serial('import invites the two roster people who are not members, one mail each; roster show says invited', async (t) => {
  const r = await run(['event', 'roster', 'import', '--file', rosterFile('four.json', FOUR)]);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'Imported 4 rows\nInvited cleo@example.test\nInvited dev@example.test\n');
  await until('two invitation mails', async () => mailsTo('cleo@example.test').length === 1 && mailsTo('dev@example.test').length === 1);
  t.is(mailsTo('ann@acme.test').length + mailsTo('ben@acme.test').length, 0, 'members get no invitation');
  await until('both invitations mailed', async () => (await run(['event', 'roster', 'show'])).stdout.split('\n').filter((l) => / invited( |$)/.test(l)).length === 2);
  const show = await run(['event', 'roster', 'show']);
  t.regex(show.stdout, /^cleo@example\.test +participant +Comet +no +Cleo +- +maintain \(no repository yet\) +invited$/m);
  t.regex(show.stdout, /^ann@acme\.test +participant +Rocket +no /m);
  const json = JSON.parse((await run(['event', 'roster', 'show', '--json'])).stdout);
  t.like(json.items.find((x: { email: string }) => x.email === 'dev@example.test'), { signedIn: false, invitation: { state: 'pending' } });
});

test.serial('a roster person accepts: account, membership, signed in; then connects with an emailed code and is on the roster', async (t) => {
  const link = linkIn(mailsTo('cleo@example.test')[0]!)!;
  const accepted = await http(s.url, 'POST', new URL(link).pathname, {
    raw: new URLSearchParams({ method: 'code' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url },
  });
  t.is(accepted.status, 303);
  cookieFrom(accepted);
  t.regex((await run(['event', 'roster', 'show'])).stdout, /^cleo@example\.test +participant +Comet +yes +Cleo +- +maintain \(no repository yet\)$/m);
  // The emailed code now serves this account: the CLI sign-in of the spec works.
  const home = makeHome().env;
  const req = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'cleo@example.test', tool: 'hackathon' } });
  t.is(req.status, 200, req.text);
  await until('the sign-in code', async () => mailsTo('cleo@example.test').length === 2);
  const code = codeIn(mailsTo('cleo@example.test')[1]!);
  const done = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'cleo@example.test', code, tool: 'hackathon' } });
  t.is(done.status, 201, done.text);
  const status = await runHackathon(['event', 'status'], { ...home, EVENT_URL: s.url, EVENT_API_KEY: done.body.key });
  t.is(status.code, 0, status.stderr);
  t.regex(status.stdout, /participant/);
});

test.serial('re-import mails nobody twice; --no-invite skips; a person taken off the roster loses a pending invitation', async (t) => {
  const again = await run(['event', 'roster', 'import', '--file', rosterFile('four-again.json', FOUR)]);
  t.is(again.stdout, 'Imported 4 rows\n');
  const noInvite = await run(['event', 'roster', 'import', '--no-invite', '--file', rosterFile('five.json', [...FOUR, { email: 'eve@example.test', team: 'Comet' }])]);
  t.is(noInvite.code, 0, noInvite.stderr);
  t.is(noInvite.stdout, 'Imported 5 rows\n');
  t.regex((await run(['event', 'roster', 'show'])).stdout, /^eve@example\.test +participant +Comet +no +- +maintain \(no repository yet\)$/m);
  const devLink = linkIn(mailsTo('dev@example.test')[0]!)!;
  const without = await run(['event', 'roster', 'import', '--file', rosterFile('three.json', FOUR.slice(0, 3))]);
  t.is(without.stdout, 'Imported 3 rows\nRemoved dev@example.test (Comet)\nRemoved eve@example.test (Comet)\n');
  const dead = await http(s.url, 'GET', new URL(devLink).pathname);
  t.is(dead.status, 404, 'the removed person\'s link no longer works');
  const back = await run(['event', 'roster', 'import', '--file', rosterFile('back.json', FOUR)]);
  t.is(back.stdout, 'Imported 4 rows\nInvited dev@example.test\n', 'coming back means a fresh invitation');
  await until('a second mail to dev', async () => mailsTo('dev@example.test').length === 2);
  const status = await s.db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'mail__send' and j.payload::text like '%invitations/%'`);
  t.is(status.rows[0].n, 0, 'no link in any queued payload');
  t.is(mailsTo('eve@example.test').length, 0);
});
