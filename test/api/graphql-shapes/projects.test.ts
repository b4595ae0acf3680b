// Typed GraphQL for projects, form responses and workspace identity (issue 44): every query
// field of the area, read with every field selected, says what the REST route calling the
// same function says; every mutation answers its typed result; and workspace B's key reads
// none of workspace A's projects, responses or invitations through the typed fields.
import test from 'ava';
import { getNamedType, type GraphQLSchema } from 'postgraphile/graphql';
import { publish } from '../../helpers/deck.ts';
import { person, type Person } from '../../helpers/event.ts';
import { cookieFrom, http } from '../../helpers/http.ts';
import { liveSchema, literal, mutateShaped, readShaped, sameAsJson, selectAll } from '../../helpers/graphql.ts';
import { sessionCookie } from '../../helpers/session.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let schema: GraphQLSchema;
let wsA: { id: string; name: string }, wsB: { id: string; name: string };
let owner: Person, mia: Person, vic: Person, bossB: Person;
let ownerDeckKey: string, bossBDeckKey: string;
let team: { id: string; slug: string };

test.before(async () => {
  s = await startTestServer();
  wsA = await seed.workspace(s.db.pool, 'Acme');
  wsB = await seed.workspace(s.db.pool, 'Beta');
  owner = await person(s.db.pool, wsA.id, 'owner@acme.test', 'owner');
  mia = await person(s.db.pool, wsA.id, 'mia@acme.test');
  vic = await person(s.db.pool, wsA.id, 'vic@acme.test');
  bossB = await person(s.db.pool, wsB.id, 'boss@beta.test', 'owner');
  ownerDeckKey = (await seed.key(s.db.pool, owner.email, 'deck', { workspaceId: wsA.id })).key;
  bossBDeckKey = (await seed.key(s.db.pool, bossB.email, 'deck', { workspaceId: wsB.id })).key;
  const t = await http(s.url, 'POST', '/api/v1/teams', { key: owner.key, body: { slug: 'crew', name: 'Crew' } });
  if (t.status !== 201) throw new Error(t.text);
  team = t.body;
  await http(s.url, 'POST', '/api/v1/teams/crew/members', { key: owner.key, body: { person: vic.email } });
  schema = await liveSchema(s.url, owner.key);
});
test.after.always(() => s?.close());

