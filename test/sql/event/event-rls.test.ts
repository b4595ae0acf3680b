// Row-level security of the event tables: an allow and a deny for each policy; the API role
// writes nothing directly; the vote_off gate; signed-in tracking for roster show.
import test from 'ava';
import { asAnon, asOwnerFor, asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

const RW = ['hackathon:read', 'hackathon:write'];
let db: TestDatabase;
let ws: { id: string }, other: { id: string };
let owner: string, part: string, part2: string, jury: string, stranger: string, guest: string, outsider: string;
let rocket: string, comet: string, hidden: string;

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
  other = await seed.workspace(db.pool, 'Beta');
  owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  part = (await seed.member(db.pool, ws.id, 'part@a.test')).userId;
  part2 = (await seed.member(db.pool, ws.id, 'part2@a.test')).userId;
  jury = (await seed.member(db.pool, ws.id, 'jury@a.test')).userId;
  stranger = (await seed.member(db.pool, ws.id, 'stranger@a.test')).userId;
  guest = (await seed.member(db.pool, ws.id, 'guest@a.test', 'guest')).userId;
  outsider = (await seed.member(db.pool, other.id, 'out@b.test', 'owner')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', RW);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await asOwner((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([
    { email: 'part@a.test', team: 'Rocket' }, { email: 'part2@a.test', team: 'Comet' }, { email: 'jury@a.test', role: 'jury' },
  ])]));
  await asOwner((c) => c.query(`select app.set_agenda($1)`, [JSON.stringify([{ title: 'Kick-off', kind: 'talk', startsAt: '2099-01-01T09:00:00Z' }])]));
  const { rows } = await db.pool.query(`select id, name from app.projects where workspace_id = $1`, [ws.id]);
  rocket = rows.find((r) => r.name === 'Rocket').id;
  comet = rows.find((r) => r.name === 'Comet').id;
  // A project outside the event, with one person entry and one team entry.
  hidden = (await db.pool.query(`insert into app.projects (workspace_id, name) values ($1, 'Hidden') returning id`, [ws.id])).rows[0].id;
  await db.pool.query(`insert into app.project_members (project_id, user_id, role) values ($1, $2, 'viewer')`, [hidden, part]);
  const team = (await db.pool.query(`insert into app.teams (workspace_id, slug, name) values ($1, 'crew', 'Crew') returning id`, [ws.id])).rows[0].id;
  await db.pool.query(`insert into app.team_members (team_id, user_id) values ($1, $2)`, [team, part2]);
  await db.pool.query(`insert into app.project_members (project_id, team_id, role) values ($1, $2, 'editor')`, [hidden, team]);
  await db.pool.query(`insert into app.event_notices (event_id, at, reason, previous_build_ends_at, build_ends_at)
    select id, now(), 'Moved', build_ends_at, build_ends_at from app.events`);
});
test.after.always(() => db?.drop());

const as = (user: string, workspace = ws.id, role = 'member') => asUser(db.pool, user, workspace, role, RW);
const count = async (user: string, sql: string, workspace = ws.id) => (await as(user, workspace)((c) => c.query(sql))).rowCount;

test('every new app table has row-level security on', async (t) => {
  const { rows } = await db.pool.query(`select relname, relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'app' and relname = any ($1)`, [['events', 'event_notices', 'roster_entries', 'event_teams', 'agenda_items', 'projects', 'project_members', 'teams', 'team_members']]);
  t.is(rows.length, 9);
  for (const r of rows) t.true(r.relrowsecurity, r.relname);
});

test('events_select allows anyone on the roster and organizers; denies members off the roster and other workspaces', async (t) => {
  t.is(await count(part, 'select * from app.events'), 1);
  t.is(await count(owner, 'select * from app.events'), 1);
  t.is(await count(stranger, 'select * from app.events'), 0);
  t.is(await count(outsider, 'select * from app.events', other.id), 0);
  t.is(await count(outsider, 'select * from app.events'), 0, 'claiming a workspace you are not in shows nothing');
  t.is((await asAnon(db.pool)((c) => c.query('select * from app.events'))).rowCount, 0);
});

test('event_notices_select and agenda_items_select allow roster people (jury included) and deny members off the roster', async (t) => {
  t.is(await count(part, 'select * from app.event_notices'), 1);
  t.is(await count(jury, 'select * from app.agenda_items'), 1);
  t.is(await count(stranger, 'select * from app.event_notices'), 0);
  t.is(await count(stranger, 'select * from app.agenda_items'), 0);
});

test('roster_entries_select allows organizers the whole roster and a participant only their own row', async (t) => {
  t.is(await count(owner, 'select * from app.roster_entries'), 3);
  const mine = await as(part)((c) => c.query('select email from app.roster_entries'));
  t.deepEqual(mine.rows.map((r) => r.email), ['part@a.test']);
  t.is(await count(stranger, 'select * from app.roster_entries'), 0);
});

test('event_teams_select allows organizers every team and a participant their own; denies jury and strangers', async (t) => {
  t.is(await count(owner, 'select * from app.event_teams'), 2);
  const mine = await as(part)((c) => c.query('select project_id from app.event_teams'));
  t.deepEqual(mine.rows.map((r) => r.project_id), [rocket]);
  t.is(await count(jury, 'select * from app.event_teams'), 0);
  t.is(await count(stranger, 'select * from app.event_teams'), 0);
});

