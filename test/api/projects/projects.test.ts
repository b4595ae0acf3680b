// Project access rules: owners and admins manage every project; members create and become
// first manager; roles viewer < editor < manager, a person's role the highest of own and team
// entries; guests take no part; a project you may not read does not exist (naming the
// workspace asked and what selected it); archive is read-only and nothing is deleted.
import test from 'ava';
import { person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let ws: { id: string; name: string }, other: { id: string; name: string };
let owner: Person, admin: Person, mia: Person, max: Person, vic: Person, guest: Person;
test.before(async () => {
  s = await startTestServer();
  ws = await seed.workspace(s.db.pool, 'Acme');
  other = await seed.workspace(s.db.pool, 'Other');
  owner = await person(s.db.pool, ws.id, 'owner@acme.test', 'owner');
  admin = await person(s.db.pool, ws.id, 'admin@acme.test', 'admin');
  mia = await person(s.db.pool, ws.id, 'mia@acme.test');
  max = await person(s.db.pool, ws.id, 'max@acme.test');
  vic = await person(s.db.pool, ws.id, 'vic@acme.test');
  guest = await person(s.db.pool, ws.id, 'guest@acme.test', 'guest');
  await seed.member(s.db.pool, other.id, 'mia@acme.test', 'member');
});
test.after.always(() => s?.close());

let n = 0;
async function project(by: Person = mia, body: Record<string, unknown> = {}) {
  const r = await http(s.url, 'POST', '/api/v1/projects', { key: by.key, body: { name: `Project ${++n}`, ...body } });
  if (r.status !== 201) throw new Error(`project not created: ${r.text}`);
  return r.body as { id: string; name: string };
}
const get = (key: string, id: string, headers?: Record<string, string>) => http(s.url, 'GET', `/api/v1/projects/${id}`, { key, headers });
const patch = (key: string, id: string, body: unknown) => http(s.url, 'PATCH', `/api/v1/projects/${id}`, { key, body });
const addMember = (key: string, id: string, body: unknown) => http(s.url, 'POST', `/api/v1/projects/${id}/members`, { key, body });

test('a member creates a project and becomes its first manager; description and opaque metadata kept', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/projects', { key: mia.key, body: { name: 'Rover', description: 'Mars', metadata: { stack: ['ts'], n: 1 } } });
  t.is(r.status, 201);
  t.like(r.body, { name: 'Rover', description: 'Mars', metadata: { stack: ['ts'], n: 1 }, archived: false, archivedAt: null, role: 'manager', inEvent: false });
  const members = await http(s.url, 'GET', `/api/v1/projects/${r.body.id}/members`, { key: mia.key });
  t.deepEqual(members.body.items.map((m: { kind: string; email: string; role: string }) => [m.kind, m.email, m.role]), [['person', 'mia@acme.test', 'manager']]);
  const dup = await http(s.url, 'POST', '/api/v1/projects', { key: max.key, body: { name: 'ROVER' } });
  t.is(dup.status, 409);
  t.is(dup.body.error.code, 'project_name_taken');
  const bad = await http(s.url, 'POST', '/api/v1/projects', { key: mia.key, body: { name: 'X', metadata: [1, 2] } });
  t.is(bad.body.error.field, 'metadata');
});

test('a project the caller may not read answers as not existing, naming the workspace and what selected it', async (t) => {
  const p = await project(mia);
  const byDefault = await get(max.key, p.id);
  t.is(byDefault.status, 404);
  t.is(byDefault.body.error.code, 'project_not_found');
  t.is(byDefault.body.error.workspace, 'Acme');
  t.is(byDefault.body.error.selectedBy, 'default');
  t.regex(byDefault.body.error.message, /workspace Acme.*chosen by default/);
  // Mia's own project asked in her other workspace: not found there, chosen by the header.
  const elsewhere = await get(mia.key, p.id, { 'podium-workspace': other.id });
  t.is(elsewhere.status, 404);
  t.is(elsewhere.body.error.workspace, 'Other');
  t.is(elsewhere.body.error.selectedBy, 'workspace header');
  const pinned = await seed.key(s.db.pool, mia.email, 'hackathon', { workspaceId: other.id });
  const byPin = await get(pinned.key, p.id);
  t.is(byPin.body.error.selectedBy, 'key pin');
  t.is((await get(mia.key, p.id)).status, 200);
  t.is((await get(mia.key, '00000000-0000-4000-8000-000000000000')).body.error.code, 'project_not_found');
});

