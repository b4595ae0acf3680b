// Look-alike addresses: an address that is another identity than one
// already in the workspace but has its confusable skeleton (Unicode TS #39) is refused with
// 409 email_confusable naming both, at every door: member invite (REST, GraphQL, podium
// member invite), roster import (REST, the CLI), podium member add and the invitation page.
// A plain distinct address and the same address again keep their answers; another
// workspace's addresses block nothing (no cross-tenant oracle).
import test from 'ava';
import { main as podiumMain } from '../../cli/podium/main.ts';
import { sha256 } from '../../core/crypto.ts';
import { runInProcess } from '../cli/in-process.ts';
import { makeHome, runHackathon } from '../cli/hackathon/run.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEvent, eventWorkspace, HOUR, person, type Person } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';

const PLAIN = 'p1@a.test';
const FULLWIDTH = '\uFF50\uFF11@a.test'; // ｐ１
const CYRILLIC = '\u04401@a.test'; // р (U+0440) and a digit one
let s: TestServer;
let a: { ws: { id: string; name: string }; owner: Person };
let b: { ws: { id: string; name: string }; owner: Person };
const dir = mkdtempSync(path.join(os.tmpdir(), 'look-alikes-'));

test.before(async () => {
  s = await startTestServer();
  a = await eventWorkspace(s.db.pool, 'Acme');
  b = await eventWorkspace(s.db.pool, 'Beta');
  await person(s.db.pool, a.ws.id, PLAIN);
  await createEvent(s.url, a.owner.key, Date.now() + 2 * HOUR);
  await createEvent(s.url, b.owner.key, Date.now() + 2 * HOUR);
});
test.after.always(() => s?.close());

const invite = (key: string, email: string) => http(s.url, 'POST', '/api/v1/invitations', { key, body: { email, role: 'member' } });
const roster = (key: string, participants: unknown[]) => http(s.url, 'PUT', '/api/v1/event/roster', { key, body: { participants } });
const count = async (sql: string, params: unknown[]) => (await s.db.pool.query(`select count(*)::int as n from ${sql}`, params)).rows[0].n as number;
const invitationsOf = (ws: string, emails: string[]) => count(`app_private.invitations where workspace_id = $1 and email = any ($2)`, [ws, emails]);
const podiumEnv = () => ({ DATABASE_URL: s.db.url, AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: s.config.dataDir, LOG_LEVEL: 'silent', PATH: process.env.PATH });

test.serial('member invite: fullwidth and Cyrillic look-alikes of a member are refused naming both; p2 and the same address keep their answers', async (t) => {
  for (const look of [FULLWIDTH, CYRILLIC]) {
    const r = await invite(a.owner.key, look);
    t.is(r.status, 409, r.text);
    t.like(r.body.error, { code: 'email_confusable', email: look, lookAlike: PLAIN });
    t.true(r.body.error.message.includes(look) && r.body.error.message.includes(PLAIN), r.body.error.message);
    t.regex(r.body.error.message, /a member of this workspace/);
  }
  t.is(await invitationsOf(a.ws.id, [FULLWIDTH, CYRILLIC]), 0, 'nothing written');
  t.is((await invite(a.owner.key, 'p2@a.test')).status, 201, 'a plain distinct address is fine');
  const same = await invite(a.owner.key, 'P1@A.test');
  t.is(same.status, 409);
  t.is(same.body.error.code, 'already_member', 'the same address keeps its answer');
  // A pending invitation is in the workspace too: its look-alike is refused, renewing it is not.
  const pending = await invite(a.owner.key, '\uFF502@a.test');
  t.like(pending.body.error, { code: 'email_confusable', lookAlike: 'p2@a.test' });
  t.regex(pending.body.error.message, /invited to this workspace/);
  t.is((await invite(a.owner.key, 'P2@a.test')).status, 201, 'inviting the same address again renews it');
});

test.serial('GraphQL inviteMember is held by the same rule', async (t) => {
  const r = await http(s.url, 'POST', '/graphql', { key: a.owner.key, body: { query: `mutation { inviteMember(input: { email: "${CYRILLIC}", role: "member" }) { clientMutationId } }` } });
  t.true(JSON.stringify(r.body.errors ?? []).includes(PLAIN), r.text);
  t.is(await invitationsOf(a.ws.id, [CYRILLIC]), 0);
});

test.serial('another workspace\'s member blocks nothing: Beta invites and imports the look-alikes', async (t) => {
  const r = await invite(b.owner.key, FULLWIDTH);
  t.is(r.status, 201, r.text);
  const imported = await roster(b.owner.key, [{ email: FULLWIDTH, team: 'Rocket' }]);
  t.is(imported.status, 200, imported.text);
  t.is(await count(`app.roster_entries r join app.events e on e.id = r.event_id where e.workspace_id = $1 and r.email = $2`, [b.ws.id, FULLWIDTH]), 1);
  // Inside Beta the rule holds as in Acme: the Cyrillic spelling looks like Beta's own invitation.
  t.like((await roster(b.owner.key, [{ email: CYRILLIC, team: 'Rocket' }])).body.error, { code: 'email_confusable', lookAlike: FULLWIDTH });
});