test('projects_select allows owners every project and members their projects (own or team entry); denies others and guests', async (t) => {
  t.is(await count(owner, 'select * from app.projects'), 3);
  const p = await as(part)((c) => c.query('select id from app.projects'));
  t.deepEqual(p.rows.map((r) => r.id), [hidden]);
  const viaTeam = await as(part2)((c) => c.query('select id from app.projects'));
  t.deepEqual(viaTeam.rows.map((r) => r.id), [hidden]);
  t.is(await count(stranger, 'select * from app.projects'), 0);
  await db.pool.query(`insert into app.project_members (project_id, user_id, role) values ($1, $2, 'viewer')`, [comet, guest]);
  t.is(await count(guest, 'select * from app.projects'), 0, 'guests never read projects, even with an entry');
  await db.pool.query(`delete from app.project_members where user_id = $1`, [guest]);
  t.is(await count(outsider, 'select * from app.projects'), 0);
});

test('project_members_select follows the project: allowed when you may read it, denied otherwise', async (t) => {
  t.is(await count(part, 'select * from app.project_members'), 2);
  t.is(await count(stranger, 'select * from app.project_members'), 0);
});

test('teams_select and team_members_select allow members of the workspace; deny other workspaces', async (t) => {
  t.is(await count(stranger, 'select * from app.teams'), 1);
  t.is(await count(stranger, 'select * from app.team_members'), 1);
  t.is(await count(outsider, 'select * from app.teams', other.id), 0);
  t.is(await count(outsider, 'select * from app.team_members'), 0);
});

test('every event table policy asks for hackathon:read: the owner with another tool\'s scopes sees no row', async (t) => {
  const tables = ['events', 'event_notices', 'agenda_items', 'roster_entries', 'event_teams', 'projects', 'project_members', 'teams', 'team_members'];
  for (const [scopes, seen] of [[['hackathon:read'], true], [['hackathon:write', 'presentations:read', 'presentations:write', 'data:export'], false]] as const) {
    const who = asUser(db.pool, owner, ws.id, 'owner', [...scopes]);
    for (const table of tables) {
      const n = (await who((c) => c.query(`select count(*)::int as n from app.${table}`))).rows[0].n;
      t.is(n > 0, seen, `${table} with ${scopes.join(',')}`);
    }
  }
});

test('the API role cannot write event tables directly', async (t) => {
  const o = as(owner);
  await t.throwsAsync(() => o((c) => c.query(`update app.events set version = 99`)), { message: /permission denied/ });
  await t.throwsAsync(() => o((c) => c.query(`delete from app.roster_entries`)), { message: /permission denied/ });
  await t.throwsAsync(() => o((c) => c.query(`insert into app.projects (workspace_id, name) values ($1, 'x')`, [ws.id])), { message: /permission denied/ });
  await t.throwsAsync(() => o((c) => c.query(`update app.event_teams set vote_link = 'x'`)), { message: /permission denied/ });
});

test('write functions check the scope themselves (GraphQL takes any key)', async (t) => {
  const readOnly = asUser(db.pool, owner, ws.id, 'owner', ['hackathon:read']);
  const err = await t.throwsAsync(() => readOnly((c) => c.query(`select app.set_vote_section(true)`)));
  t.is((err as { detail?: string }).detail, 'insufficient_scope');
  const deck = asUser(db.pool, owner, ws.id, 'owner', ['presentations:read']);
  const err2 = await t.throwsAsync(() => deck((c) => c.query(`select app.event_status()`)));
  t.is((err2 as { detail?: string }).detail, 'insufficient_scope');
});

test('require_vote_on raises vote_off while the vote section is off and passes once on', async (t) => {
  const eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
  const gate = asOwnerFor(db.pool, owner, ws.id, 'owner', RW); // as the vote functions (security definer) call it
  const err = await t.throwsAsync(() => gate((c) => c.query('select app_private.require_vote_on($1)', [eventId])));
  t.is((err as { detail?: string }).detail, 'vote_off');
  await as(owner)((c) => c.query('select app.set_vote_section(true)'));
  await t.notThrowsAsync(() => gate((c) => c.query('select app_private.require_vote_on($1)', [eventId])));
  await as(owner)((c) => c.query('select app.set_vote_section(false)'));
});

test('a session or a sign-in key marks the account signed in; an operator key does not', async (t) => {
  const signedIn = async (id: string) => (await db.pool.query('select 1 from app_private.sign_ins where user_id = $1', [id])).rowCount === 1;
  await seed.key(db.pool, 'jury@a.test', 'hackathon');
  t.false(await signedIn(jury), 'operator key');
  await db.pool.query(`insert into app_private.sessions (token_hash, user_id, expires_at) values ('\\x01', $1, now() + interval '1 day')`, [jury]);
  t.true(await signedIn(jury));
  t.false(await signedIn(part));
  await db.pool.query(`insert into app_private.api_keys (user_id, token_hash, tool, name, scopes, created_via) values ($1, '\\x02', 'hackathon', 'cli', '{hackathon:read}', 'email_code')`, [part]);
  t.true(await signedIn(part));
});