const rest = async (method: string, path: string, key: string, body?: unknown) => {
  const r = await http(s.url, method, path, { key, body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
};

/** A GraphQL read that must be refused: the error codes it answered (none means it was not). */
async function refusedCodes(key: string, field: string, args: Record<string, unknown>): Promise<string[]> {
  const def = schema.getQueryType()!.getFields()[field]!;
  const query = `{ ${field}(${Object.entries(args).map(([k, v]) => `${k}: ${literal(v)}`).join(', ')}) ${selectAll(schema, getNamedType(def.type))} }`;
  const r = await http(s.url, 'POST', '/graphql', { key, body: { query } });
  return (r.body.errors ?? []).map((e: { message: string; extensions?: { code?: string } }) => e.extensions?.code ?? e.message);
}

test.serial('projects: every mutation answers a typed project or member entry; reads agree with REST', async (t) => {
  const created = await mutateShaped(s.url, mia.key, schema, 'createProject', { name: 'Rover', description: 'Mars', metadata: { stack: ['ts'], n: 1 } });
  t.like(created, { name: 'Rover', description: 'Mars', archived: false, archivedAt: null, inEvent: false, role: 'manager' });
  t.deepEqual(created.metadata, { stack: ['ts'], n: 1 }, 'metadata stays free-form JSON');
  const id = created.id as string;
  sameAsJson(t, created, await rest('GET', `/api/v1/projects/${id}`, mia.key), 'createProject');

  const updated = await mutateShaped(s.url, mia.key, schema, 'updateProject', { project: id, patch: { description: 'Red planet' } });
  t.is(updated.description, 'Red planet');
  sameAsJson(t, updated, await rest('GET', `/api/v1/projects/${id}`, mia.key), 'updateProject');

  const person = await mutateShaped(s.url, mia.key, schema, 'addProjectMember', { project: id, person: vic.email, role: 'viewer' });
  t.is(person.created, true);
  t.like(person.member, { kind: 'person', role: 'viewer', userId: vic.userId, email: vic.email, name: 'vic', teamId: null, teamSlug: null, teamName: null });
  const again = await mutateShaped(s.url, mia.key, schema, 'addProjectMember', { project: id, person: vic.userId, role: 'editor' });
  t.is(again.created, false, 'an existing member only takes the role');
  t.like(again.member, { id: person.member.id, role: 'editor' });
  const crew = await mutateShaped(s.url, mia.key, schema, 'addProjectMember', { project: id, team: 'crew', role: 'viewer' });
  t.like(crew, { created: true, member: { kind: 'team', teamId: team.id, teamSlug: 'crew', teamName: 'Crew', userId: null, email: null, name: null } });

  const role = await mutateShaped(s.url, mia.key, schema, 'setProjectMemberRole', { project: id, kind: 'team', ref: 'crew', role: 'manager' });
  t.like(role, { id: crew.member.id, kind: 'team', role: 'manager' });

  const members = await readShaped(s.url, mia.key, schema, 'listProjectMembers', { project: id, limit: 100 });
  const restMembers = await rest('GET', `/api/v1/projects/${id}/members?limit=100`, mia.key);
  t.deepEqual(members.map((m: { kind: string }) => m.kind).sort(), ['person', 'person', 'team'], 'mia, vic and the crew');
  sameAsJson(t, members, restMembers.items, 'listProjectMembers');
  sameAsJson(t, role, restMembers.items.find((m: { id: string }) => m.id === crew.member.id), 'setProjectMemberRole');
  sameAsJson(t, again.member, restMembers.items.find((m: { id: string }) => m.id === person.member.id), 'addProjectMember');

  const removed = await mutateShaped(s.url, mia.key, schema, 'removeProjectMember', { project: id, kind: 'team', ref: team.id });
  t.like(removed, { id: crew.member.id, kind: 'team', teamSlug: 'crew', role: 'manager' });
  t.false((await rest('GET', `/api/v1/projects/${id}/members?limit=100`, mia.key)).items.some((m: { id: string }) => m.id === crew.member.id));

  const archived = await mutateShaped(s.url, mia.key, schema, 'archiveProject', { project: id });
  t.is(archived.archived, true);
  t.truthy(archived.archivedAt);
  sameAsJson(t, archived, await rest('GET', `/api/v1/projects/${id}`, mia.key), 'archiveProject');
  const listed = await readShaped(s.url, mia.key, schema, 'listProjects', { archived: 'all', limit: 100 });
  sameAsJson(t, listed, (await rest('GET', '/api/v1/projects?archived=all&limit=100', mia.key)).items, 'listProjects archived=all');
  t.true(listed.some((p: { id: string; archived: boolean }) => p.id === id && p.archived));
  const unarchived = await mutateShaped(s.url, mia.key, schema, 'unarchiveProject', { project: id });
  t.like(unarchived, { archived: false, archivedAt: null });
  sameAsJson(t, unarchived, await rest('GET', `/api/v1/projects/${id}`, mia.key), 'unarchiveProject');

  await rest('POST', '/api/v1/projects', owner.key, { name: 'Lander', metadata: { tags: ['x'] } });
  const all = await readShaped(s.url, owner.key, schema, 'listProjects', { limit: 100 });
  t.is(all.length, 2);
  sameAsJson(t, all, (await rest('GET', '/api/v1/projects?limit=100', owner.key)).items, 'listProjects');
  const one = await readShaped(s.url, vic.key, schema, 'getProject', { project: id });
  t.is(one.role, 'editor', 'vic reads it with his own role');
  sameAsJson(t, one, await rest('GET', `/api/v1/projects/${id}`, vic.key), 'getProject');
});

test.serial('form responses: listResponses (summary and items) and getResponse (kept revisions) agree with REST', async (t) => {
  const deck = (await publish(s.url, ownerDeckKey, { 'index.html': '<form method="post" action="forms/signup"><input name="email"></form>' }, { title: 'Forms deck' })).body.presentation.id as string;
  const link = await rest('POST', `/api/v1/presentations/${deck}/share-links`, ownerDeckKey, { name: 'Board' });
  const path = (link.url as string).slice(s.url.length);
  // One browser answers, then edits its answer (two revisions); an embed answers with a placement.
  const page = await http(s.url, 'GET', path);
  const framed = /<iframe src="([^"]+)"/.exec(page.text)![1]!;
  const base = path.split('?')[0] + framed.slice(0, framed.lastIndexOf('/') + 1);
  const cookie = cookieFrom(page, 'podium_v');
  const first = await http(s.url, 'POST', base + 'forms/signup', { body: { email: 'a@b.c' }, cookie });
  t.is(first.status, 201, first.text);
  const edit = await http(s.url, 'POST', base + 'forms/signup', { body: { email: 'a@b.d', plan: 'pro' }, cookie });
  t.is(edit.body.revision, 2, edit.text);
  const embedPage = await http(s.url, 'GET', path + '?embed=1&placement=pricing');
  const embedFramed = /<iframe src="([^"]+)"/.exec(embedPage.text)![1]!;
  const embedBase = path.split('?')[0] + embedFramed.slice(0, embedFramed.lastIndexOf('/') + 1);
  t.is((await http(s.url, 'POST', embedBase + 'forms/feedback', { body: { stars: '5' } })).status, 201);

  const typed = await readShaped(s.url, ownerDeckKey, schema, 'listResponses', { deck, limit: 100 });
  const restList = await rest('GET', `/api/v1/presentations/${deck}/responses?limit=100`, ownerDeckKey);
  t.is(typed.items.length, 2);
  t.is(typed.summary.length, 2);
  t.deepEqual(typed.summary.map((x: { link: { name: string } }) => x.link.name), ['Board', 'Board']);
  sameAsJson(t, typed.summary, restList.summary, 'listResponses summary');
  sameAsJson(t, typed.items, restList.items, 'listResponses items');
  const filtered = await readShaped(s.url, ownerDeckKey, schema, 'listResponses', { deck, source: 'embed', placement: 'pricing', limit: 100 });
  t.deepEqual(filtered.items.map((x: { form: string; placement: string }) => [x.form, x.placement]), [['feedback', 'pricing']]);

  const one = await readShaped(s.url, ownerDeckKey, schema, 'getResponse', { deck, response: first.body.id });
  t.is(one.revisions, 2);
  t.deepEqual(one.revisionsKept.map((r: { revision: number }) => r.revision), [1, 2]);
  t.deepEqual(one.revisionsKept[0].answers, { email: 'a@b.c' });
  t.deepEqual(one.revisionsKept[1].link, { id: link.token.id, name: 'Board' });
  sameAsJson(t, one, await rest('GET', `/api/v1/presentations/${deck}/responses/${first.body.id}`, ownerDeckKey), 'getResponse');

  // Workspace B's owner reads none of it.
  t.deepEqual(await refusedCodes(bossBDeckKey, 'listResponses', { deck, limit: 100 }), ['not_found']);
  t.deepEqual(await refusedCodes(bossBDeckKey, 'getResponse', { deck, response: first.body.id }), ['not_found']);
});

