// app_private is closed: no function there is executable by PUBLIC, functions made
// by later migrations start closed, and podium_app (every API request, every GraphQL query)
// may execute exactly the list below. A migration that grants podium_app another app_private
// function must add it here, with the reason; one that drops a grant must remove it.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/** What podium_app may execute in app_private, and why it must. */
const PODIUM_APP_EXECUTES: Record<string, string> = {
  // Evaluated as the caller by row-level security policies and views.
  'app_private.deck_role(uuid)': 'deck table policies',
  'app_private.demo_workspace()': 'policies, app.my_api_keys',
  'app_private.event_ctx_or_null()': 'event table policies',
  'app_private.is_member_of(uuid)': 'workspace table policies',
  'app_private.project_role_of(uuid)': 'project table policies',
  'app_private.is_frozen(app.events)': 'app.events_phase, a computed column of app.events run as the caller (000240)',
  // Run by PostGraphile as the caller around a function with a @shape (api/graphql-shapes.ts).
  'app_private.json_shaped(jsonb,regtype)': 'typed GraphQL: a JSON answer checked against its composite type',
  'app_private.normalize_email(text)': 'own-row policies of roster entries, voters and ballots match the caller by address identity (000133)',
  // Called by the API as the caller (withCaller), with values only the server computes.
  'app_private.idempotency_begin(text,text,text)': 'api/routes/support.ts idempotent()',
  'app_private.idempotency_finish(text,text,integer,jsonb)': 'api/routes/support.ts idempotent()',
  'app_private.blob_uploaded(text,bigint)': 'PUT blob: the measured size',
  'app_private.mint_share_link(uuid,bytea,text,integer,boolean,boolean,boolean,integer,text)': 'share links: the secret\'s hash',
  'app_private.rotate_share_secret(uuid,bytea)': 'share links: the secret\'s hash',
  'app_private.mail_share_link(uuid,text,text,text)': 'share by mail: the sealed URL',
  'app_private.create_dashboard_key(bytea,text,text,text,text[],integer,boolean)': 'dashboard keys of either tool: the key\'s hash (000092)',
  'app_private.create_dashboard_key(bytea,text,text,text[],integer,boolean)': 'the deck-only form, kept by 000092 as a wrapper of the one above',
  'app_private.create_demo_passes(text[],bytea[],integer)': 'demo passes: the secrets\' hashes',
  'app_private.list_demo_passes(integer,timestamp with time zone,uuid)': 'demo passes (session-only route)',
  'app_private.revoke_demo_pass(uuid)': 'demo passes (session-only route)',
  'app_private.set_event_github(text,text,text,text,jsonb,boolean)': 'event github: the code host read live',
  'app_private.start_provision(text,uuid,jsonb)': 'admin provision: the code host\'s live problems',
  'app_private.record_submission_exception(uuid,text,text,text,bigint,boolean,boolean)': 'submissions exception: the captured archive',
  // Granted by later migrations of other areas.
  'app_private.live_publish(uuid,text,text[],uuid,jsonb)': '000050 live events',
  'app_private.live_reader(bigint)': '000060 the live stream reads its reader as the caller',
  'app_private.live_backlog(bigint,integer)': '000060 the live stream reads its backlog as the caller (filtered in SQL)',
  'app_private.community_ctx(text,boolean)': '000065 the community functions\' preamble (scope, role, vote section), run as the caller',
  'app_private.community_ballots()': '000067 the organizers\' ballot list, REST-only so every read is audited',
  'app_private.is_instance_operator()': '000260 the outbox list\'s row security (an operator\'s own browser session)',
  'app_private.operator_mail_open(bigint)': '000260 /operator/mail/<id>: a mail\'s text for an operator\'s session, every read recorded',
};

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const executableBy = async (role: string) => (await db.pool.query(
  `select p.oid::regprocedure::text as f from pg_proc p
    where p.pronamespace = 'app_private'::regnamespace and has_function_privilege($1, p.oid, 'execute') order by 1`, [role])).rows.map((r) => r.f as string);

test('no app_private function is executable by PUBLIC', async (t) => {
  const { rows } = await db.pool.query(`select p.oid::regprocedure::text as f from pg_proc p,
      aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
    where p.pronamespace = 'app_private'::regnamespace and a.grantee = 0 and a.privilege_type = 'EXECUTE' order by 1`);
  t.deepEqual(rows.map((r) => r.f), []);
  t.true((await db.pool.query(`select count(*)::int as n from pg_proc where pronamespace = 'app_private'::regnamespace`)).rows[0].n > 100,
    'the positive control: the schema has its functions');
});

test('podium_app executes exactly the listed app_private functions', async (t) => {
  t.deepEqual(await executableBy('podium_app'), Object.keys(PODIUM_APP_EXECUTES).sort());
});

test('a function a later migration makes starts closed to PUBLIC and to podium_app', async (t) => {
  const c = await db.pool.connect();
  try {
    await c.query('begin');
    await c.query(`create function app_private.made_later() returns int language sql as 'select 1'`);
    const { rows } = await c.query(`select has_function_privilege('podium_app', 'app_private.made_later()', 'execute') as app,
      has_function_privilege('public', 'app_private.made_later()', 'execute') as public`);
    t.deepEqual(rows[0], { app: false, public: false });
  } finally {
    await c.query('rollback');
    c.release();
  }
});

test('every app_private function a policy or a view evaluates is on the list', async (t) => {
  const { rows } = await db.pool.query(`
    select distinct 'app_private.' || m[1] as name from (
      select coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr from pg_policies where schemaname in ('app', 'app_private')
      union all select definition from pg_views where schemaname in ('app', 'app_private')
    ) x, regexp_matches(x.expr, 'app_private\\.(\\w+)\\(', 'g') m order by 1`);
  const listed = new Set(Object.keys(PODIUM_APP_EXECUTES).map((f) => f.slice(0, f.indexOf('('))));
  t.true(rows.length >= 5, 'the positive control: the policies call their helpers');
  t.deepEqual(rows.map((r) => r.name).filter((n) => !listed.has(n)), []);
});

test('podium_app is refused an unlisted function', async (t) => {
  const c = await db.pool.connect();
  try {
    await c.query('begin');
    await c.query(`set local role podium_app`);
    await t.throwsAsync(c.query(`select app_private.email_fold('a@b.c')`), { message: /permission denied for function email_fold/ });
  } finally {
    await c.query('rollback');
    c.release();
  }
});
