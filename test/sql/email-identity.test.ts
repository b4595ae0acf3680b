// Normalise once, never merge two mailboxes: every place that
// matches a typed or stored address to an account uses app_private.normalize_email (trim,
// ASCII case), never a compatibility fold or lower()'s Unicode case mapping. Each identity
// path gets a look-alike: the Kelvin sign (U+212A, which lower() maps to `k`) and fullwidth
// letters (which NFKC maps to ASCII). The hub path is test/api/hub/identity.test.ts.
// No door lets such a look-alike into a workspace that holds the plain address
// (email_confusable, test/sql/email-look-alikes.test.ts): the look-alike rows here are written
// straight into the tables, as rows from before that refusal, so the identity of every match is still tested.
import test from 'ava';
import { createHash } from 'node:crypto';
import { asOwnerFor, asUser } from '../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import * as seed from '../../ops/harness/seed.ts';

const KELVIN_KATE = '\u212Aate@a.test';
const FULLWIDTH_CAROL = '\uFF23\uFF21\uFF32\uFF2F\uFF2C@a.test';
const RW = ['hackathon:read', 'hackathon:write'];
let db: TestDatabase;
let ws: { id: string };
let owner: string, kate: string, carol: string, jo: string;
let eventId: string;

const hash = (s: string) => createHash('sha256').update(s).digest();
const codeOf = async (p: Promise<unknown>) => ((await p.then(() => null, (e) => e)) as { detail?: string } | null)?.detail;

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
  owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  kate = (await seed.member(db.pool, ws.id, 'kate@a.test')).userId;
  carol = (await seed.member(db.pool, ws.id, 'carol@a.test')).userId;
  jo = (await seed.member(db.pool, ws.id, 'jo@a.test')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', RW);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  // The roster names Kate only through the Kelvin sign, Carol only in fullwidth (rows from before that refusal); Jo in another ASCII case.
  await asOwner((c) => c.query(`select app.import_roster($1, false)`, [JSON.stringify([{ email: 'JO@a.test', team: 'Rocket' }])]));
  eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
  await db.pool.query(`insert into app.roster_entries (event_id, email, role, team_id)
    select $1, x, 'participant', (select id from app.projects where workspace_id = $2 and name = 'Rocket') from unnest($3::text[]) x`,
    [eventId, ws.id, [KELVIN_KATE, FULLWIDTH_CAROL]]);
});
test.after.always(() => db?.drop());

const roleOf = async (user: string) =>
  (await asOwnerFor(db.pool, user, ws.id, 'member', RW)((c) => c.query(`select (app_private.event_ctx_or_null()).*`))).rows[0];

test.serial('identity is trim and ASCII case; the fold is for rate-limit buckets only', async (t) => {
  const { rows } = await db.pool.query(`select app_private.normalize_email($1) as a, app_private.normalize_email($2) as b, app_private.normalize_email($3) as c,
    app_private.email_fold($2) as fb, app_private.email_fold($3) as fc`, [' Kate@A.test ', KELVIN_KATE, FULLWIDTH_CAROL]);
  t.is(rows[0].a, 'kate@a.test');
  t.is(rows[0].b, KELVIN_KATE, 'the Kelvin sign is kept');
  t.is(rows[0].c, FULLWIDTH_CAROL, 'fullwidth letters are kept');
  t.is(rows[0].fb, 'kate@a.test');
  t.is(rows[0].fc, 'carol@a.test');
});

test.serial('roster: a look-alike row gives the account no role; the same address in another ASCII case does', async (t) => {
  t.is((await roleOf(kate)).role, null);
  t.is((await roleOf(carol)).role, null);
  t.is((await roleOf(jo)).role, 'participant');
  t.is(await codeOf(asOwnerFor(db.pool, kate, ws.id, 'member', RW)((c) => c.query(`select app_private.role_ctx('hackathon:read', array['participant'])`))), 'not_on_roster');
});

test.serial('sign-in by code and by password: a look-alike address reaches no account', async (t) => {
  const req = async (email: string) => (await db.pool.query(`select app_private.login_code_request($1, 'deck', $2, 'sealed') as id`, [email, hash(email)])).rows[0].id;
  t.is(await req(KELVIN_KATE), null);
  t.is(await req(FULLWIDTH_CAROL), null);
  t.is(await req(' KATE@a.test'), kate);
  const info = async (email: string) => (await db.pool.query(`select app_private.password_login_info($1) as r`, [email])).rows[0].r;
  t.is(await info(FULLWIDTH_CAROL), null);
  t.is((await info('Carol@A.TEST')).userId, carol);
});