test('owners and admins act as managers on every project', async (t) => {
  const p = await project(mia);
  for (const boss of [owner, admin]) {
    const r = await get(boss.key, p.id);
    t.is(r.status, 200);
    t.is(r.body.role, 'manager');
  }
  t.is((await patch(admin.key, p.id, { description: 'set by admin' })).body.description, 'set by admin');
  t.is((await addMember(owner.key, p.id, { person: vic.email, role: 'viewer' })).status, 201);
  const list = await http(s.url, 'GET', '/api/v1/projects?limit=100', { key: owner.key });
  t.true(list.body.items.some((x: { id: string }) => x.id === p.id));
  const maxList = await http(s.url, 'GET', '/api/v1/projects?limit=100', { key: max.key });
  t.false(maxList.body.items.some((x: { id: string }) => x.id === p.id), 'a stranger to the project does not list it');
});

test('roles viewer < editor < manager: viewers read, editors update, managers manage members and archive', async (t) => {
  const p = await project(mia);
  await addMember(mia.key, p.id, { person: max.email, role: 'viewer' });
  t.is((await get(max.key, p.id)).body.role, 'viewer');
  const v = await patch(max.key, p.id, { name: 'Renamed by viewer' });
  t.is(v.status, 403);
  t.is(v.body.error.code, 'insufficient_project_role');
  t.is(v.body.error.needed, 'editor');
  await http(s.url, 'PUT', `/api/v1/projects/${p.id}/members/people/${max.email}`, { key: mia.key, body: { role: 'editor' } });
  t.is((await patch(max.key, p.id, { name: `Renamed ${p.id.slice(0, 8)}` })).status, 200);
  const e = await addMember(max.key, p.id, { person: vic.email, role: 'viewer' });
  t.is(e.body.error.code, 'insufficient_project_role');
  t.is(e.body.error.needed, 'manager');
  t.is((await http(s.url, 'POST', `/api/v1/projects/${p.id}/archive`, { key: max.key })).body.error.needed, 'manager');
});

test('a person\'s role is the highest of their own entry and their teams\' entries', async (t) => {
  const p = await project(mia);
  const team = await http(s.url, 'POST', '/api/v1/teams', { key: owner.key, body: { slug: `crew-${p.id.slice(0, 8)}`, name: 'Crew' } });
  await http(s.url, 'POST', `/api/v1/teams/${team.body.slug}/members`, { key: owner.key, body: { person: vic.email } });
  t.is((await get(vic.key, p.id)).status, 404);
  await addMember(mia.key, p.id, { person: vic.email, role: 'viewer' });
  const viaTeam = await addMember(mia.key, p.id, { team: team.body.slug, role: 'manager' });
  t.is(viaTeam.status, 201);
  t.like(viaTeam.body, { kind: 'team', teamSlug: team.body.slug, role: 'manager', userId: null });
  t.is((await get(vic.key, p.id)).body.role, 'manager');
  await http(s.url, 'PUT', `/api/v1/projects/${p.id}/members/teams/${team.body.id}`, { key: mia.key, body: { role: 'viewer' } });
  t.is((await get(vic.key, p.id)).body.role, 'viewer');
  await http(s.url, 'PUT', `/api/v1/projects/${p.id}/members/people/${vic.userId}`, { key: mia.key, body: { role: 'editor' } });
  t.is((await get(vic.key, p.id)).body.role, 'editor', 'own entry higher than the team entry');
  const gone = await http(s.url, 'DELETE', `/api/v1/projects/${p.id}/members/teams/${team.body.slug}`, { key: mia.key });
  t.is(gone.body.removed.kind, 'team');
  t.is((await get(vic.key, p.id)).body.role, 'editor');
});

test('guests take no part in projects and cannot be members; strangers are not active members', async (t) => {
  const p = await project(mia);
  const list = await http(s.url, 'GET', '/api/v1/projects', { key: guest.key });
  t.is(list.status, 403);
  t.is(list.body.error.code, 'guest_excluded');
  t.is((await http(s.url, 'POST', '/api/v1/projects', { key: guest.key, body: { name: 'Guest project' } })).body.error.code, 'guest_excluded');
  const add = await addMember(mia.key, p.id, { person: guest.email, role: 'viewer' });
  t.is(add.status, 400);
  t.is(add.body.error.code, 'guest_cannot_be_member');
  const stranger = await addMember(mia.key, p.id, { person: 'nobody@else.test', role: 'viewer' });
  t.is(stranger.status, 400);
  t.is(stranger.body.error.code, 'not_a_member');
  t.is((await addMember(mia.key, p.id, { person: max.email, team: 'x', role: 'viewer' })).body.error.code, 'invalid_input');
  t.is((await addMember(mia.key, p.id, { team: 'no-such-team', role: 'viewer' })).body.error.code, 'team_not_found');
});

test('adding an existing member sets the role (200); unknown entries are member_not_found', async (t) => {
  const p = await project(mia);
  t.is((await addMember(mia.key, p.id, { person: max.email, role: 'viewer' })).status, 201);
  const again = await addMember(mia.key, p.id, { person: max.userId, role: 'editor' });
  t.is(again.status, 200);
  t.is(again.body.role, 'editor');
  const missing = await http(s.url, 'PUT', `/api/v1/projects/${p.id}/members/people/${vic.email}`, { key: mia.key, body: { role: 'editor' } });
  t.is(missing.status, 404);
  t.is(missing.body.error.code, 'member_not_found');
});