test.serial('invitations: inviteMember and revokeInvitation answer a typed invitation; listInvitations agrees with REST', async (t) => {
  const invited = await mutateShaped(s.url, owner.key, schema, 'inviteMember', { email: 'new.hire@example.test', role: 'admin' });
  t.like(invited, { kind: 'workspace', email: 'new.hire@example.test', role: 'admin', source: 'invite', workspaceId: wsA.id, presentationId: null, revokedAt: null, acceptedAt: null });
  t.like(invited.invitedBy, { id: owner.userId, email: owner.email, name: 'owner' });
  await rest('POST', '/api/v1/invitations', owner.key, { email: 'second@example.test', role: 'guest' });
  const typed = await readShaped(s.url, owner.key, schema, 'listInvitations', { limit: 100 });
  const restList = await rest('GET', '/api/v1/invitations?limit=100', owner.key);
  t.deepEqual(typed.map((i: { email: string }) => i.email), ['second@example.test', 'new.hire@example.test']);
  sameAsJson(t, typed, restList.items, 'listInvitations');
  sameAsJson(t, invited, restList.items.find((i: { id: string }) => i.id === invited.id), 'inviteMember');

  // B's owner neither lists nor revokes A's invitations.
  const listB = await readShaped(s.url, bossB.key, schema, 'listInvitations', { limit: 100 });
  t.false(listB.some((i: { id: string }) => i.id === invited.id));
  const notB = await http(s.url, 'POST', '/graphql', { key: bossB.key, body: { query: `mutation { revokeInvitation(input: { invitation: "${invited.id}" }) { result { id } } }` } });
  t.is(notB.body.errors?.[0]?.extensions?.code, 'invitation_not_found', notB.text);

  const revoked = await mutateShaped(s.url, owner.key, schema, 'revokeInvitation', { invitation: invited.id });
  t.like(revoked, { id: invited.id, email: 'new.hire@example.test', role: 'admin', invitedBy: invited.invitedBy });
  t.truthy(revoked.revokedAt);
  const row = (await s.db.pool.query('select floor(extract(epoch from revoked_at) * 1000)::float8 as ms from app_private.invitations where id = $1', [invited.id])).rows[0];
  t.is(Date.parse(revoked.revokedAt), row.ms);
  t.false((await rest('GET', '/api/v1/invitations?limit=100', owner.key)).items.some((i: { id: string }) => i.id === invited.id));
});