test.serial('invitations: a look-alike is not a member already, and its link is not the account of the plain address', async (t) => {
  t.is(await codeOf(db.pool.query(`select app_private.invite($1, $2, 'member', 'invite', $3, false)`, [ws.id, FULLWIDTH_CAROL, owner])), 'email_confusable',
    'not already_member: a look-alike, refused as one (000270)');
  t.is(await codeOf(db.pool.query(`select app_private.invite($1, $2, 'member', 'invite', $3, false)`, [ws.id, 'CAROL@a.test', owner])), 'already_member');
  // An invitation of the look-alike from before the look-alike refusal.
  const inv = (await db.pool.query(`insert into app_private.invitations (kind, workspace_id, email, role, source, invited_by)
    values ('workspace', $1, $2, 'member', 'invite', $3) returning id`, [ws.id, FULLWIDTH_CAROL, owner])).rows[0];
  await db.pool.query(`select app_private.invitation_issue($1, $2)`, [inv.id, hash('carol-link')]);
  t.is(await codeOf(db.pool.query(`select app_private.accept_invitation($1, $2, null, null)`, [hash('carol-link'), carol])), 'invitation_wrong_account');
  t.is(await codeOf(db.pool.query(`select app_private.accept_invitation($1, null, 'Not Carol', null)`, [hash('carol-link')])), 'email_confusable',
    'no account is made next to carol@a.test');
  t.is((await db.pool.query(`select count(*)::int as n from app.users where email = $1`, [FULLWIDTH_CAROL])).rows[0].n, 0);
  await db.pool.query(`update app_private.invitations set revoked_at = now() where id = $1`, [inv.id]);
});

test.serial('deck collaborators: an invitation to a look-alike is not claimed by the plain account', async (t) => {
  const deck = (await db.pool.query(`insert into app.decks (workspace_id, owner_id, title) values ($1, $2, 'D') returning id`, [ws.id, owner])).rows[0].id;
  const other = (await db.pool.query(`insert into app.decks (workspace_id, owner_id, title) values ($1, $2, 'E') returning id`, [ws.id, owner])).rows[0].id;
  await db.pool.query(`insert into app.deck_collaborators (deck_id, email, invited_by) values ($1, $2, $4), ($3, 'KATE@a.test', $4)`, [deck, KELVIN_KATE, other, owner]);
  t.is((await db.pool.query(`select app_private.claim_collaborations($1) as n`, [kate])).rows[0].n, 1);
  const left = await db.pool.query(`select email from app.deck_collaborators where deck_id in ($1, $2) and user_id is null`, [deck, other]);
  t.deepEqual(left.rows.map((r) => r.email), [KELVIN_KATE]);
});

test.serial('vote voters: a look-alike voter row is not the account of the plain address', async (t) => {
  const team = (await db.pool.query(`select id from app.projects where workspace_id = $1`, [ws.id])).rows[0].id;
  const el = (await db.pool.query(`insert into app.vote_eligibility (event_id, version, locked_at) values ($1, 1, now()) returning id`, [eventId])).rows[0].id;
  await db.pool.query(`insert into app.vote_voters (eligibility_id, event_id, email, team_id, included) values ($1, $2, $3, $4, true), ($1, $2, 'JO@a.test', $4, true)`,
    [el, eventId, KELVIN_KATE, team]);
  const voter = async (user: string) => (await asOwnerFor(db.pool, user, ws.id, 'member', RW)((c) => c.query(`select (app_private.my_voter($1)).id`, [el]))).rows[0].id;
  t.is(await voter(kate), null);
  t.truthy(await voter(jo));
});

test.serial('the local code host: a roster row of a look-alike gives the plain account no repository', async (t) => {
  await db.pool.query(`update app.roster_entries set github_login = 'kate-gh' where email = $1`, [KELVIN_KATE]);
  await db.pool.query(`update app.roster_entries set github_login = 'jo-gh' where email = 'JO@a.test'`);
  await db.pool.query(`insert into app_private.local_repositories (event_id, name_key, full_name) values ($1, 'org/rocket', 'org/rocket')`, [eventId]);
  const of = async (login: string) => (await db.pool.query(`select app_private.local_account_of('org/rocket', $1) as u`, [login])).rows[0].u;
  t.is(await of('kate-gh'), null);
  t.is(await of('jo-gh'), jo);
});

test.serial('the bootstrap record and the code-host username: only the own row, by identity', async (t) => {
  const as = (user: string) => asUser(db.pool, user, ws.id, 'member', RW);
  t.is(await codeOf(as(kate)((c) => c.query(`select app.bootstrap_record()`))), 'not_on_roster');
  t.is(await codeOf(as(kate)((c) => c.query(`select app.set_github_login('kate-codes')`))), 'not_on_roster');
  const rec = (await as(jo)((c) => c.query(`select app.set_github_login('jo-codes') as r`))).rows[0].r;
  t.like(rec, { role: 'participant', githubLogin: 'jo-codes', person: { id: jo } });
  const rows = await db.pool.query(`select email, github_login from app.roster_entries where event_id = $1 and github_login = 'jo-codes'`, [eventId]);
  t.deepEqual(rows.rows, [{ email: 'JO@a.test', github_login: 'jo-codes' }]);
});

test.serial('row security: the own roster row and voter row are read by identity, a look-alike row is not the caller\'s', async (t) => {
  const read = async (user: string, sql: string) => (await asUser(db.pool, user, ws.id, 'member', RW)((c) => c.query(sql))).rows;
  t.deepEqual(await read(kate, 'select email from app.roster_entries'), [], 'Kate does not read the Kelvin row');
  t.deepEqual((await read(jo, 'select email from app.roster_entries')).map((r) => r.email), ['JO@a.test']);
  t.deepEqual(await read(kate, 'select email from app.vote_voters'), []);
});