test.serial('roster import: a look-alike of a member, or two rows that look alike, are refused whole', async (t) => {
  const rows = () => count(`app.roster_entries r join app.events e on e.id = r.event_id where e.workspace_id = $1`, [a.ws.id]);
  const teams = () => count(`app.projects where workspace_id = $1`, [a.ws.id]);
  const [rowsBefore, teamsBefore] = [await rows(), await teams()];
  const member = await roster(a.owner.key, [{ email: 'ann@a.test', team: 'Rocket' }, { email: CYRILLIC, team: 'Comet' }]);
  t.is(member.status, 409, member.text);
  t.like(member.body.error, { code: 'email_confusable', email: CYRILLIC, lookAlike: PLAIN });
  const twins = await roster(a.owner.key, [{ email: 'q1@x.test', team: 'Rocket' }, { email: '\uFF511@x.test', team: 'Comet' }]);
  t.is(twins.status, 409, twins.text);
  t.like(twins.body.error, { code: 'email_confusable', email: 'q1@x.test', lookAlike: '\uFF511@x.test' });
  t.regex(twins.body.error.message, /in the same list/);
  t.is(await rows(), rowsBefore, 'no roster row written');
  t.is(await teams(), teamsBefore, 'no team made');
  t.is(await invitationsOf(a.ws.id, ['ann@a.test', 'q1@x.test', '\uFF511@x.test']), 0, 'nobody invited');
  const ok = await roster(a.owner.key, [{ email: PLAIN, team: 'Rocket' }, { email: 'q1@x.test', team: 'Rocket' }]);
  t.is(ok.status, 200, ok.text);
  t.deepEqual(ok.body.invited, ['q1@x.test']);
  // The roster row is in the workspace now: a look-alike invitation of it is refused.
  t.like((await invite(a.owner.key, 'q\uFF11@x.test')).body.error, { code: 'email_confusable', lookAlike: 'q1@x.test' });
});

test.serial('hackathon event roster import says which two addresses look alike (exit 1)', async (t) => {
  const file = path.join(dir, 'roster.json');
  writeFileSync(file, JSON.stringify({ participants: [{ email: PLAIN, team: 'Rocket' }, { email: FULLWIDTH, team: 'Rocket' }] }));
  const r = await runHackathon(['event', 'roster', 'import', '--file', file], { ...makeHome().env, EVENT_URL: s.url, EVENT_API_KEY: a.owner.key });
  t.is(r.code, 1, r.stderr);
  t.true(r.stderr.includes(`${PLAIN} looks like ${FULLWIDTH}`) || r.stderr.includes(`${FULLWIDTH} looks like ${PLAIN}`), r.stderr);
  t.regex(r.stderr, /email_confusable/);
  t.is(r.stdout, '');
});

test.serial('podium member add and member invite refuse a look-alike with exit 5; another workspace takes it', async (t) => {
  for (const verb of [['add', CYRILLIC, '--role', 'member'], ['invite', FULLWIDTH, '--role', 'member']]) {
    const r = await runInProcess('podium', podiumMain, ['member', verb[0]!, 'Acme', ...verb.slice(1)], podiumEnv());
    t.is(r.code, 5, r.stderr);
    t.true(r.stderr.includes(PLAIN) && r.stderr.includes(verb[1]!), r.stderr);
    t.regex(r.stderr, /\(email_confusable\)\n$/);
  }
  t.is(await count(`app.users where email = $1`, [CYRILLIC]), 0, 'no account made');
  const other = await runInProcess('podium', podiumMain, ['member', 'add', 'Beta', '\u04402@a.test', '--role', 'member'], podiumEnv());
  t.is(other.code, 0, other.stderr);
});

test.serial('the invitation page: a link whose address now looks like a member\'s makes no account', async (t) => {
  // An invitation mailed before the look-alike refusal (or before the member joined): the page refuses it.
  const look = '\u0440\uFF11@a.test';
  const inv = (await s.db.pool.query(`insert into app_private.invitations (kind, workspace_id, email, role, source, invited_by)
    values ('workspace', $1, $2, 'member', 'invite', $3) returning id`, [a.ws.id, look, a.owner.userId])).rows[0];
  const secret = 'look-alike-link-secret-0123456789';
  await s.db.pool.query(`select app_private.invitation_issue($1, $2)`, [inv.id, sha256(secret)]);
  const r = await http(s.url, 'POST', `/invitations/${secret}`, {
    raw: new URLSearchParams({ method: 'code' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url },
  });
  t.is(r.status, 409, r.text);
  t.true(r.text.includes(look) && r.text.includes(PLAIN), r.text);
  t.is(await count(`app.users where email = $1`, [look]), 0);
  t.is(await count(`app_private.invitations where id = $1 and accepted_at is null`, [inv.id]), 1, 'the invitation is not spent');
});
