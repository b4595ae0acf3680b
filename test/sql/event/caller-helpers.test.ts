// The event preamble helpers: role_ctx and organizer_ctx check the credential's scope first,
// then the caller's roster role, and answer the caller's event context.
import test from 'ava';
import { asOwnerFor, asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import * as seed from '../../../ops/harness/seed.ts';

let db: TestDatabase;
let ws: { id: string };
let owner: string, part: string, jury: string, stranger: string;

test.before(async () => {
  db = await createTestDatabase();
  ws = await seed.workspace(db.pool, 'Alpha');
  owner = (await seed.member(db.pool, ws.id, 'owner@a.test', 'owner')).userId;
  part = (await seed.member(db.pool, ws.id, 'part@a.test')).userId;
  jury = (await seed.member(db.pool, ws.id, 'jury@a.test')).userId;
  stranger = (await seed.member(db.pool, ws.id, 'stranger@a.test')).userId;
  const asOwner = asUser(db.pool, owner, ws.id, 'owner', ['hackathon:read', 'hackathon:write']);
  await asOwner((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await asOwner((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([
    { email: 'part@a.test', team: 'Rocket' }, { email: 'jury@a.test', role: 'jury' },
  ])]));
});
test.after.always(() => db?.drop());

// As the security-definer event functions call them: the owner role, the caller's settings.
const call = (user: string, scopes: string[], sql: string) =>
  asOwnerFor(db.pool, user, ws.id, user === owner ? 'owner' : 'member', scopes)((c) => c.query(sql));
const codeOf = async (p: Promise<unknown>) => ((await p.then(() => null, (e) => e)) as { detail?: string } | null)?.detail;

test('organizer_ctx answers the organizer its event context', async (t) => {
  const { rows } = await call(owner, ['hackathon:write'], `select (app_private.organizer_ctx('hackathon:write')).*`);
  t.is(rows[0].role, 'organizer');
  t.is(rows[0].workspace_id, ws.id);
  t.truthy(rows[0].event_id);
});

test('organizer_ctx checks the scope before the role', async (t) => {
  t.is(await codeOf(call(owner, ['hackathon:read'], `select app_private.organizer_ctx('hackathon:write')`)), 'insufficient_scope');
  t.is(await codeOf(call(stranger, ['hackathon:read'], `select app_private.organizer_ctx('hackathon:write')`)), 'insufficient_scope');
});

test('organizer_ctx refuses participants, jury and people off the roster with their codes', async (t) => {
  t.is(await codeOf(call(part, ['hackathon:write'], `select app_private.organizer_ctx('hackathon:write')`)), 'insufficient_event_role');
  t.is(await codeOf(call(jury, ['hackathon:write'], `select app_private.organizer_ctx('hackathon:write')`)), 'insufficient_event_role');
  t.is(await codeOf(call(stranger, ['hackathon:write'], `select app_private.organizer_ctx('hackathon:write')`)), 'not_on_roster');
});

test('role_ctx admits each role it names and no other', async (t) => {
  const sql = `select (app_private.role_ctx('hackathon:read', array['participant', 'organizer'])).role`;
  t.is((await call(part, ['hackathon:read'], sql)).rows[0].role, 'participant');
  t.is((await call(owner, ['hackathon:read'], sql)).rows[0].role, 'organizer');
  t.is(await codeOf(call(jury, ['hackathon:read'], sql)), 'insufficient_event_role');
});