test.serial('repository access by roster standing: a look-alike row neither gives nor keeps a repository (000134)', async (t) => {
  const team = (await db.pool.query(`select id from app.projects where workspace_id = $1 and name = 'Rocket'`, [ws.id])).rows[0].id;
  // The event's repository of Rocket (an earlier test made it on the local host).
  await db.pool.query('select app_private.set_team_repository($1, $2, $3, $4)', [team, 'org/rocket', 'ready', null]);
  for (const user of [kate, carol, jo]) {
    await db.pool.query(`insert into app_private.local_repository_access (full_name, user_id, permission, accepted_at) values ('org/rocket', $1, 'maintain', now()) on conflict (lower(full_name), user_id) do update set permission = 'maintain', accepted_at = now()`, [user]);
  }
  const perm = async (user: string) => (await db.pool.query('select app_private.local_repository_permission($1, $2, null) as p', ['org/rocket', user])).rows[0].p;
  t.is(await perm(jo), 'maintain', 'the same address in another ASCII case is the person on the roster');
  t.is(await perm(kate), null, 'the Kelvin-sign row is not kate@a.test');
  t.is(await perm(carol), null, 'the fullwidth row is not carol@a.test');
  const byEmail = async (email: string) => (await db.pool.query('select app_private.roster_repository_permission($1, $2, $3) as p', [eventId, 'org/rocket', email])).rows[0].p;
  t.is(await byEmail('jo@a.test'), 'maintain');
  t.is(await byEmail('kate@a.test'), null);
  t.is(await byEmail('carol@a.test'), null);
});

test.serial('two spellings that are two mailboxes are two people in every table; two ASCII cases are one (000240)', async (t) => {
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', RW);
  // The roster: an import naming the plain kate and the Kelvin kate is refused as a look-alike;
  // rows from before it stay two rows, and JO in a third ASCII case stays one row.
  t.is(await codeOf(asOwner((c) => c.query(`select app.import_roster($1, false)`, [JSON.stringify([
    { email: KELVIN_KATE, team: 'Rocket' }, { email: 'kate@a.test', team: 'Rocket' }, { email: 'Jo@A.test', team: 'Rocket' },
  ])]))), 'email_confusable');
  await db.pool.query(`update app.roster_entries set email = 'Jo@A.test' where event_id = $1 and email = 'JO@a.test'`, [eventId]);
  await db.pool.query(`insert into app.roster_entries (event_id, email, role, team_id) select event_id, 'kate@a.test', role, team_id from app.roster_entries where email = 'Jo@A.test'`);
  await t.throwsAsync(db.pool.query(`insert into app.roster_entries (event_id, email, role, team_id) select event_id, 'JO@a.test', role, team_id from app.roster_entries where email = 'Jo@A.test'`),
    { code: '23505' }, 'JO is one row: the same identity');
  const roster = await db.pool.query(`select email from app.roster_entries where event_id = $1 order by email`, [eventId]);
  t.deepEqual(roster.rows.map((r) => r.email).sort(), ['Jo@A.test', 'kate@a.test', FULLWIDTH_CAROL, KELVIN_KATE].sort());
  t.is((await roleOf(kate)).role, 'participant', 'the plain row is kate');
  t.is(await codeOf(asOwner((c) => c.query(`select app.import_roster($1, false)`, [JSON.stringify([
    { email: 'kate@a.test', team: 'Rocket' }, { email: ' KATE@a.test', team: 'Rocket' },
  ])]))), 'invalid_input', 'one address twice in another ASCII case is a duplicate row');
  // The unique indexes key on the identity: the same Kelvin voter and collaborator are refused twice, the plain one is not a duplicate.
  const el = (await db.pool.query(`select id from app.vote_eligibility where event_id = $1`, [eventId])).rows[0].id;
  const team = (await db.pool.query(`select id from app.projects where workspace_id = $1 and name = 'Rocket'`, [ws.id])).rows[0].id;
  await db.pool.query(`insert into app.vote_voters (eligibility_id, event_id, email, team_id, included) values ($1, $2, 'kate@a.test', $3, true)`, [el, eventId, team]);
  await t.throwsAsync(db.pool.query(`insert into app.vote_voters (eligibility_id, event_id, email, team_id, included) values ($1, $2, 'jo@a.TEST', $3, true)`, [el, eventId, team]),
    { code: '23505' }, 'JO@a.test is a voter already: the same identity');
  const deck = (await db.pool.query(`insert into app.decks (workspace_id, owner_id, title) values ($1, $2, 'F') returning id`, [ws.id, owner])).rows[0].id;
  await db.pool.query(`insert into app.deck_collaborators (deck_id, email, invited_by) values ($1, $2, $3), ($1, 'kate@a.test', $3)`, [deck, KELVIN_KATE, owner]);
  t.is((await db.pool.query(`select count(*)::int as n from app.deck_collaborators where deck_id = $1`, [deck])).rows[0].n, 2);
});
