// Workspace teams: everyone in the workspace reads them; only owners and admins change them;
// hub-managed teams change only on the hub; slugs are unique; a person joins a team once.
import test from 'ava';
import { person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let ws: { id: string };
let owner: Person, admin: Person, mia: Person, guest: Person;
test.before(async () => {
  s = await startTestServer();
  ws = await seed.workspace(s.db.pool, 'Acme');
  owner = await person(s.db.pool, ws.id, 'owner@acme.test', 'owner');
  admin = await person(s.db.pool, ws.id, 'admin@acme.test', 'admin');
  mia = await person(s.db.pool, ws.id, 'mia@acme.test');
  guest = await person(s.db.pool, ws.id, 'guest@acme.test', 'guest');
});
test.after.always(() => s?.close());

const create = (key: string, slug: string, name = slug) => http(s.url, 'POST', '/api/v1/teams', { key, body: { slug, name } });

test.serial('owners and admins create teams; members may not; slugs are checked and unique', async (t) => {
  const a = await create(owner.key, 'design', 'Design');
  t.is(a.status, 201);
  t.like(a.body, { slug: 'design', name: 'Design', hubManaged: false, memberCount: 0 });
  t.is((await create(admin.key, 'ops')).status, 201);
  const m = await create(mia.key, 'rebels');
  t.is(m.status, 403);
  t.is(m.body.error.code, 'owner_or_admin_required');
  const taken = await create(owner.key, 'design');
  t.is(taken.status, 409);
  t.is(taken.body.error.code, 'slug_taken');
  t.is((await create(owner.key, 'Bad Slug')).body.error.field, 'slug');
});

test.serial('membership: add once, already_in_team, strangers refused, remove; everyone in the workspace reads', async (t) => {
  await create(owner.key, 'crew', 'Crew');
  const add = await http(s.url, 'POST', '/api/v1/teams/crew/members', { key: owner.key, body: { person: mia.email } });
  t.is(add.status, 201);
  t.is(add.body.email, 'mia@acme.test');
  const again = await http(s.url, 'POST', '/api/v1/teams/crew/members', { key: owner.key, body: { person: mia.userId } });
  t.is(again.status, 409);
  t.is(again.body.error.code, 'already_in_team');
  const stranger = await http(s.url, 'POST', '/api/v1/teams/crew/members', { key: owner.key, body: { person: 'x@y.test' } });
  t.is(stranger.body.error.code, 'not_a_member');
  const byMember = await http(s.url, 'POST', '/api/v1/teams/crew/members', { key: mia.key, body: { person: admin.email } });
  t.is(byMember.body.error.code, 'owner_or_admin_required');
  for (const reader of [mia, guest]) {
    const list = await http(s.url, 'GET', '/api/v1/teams?limit=100', { key: reader.key });
    t.is(list.status, 200);
    t.is(list.body.items.find((x: { slug: string }) => x.slug === 'crew').memberCount, 1);
    const members = await http(s.url, 'GET', '/api/v1/teams/crew/members', { key: reader.key });
    t.deepEqual(members.body.items.map((x: { email: string }) => x.email), ['mia@acme.test']);
  }
  const rm = await http(s.url, 'DELETE', `/api/v1/teams/crew/members/${mia.email}`, { key: admin.key });
  t.deepEqual(rm.body.removed, { userId: mia.userId, email: mia.email });
  const rm2 = await http(s.url, 'DELETE', `/api/v1/teams/crew/members/${mia.email}`, { key: admin.key });
  t.is(rm2.body.error.code, 'member_not_found');
  t.is((await http(s.url, 'GET', '/api/v1/teams/nope/members', { key: mia.key })).body.error.code, 'team_not_found');
});

test.serial('update renames and re-slugs, by slug or id', async (t) => {
  const c = await create(owner.key, 'old-name', 'Old');
  const r = await http(s.url, 'PATCH', `/api/v1/teams/${c.body.id}`, { key: owner.key, body: { slug: 'new-name', name: 'New' } });
  t.like(r.body, { id: c.body.id, slug: 'new-name', name: 'New' });
  const clash = await http(s.url, 'PATCH', '/api/v1/teams/new-name', { key: owner.key, body: { slug: 'design' } });
  t.is(clash.body.error.code, 'slug_taken');
});

test.serial('hub-managed teams are marked and take no change here', async (t) => {
  await create(owner.key, 'hub-team', 'Hub team');
  // Hub sync sets this flag; no route does.
  await s.db.pool.query(`update app.teams set hub_managed = true where slug = 'hub-team'`);
  const list = await http(s.url, 'GET', '/api/v1/teams?limit=100', { key: mia.key });
  t.true(list.body.items.find((x: { slug: string }) => x.slug === 'hub-team').hubManaged);
  for (const r of [
    await http(s.url, 'PATCH', '/api/v1/teams/hub-team', { key: owner.key, body: { name: 'Renamed' } }),
    await http(s.url, 'POST', '/api/v1/teams/hub-team/members', { key: owner.key, body: { person: mia.email } }),
    await http(s.url, 'DELETE', `/api/v1/teams/hub-team/members/${mia.email}`, { key: owner.key }),
  ]) {
    t.is(r.status, 409);
    t.is(r.body.error.code, 'team_managed_on_hub');
  }
});

test.serial('team listing pages newest first', async (t) => {
  const other = await seed.workspace(s.db.pool, 'Paging');
  const boss = await person(s.db.pool, other.id, 'boss@paging.test', 'owner');
  for (const slug of ['t1', 't2', 't3']) await create(boss.key, slug);
  const p1 = await http(s.url, 'GET', '/api/v1/teams?limit=2', { key: boss.key });
  t.deepEqual(p1.body.items.map((x: { slug: string }) => x.slug), ['t3', 't2']);
  const p2 = await http(s.url, 'GET', `/api/v1/teams?limit=2&cursor=${p1.body.nextCursor}`, { key: boss.key });
  t.deepEqual(p2.body.items.map((x: { slug: string }) => x.slug), ['t1']);
  t.is(p2.body.nextCursor, null);
});

test.serial('delete: owners and admins only; memberships and project roles go with the team; hub teams refused', async (t) => {
  const c = await create(owner.key, 'doomed', 'Doomed');
  await http(s.url, 'POST', '/api/v1/teams/doomed/members', { key: owner.key, body: { person: mia.email } });
  const project = await http(s.url, 'POST', '/api/v1/projects', { key: owner.key, body: { name: 'Team-held project' } });
  t.is((await http(s.url, 'POST', `/api/v1/projects/${project.body.id}/members`, { key: owner.key, body: { team: 'doomed', role: 'editor' } })).status, 201);
  const byMember = await http(s.url, 'DELETE', '/api/v1/teams/doomed', { key: mia.key });
  t.is(byMember.status, 403);
  t.is(byMember.body.error.code, 'owner_or_admin_required');
  t.regex(byMember.body.error.message, /Only an owner or admin manages teams/);
  const gone = await http(s.url, 'DELETE', `/api/v1/teams/${c.body.id}`, { key: admin.key });
  t.is(gone.status, 200);
  t.like(gone.body.deleted, { id: c.body.id, slug: 'doomed', memberCount: 1, projectEntries: 1 });
  const members = await http(s.url, 'GET', `/api/v1/projects/${project.body.id}/members`, { key: owner.key });
  t.false(JSON.stringify(members.body.items).includes(c.body.id), 'the team entry left the project');
  const again = await http(s.url, 'DELETE', '/api/v1/teams/doomed', { key: owner.key });
  t.is(again.status, 404);
  t.is(again.body.error.code, 'team_not_found');
  const hub = await http(s.url, 'DELETE', '/api/v1/teams/hub-team', { key: owner.key });
  t.is(hub.status, 409);
  t.is(hub.body.error.code, 'team_managed_on_hub');
  t.regex(hub.body.error.message, /managed on the hub account site/);
  const noWrite = await person(s.db.pool, ws.id, 'readonly@acme.test', 'admin', ['hackathon:read']);
  const scoped = await http(s.url, 'DELETE', '/api/v1/teams/crew', { key: noWrite.key });
  t.is(scoped.status, 403);
  t.is(scoped.body.error.code, 'insufficient_scope');
});

test.serial('two workspaces: B cannot read, change, delete or join A\'s team, by slug or by id', async (t) => {
  const a = await create(owner.key, 'a-only', 'A only');
  const other = await seed.workspace(s.db.pool, 'Beta');
  const bOwner = await person(s.db.pool, other.id, 'boss@beta.test', 'owner');
  for (const ref of ['a-only', a.body.id]) {
    const reads = [
      await http(s.url, 'GET', `/api/v1/teams/${ref}/members`, { key: bOwner.key }),
      await http(s.url, 'PATCH', `/api/v1/teams/${ref}`, { key: bOwner.key, body: { name: 'Mine now' } }),
      await http(s.url, 'POST', `/api/v1/teams/${ref}/members`, { key: bOwner.key, body: { person: bOwner.email } }),
      await http(s.url, 'DELETE', `/api/v1/teams/${ref}/members/${mia.email}`, { key: bOwner.key }),
      await http(s.url, 'DELETE', `/api/v1/teams/${ref}`, { key: bOwner.key }),
    ];
    for (const r of reads) {
      t.is(r.status, 404);
      t.is(r.body.error.code, 'team_not_found');
    }
  }
  const list = await http(s.url, 'GET', '/api/v1/teams?limit=100', { key: bOwner.key });
  t.false(list.body.items.some((x: { id: string }) => x.id === a.body.id));
  const still = await http(s.url, 'GET', '/api/v1/teams/a-only/members', { key: owner.key });
  t.is(still.status, 200);
  const gql = (key: string) => http(s.url, 'POST', '/graphql', { key, body: { query: `{ allTeams { nodes { slug } } }` } });
  t.true(JSON.stringify((await gql(owner.key)).body).includes('"a-only"'), 'the query reaches teams');
  t.false(JSON.stringify((await gql(bOwner.key)).body).includes('"a-only"'));
});