test.serial('identity: setDefaultWorkspace answers the workspace as REST does; revokeMyApiKey the revoked key', async (t) => {
  // Mia also belongs to Beta; an unpinned key of hers moves her default.
  await seed.member(s.db.pool, wsB.id, mia.email, 'member');
  const typed = await mutateShaped(s.url, mia.key, schema, 'setDefaultWorkspace', { workspace: wsB.id });
  t.deepEqual(typed, { id: wsB.id, name: 'Beta', organizationId: null });
  t.is((await rest('GET', '/api/v1/me', mia.key)).workspace.id, wsB.id);
  const back = await mutateShaped(s.url, mia.key, schema, 'setDefaultWorkspace', { workspace: wsA.id });
  sameAsJson(t, back, (await rest('PUT', '/api/v1/me/default-workspace', mia.key, { workspaceId: wsA.id })).defaultWorkspace, 'setDefaultWorkspace');
  t.is((await rest('GET', '/api/v1/me', mia.key)).workspace.id, wsA.id);

  // Only a browser session revokes a key: the same mutation, with every field selected, over a session.
  const spare = await seed.key(s.db.pool, mia.email, 'deck', { name: 'spare' });
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: spare.key })).status, 200);
  const cookie = await sessionCookie(s.db.pool, mia.email);
  const query = `mutation { revokeMyApiKey(input: { key: "${spare.id}" }) { result ${selectAll(schema, 'RevokedApiKey')} } }`;
  const r = await http(s.url, 'POST', '/graphql', { cookie, headers: { origin: s.url }, body: { query } });
  t.falsy(r.body.errors, r.text);
  const revoked = r.body.data.revokeMyApiKey.result;
  const row = (await s.db.pool.query('select name, floor(extract(epoch from revoked_at) * 1000)::float8 as ms from app_private.api_keys where id = $1', [spare.id])).rows[0];
  t.deepEqual({ ...revoked, revokedAt: Date.parse(revoked.revokedAt) }, { id: spare.id, name: 'spare', revokedAt: row.ms });
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: spare.key })).status, 401);
  // Someone else's key is no key of yours, for B's owner too.
  const other = await http(s.url, 'POST', '/graphql', { cookie: await sessionCookie(s.db.pool, bossB.email), headers: { origin: s.url }, body: { query: query.replace(spare.id, (await seed.key(s.db.pool, mia.email, 'deck')).id) } });
  t.is(other.body.errors?.[0]?.extensions?.code, 'not_found', other.text);
});

test.serial('memberTwoFactor: an owner reads every member typed; another workspace\'s owner none of them', async (t) => {
  await s.db.pool.query('update app.users set two_factor_enabled = true where id = $1', [vic.userId]);
  const typed = await readShaped(s.url, owner.key, schema, 'memberTwoFactor');
  const { rows } = await s.db.pool.query(
    `select u.id as "userId", u.email, u.name, u.two_factor_enabled as "twoFactorEnabled"
       from app.users u join app.memberships m on m.user_id = u.id where m.workspace_id = $1 order by lower(u.email)`,
    [wsA.id],
  );
  t.is(rows.length, 3);
  t.deepEqual(typed, rows);
  t.true(typed.some((x: { email: string; twoFactorEnabled: boolean }) => x.email === vic.email && x.twoFactorEnabled));
  const fromB = await readShaped(s.url, bossB.key, schema, 'memberTwoFactor');
  t.deepEqual(fromB.map((x: { email: string }) => x.email).sort(), [bossB.email, mia.email].sort(), 'Beta\'s members only (Mia joined Beta above)');
});

test.serial('workspace B reads none of A\'s projects through the typed fields', async (t) => {
  const a = await rest('POST', '/api/v1/projects', owner.key, { name: 'Secret' });
  t.true((await readShaped(s.url, owner.key, schema, 'listProjects', { limit: 100 })).some((p: { id: string }) => p.id === a.id));
  const listB = await readShaped(s.url, bossB.key, schema, 'listProjects', { archived: 'all', limit: 100 });
  t.deepEqual(listB, []);
  t.deepEqual(await refusedCodes(bossB.key, 'getProject', { project: a.id }), ['project_not_found']);
  t.deepEqual(await refusedCodes(bossB.key, 'listProjectMembers', { project: a.id, limit: 100 }), ['project_not_found']);
});