test('a manager removes anyone; anyone removes themselves; nobody else removes others', async (t) => {
  const p = await project(mia);
  await addMember(mia.key, p.id, { person: max.email, role: 'viewer' });
  await addMember(mia.key, p.id, { person: vic.email, role: 'editor' });
  const notYours = await http(s.url, 'DELETE', `/api/v1/projects/${p.id}/members/people/${max.email}`, { key: vic.key });
  t.is(notYours.body.error.code, 'insufficient_project_role');
  const self = await http(s.url, 'DELETE', `/api/v1/projects/${p.id}/members/people/${max.email}`, { key: max.key });
  t.is(self.status, 200);
  t.is(self.body.removed.email, 'max@acme.test');
  t.is((await get(max.key, p.id)).status, 404);
  t.is((await http(s.url, 'DELETE', `/api/v1/projects/${p.id}/members/people/${vic.email}`, { key: mia.key })).status, 200);
});

test('archive: read-only, out of the default list, nothing deleted; unarchive is the one change it takes', async (t) => {
  const p = await project(mia, { description: 'keep me' });
  const a = await http(s.url, 'POST', `/api/v1/projects/${p.id}/archive`, { key: mia.key });
  t.is(a.status, 200);
  t.true(a.body.archived);
  const again = await http(s.url, 'POST', `/api/v1/projects/${p.id}/archive`, { key: mia.key });
  t.is(again.body.archivedAt, a.body.archivedAt, 'idempotent');
  const up = await patch(mia.key, p.id, { description: 'changed' });
  t.is(up.status, 409);
  t.is(up.body.error.code, 'project_archived');
  t.is((await addMember(mia.key, p.id, { person: max.email, role: 'viewer' })).body.error.code, 'project_archived');
  const ids = async (q: string) => (await http(s.url, 'GET', `/api/v1/projects?limit=100${q}`, { key: mia.key })).body.items.map((x: { id: string }) => x.id);
  t.false((await ids('')).includes(p.id));
  t.true((await ids('&archived=true')).includes(p.id));
  t.true((await ids('&archived=all')).includes(p.id));
  const read = await get(mia.key, p.id);
  t.is(read.body.description, 'keep me');
  const un = await http(s.url, 'POST', `/api/v1/projects/${p.id}/unarchive`, { key: mia.key });
  t.false(un.body.archived);
  t.is((await patch(mia.key, p.id, { description: 'changed' })).status, 200);
});

test('update: a field left out keeps its value, description null clears, metadata replaces the whole object', async (t) => {
  const p = await project(mia, { description: 'first', metadata: { a: 1, b: 2 } });
  const r = await patch(mia.key, p.id, { metadata: { c: 3 } });
  t.deepEqual(r.body.metadata, { c: 3 });
  t.is(r.body.description, 'first');
  t.is((await patch(mia.key, p.id, { description: null })).body.description, null);
  t.is((await patch(mia.key, p.id, { colour: 'red' })).body.error.field, 'colour');
  t.is((await patch(mia.key, p.id, {})).status, 400);
});

test('listing pages newest first with limit and cursor', async (t) => {
  const pager = await person(s.db.pool, ws.id, 'pager@acme.test');
  const made = [];
  for (let i = 0; i < 5; i++) made.push((await project(pager)).id);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const r: { body: { items: { id: string }[]; nextCursor: string | null } } = await http(s.url, 'GET', `/api/v1/projects?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: pager.key });
    seen.push(...r.body.items.map((x) => x.id));
    cursor = r.body.nextCursor;
  } while (cursor);
  t.deepEqual(seen, [...made].reverse());
});

test('creates honour Idempotency-Key', async (t) => {
  const body = { name: 'Idem project' };
  const a = await http(s.url, 'POST', '/api/v1/projects', { key: mia.key, body, headers: { 'idempotency-key': 'p-1' } });
  const b = await http(s.url, 'POST', '/api/v1/projects', { key: mia.key, body, headers: { 'idempotency-key': 'p-1' } });
  t.is(a.status, 201);
  t.is(b.status, 201);
  t.is(b.body.id, a.body.id);
});

test('a read-only key lists but cannot create', async (t) => {
  const ro = await seed.key(s.db.pool, mia.email, 'hackathon', { scopes: ['hackathon:read'] });
  t.is((await http(s.url, 'GET', '/api/v1/projects', { key: ro.key })).status, 200);
  t.is((await http(s.url, 'POST', '/api/v1/projects', { key: ro.key, body: { name: 'Nope' } })).body.error.code, 'insufficient_scope');
});
