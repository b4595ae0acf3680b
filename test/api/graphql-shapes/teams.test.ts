// Typed GraphQL for hackathon teams and repository provisioning (issue 44): workspace teams
// and their members, an event team's showcase and deck links, the provisioning plan, a run
// and its start. Each query field is read with every field of its type selected and agrees
// with the REST route over the same function; each mutation's typed result is checked against
// a REST read or the values expected; workspace B's key reads none of A's through them.
import test from 'ava';
import type { GraphQLSchema } from 'postgraphile/graphql';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, type Person } from '../../helpers/event.ts';
import { answerTypes, liveSchema, mutateShaped, readShaped, sameAsJson } from '../../helpers/graphql.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { liveDeck } from '../../helpers/vote.ts';

const HOST = 'decks.podium.test';
let s: TestServer;
let schema: GraphQLSchema;
let ws: { id: string };
let owner: Person, admin: Person, ann: Person, bob: Person, cat: Person, adv: Person, coach: Person;
let rocketId: string, cometId: string;

test.before(async () => {
  s = await startTestServer({ env: { ALLOWED_DECK_LINK_HOSTS: HOST } });
  const w = await eventWorkspace(s.db.pool, 'ShapesTeams');
  ws = w.ws;
  owner = w.owner;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  admin = await person(s.db.pool, ws.id, 'admin@x.test', 'admin');
  ann = await person(s.db.pool, ws.id, 'ann@x.test');
  bob = await person(s.db.pool, ws.id, 'bob@x.test');
  cat = await person(s.db.pool, ws.id, 'cat@x.test');
  adv = await person(s.db.pool, ws.id, 'adv@x.test');
  coach = await person(s.db.pool, ws.id, 'coach@x.test');
  // Rocket: ann (with a username) and cat (without: a note); Comet: bob; a coach with a
  // username (invited at read) and one without (a note).
  await importRoster(s.url, owner.key, [
    { email: ann.email, team: 'Rocket' }, { email: cat.email, team: 'Rocket' }, { email: bob.email, team: 'Comet' },
    { email: adv.email, role: 'advisor', github: 'adv-gh' }, { email: coach.email, role: 'advisor' },
  ]);
  const gh = await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  if (gh.status !== 200) throw new Error(`event github: ${gh.status} ${gh.text}`);
  await s.db.pool.query(`update app.roster_entries set github_login = 'ann-gh' where email = $1`, [ann.email]);
  const ids = (await s.db.pool.query(`select id, name from app.projects where workspace_id = $1`, [ws.id])).rows;
  rocketId = ids.find((r) => r.name === 'Rocket').id;
  cometId = ids.find((r) => r.name === 'Comet').id;
  schema = await liveSchema(s.url, owner.key);
});
test.after.always(() => s?.close());

const createTeam = (key: string, slug: string, name: string) => http(s.url, 'POST', '/api/v1/teams', { key, body: { slug, name } });
const addMember = (key: string, team: string, who: string) => http(s.url, 'POST', `/api/v1/teams/${team}/members`, { key, body: { person: who } });
/** A GraphQL call whose errors are expected: the data and the first error's code. */
const gqlRefused = async (key: string, query: string) => {
  const r = await http(s.url, 'POST', '/graphql', { key, body: { query } });
  return { data: r.body.data, code: r.body.errors?.[0]?.extensions?.code as string | undefined, text: r.text };
};

const QUERIES = { listTeams: 'WorkspaceTeam', listTeamMembers: 'WorkspaceTeamMember', teamShowcase: 'EventTeamShowcase', teamDeckLinks: 'EventTeamDeckLinkSet', provisionPlan: 'ProvisioningPlan', provisionRun: 'ProvisioningRun' };
const MUTATIONS = {
  createTeam: 'WorkspaceTeam', updateTeam: 'WorkspaceTeam', deleteTeam: 'DeletedWorkspaceTeam', addTeamMember: 'WorkspaceTeamMember',
  removeTeamMember: 'RemovedWorkspaceTeamMember', setTeamShowcase: 'EventTeamShowcase', setTeamDeckLinks: 'EventTeamDeckLinkSet', startProvision: 'ProvisioningStart',
};

test('every query field and mutation of teams and provisioning answers its type, not the JSON scalar', (t) => {
  t.deepEqual(answerTypes(schema, Object.keys(QUERIES), { lists: false }), QUERIES);
  t.deepEqual(answerTypes(schema, Object.keys(MUTATIONS), { lists: false }), MUTATIONS);
  t.true(String(schema.getType('ProvisioningPlan')?.description).startsWith('The provisioning plan'), 'the type comment is its description');
});

test.serial('listTeams and listTeamMembers answer typed, the same as GET /api/v1/teams and /teams/:team/members', async (t) => {
  t.is((await createTeam(owner.key, 'crew', 'Crew')).status, 201);
  t.is((await createTeam(owner.key, 'ops', 'Ops')).status, 201);
  for (const p of [ann, bob]) t.is((await addMember(owner.key, 'crew', p.email)).status, 201);
  t.is((await addMember(owner.key, 'ops', cat.email)).status, 201);
  await s.db.pool.query(`update app.teams set hub_managed = true where workspace_id = $1 and slug = 'ops'`, [ws.id]);

  const teams = await readShaped(s.url, ann.key, schema, 'listTeams', { limit: 100 });
  const restTeams = await http(s.url, 'GET', '/api/v1/teams?limit=100', { key: ann.key });
  t.is(restTeams.status, 200, restTeams.text);
  t.deepEqual(teams.map((x: { slug: string }) => x.slug), ['ops', 'crew']);
  t.like(teams[0], { hubManaged: true, memberCount: 1 });
  t.like(teams[1], { hubManaged: false, memberCount: 2, name: 'Crew' });
  sameAsJson(t, teams, restTeams.body.items, 'listTeams');

  const members = await readShaped(s.url, ann.key, schema, 'listTeamMembers', { team: 'crew', limit: 100 });
  const restMembers = await http(s.url, 'GET', '/api/v1/teams/crew/members?limit=100', { key: ann.key });
  t.is(restMembers.status, 200, restMembers.text);
  t.deepEqual(members.map((x: { email: string }) => x.email).sort(), [ann.email, bob.email]);
  t.truthy(members[0].addedAt && members[0].userId && members[0].name);
  sameAsJson(t, members, restMembers.body.items, 'listTeamMembers');
  // Paging through GraphQL: the limit and the cursor arguments reach the function.
  const first = await readShaped(s.url, ann.key, schema, 'listTeamMembers', { team: 'crew', limit: 1 });
  t.is(first.length, 1);
  const rest = await readShaped(s.url, ann.key, schema, 'listTeamMembers', { team: 'crew', limit: 10, beforeAt: first[0].addedAt, beforeId: first[0].userId });
  t.deepEqual([...first, ...rest].map((x: { userId: string }) => x.userId), members.map((x: { userId: string }) => x.userId));
});

test.serial('createTeam, updateTeam, addTeamMember, removeTeamMember and deleteTeam answer typed results', async (t) => {
  const made = await mutateShaped(s.url, admin.key, schema, 'createTeam', { slug: 'design', name: 'Design' });
  t.like(made, { slug: 'design', name: 'Design', hubManaged: false, memberCount: 0 });
  const listed = (await http(s.url, 'GET', '/api/v1/teams?limit=100', { key: owner.key })).body.items;
  sameAsJson(t, made, listed.find((x: { id: string }) => x.id === made.id), 'createTeam');

  const joined = await mutateShaped(s.url, admin.key, schema, 'addTeamMember', { team: 'design', person: cat.email });
  t.like(joined, { userId: cat.userId, email: cat.email, name: 'cat' });
  await mutateShaped(s.url, admin.key, schema, 'addTeamMember', { team: made.id, person: ann.userId });
  const restMembers = (await http(s.url, 'GET', '/api/v1/teams/design/members?limit=100', { key: owner.key })).body.items;
  sameAsJson(t, joined, restMembers.find((x: { userId: string }) => x.userId === cat.userId), 'addTeamMember');

  const renamed = await mutateShaped(s.url, owner.key, schema, 'updateTeam', { team: 'design', slug: 'studio', name: 'Studio' });
  t.like(renamed, { id: made.id, slug: 'studio', name: 'Studio', memberCount: 2, hubManaged: false });
  t.is(Date.parse(renamed.createdAt), Date.parse(made.createdAt));
  const relisted = (await http(s.url, 'GET', '/api/v1/teams?limit=100', { key: owner.key })).body.items;
  sameAsJson(t, renamed, relisted.find((x: { id: string }) => x.id === made.id), 'updateTeam');

  const left = await mutateShaped(s.url, owner.key, schema, 'removeTeamMember', { team: 'studio', person: cat.email });
  t.deepEqual(left, { userId: cat.userId, email: cat.email });
  const after = (await http(s.url, 'GET', '/api/v1/teams/studio/members?limit=100', { key: owner.key })).body.items;
  t.deepEqual(after.map((x: { email: string }) => x.email), [ann.email]);

  // The team holds a project role: the deleted team's answer counts it.
  const project = await http(s.url, 'POST', '/api/v1/projects', { key: owner.key, body: { name: 'Studio work' } });
  t.is((await http(s.url, 'POST', `/api/v1/projects/${project.body.id}/members`, { key: owner.key, body: { team: 'studio', role: 'editor' } })).status, 201);
  const gone = await mutateShaped(s.url, owner.key, schema, 'deleteTeam', { team: 'studio' });
  t.deepEqual({ ...gone, createdAt: Date.parse(gone.createdAt) }, {
    id: made.id, slug: 'studio', name: 'Studio', hubManaged: false, memberCount: 1, projectEntries: 1, createdAt: Date.parse(made.createdAt),
  });
  t.is((await http(s.url, 'GET', '/api/v1/teams/studio/members', { key: owner.key })).status, 404);
});

test.serial('teamShowcase and setTeamShowcase answer typed, the same as GET /api/v1/event/showcase', async (t) => {
  const set = await mutateShaped(s.url, ann.key, schema, 'setTeamShowcase', { team: null, patch: { product: 'Rocketeer', tagline: 'To the moon', description: 'Line one\nline two' } });
  t.deepEqual(set, { team: { id: rocketId, name: 'Rocket' }, product: 'Rocketeer', tagline: 'To the moon', description: 'Line one\nline two' });
  const rest = await http(s.url, 'GET', '/api/v1/event/showcase?team=Rocket', { key: owner.key });
  t.is(rest.status, 200, rest.text);
  sameAsJson(t, set, rest.body, 'setTeamShowcase');
  const typed = await readShaped(s.url, owner.key, schema, 'teamShowcase', { team: 'Rocket' });
  sameAsJson(t, typed, rest.body, 'teamShowcase');
  const own = await readShaped(s.url, ann.key, schema, 'teamShowcase');
  t.deepEqual(own, set, 'a participant reads their own team without naming it');
  // A cleared field reads null.
  const cleared = await mutateShaped(s.url, owner.key, schema, 'setTeamShowcase', { team: rocketId, patch: { tagline: null } });
  t.like(cleared, { product: 'Rocketeer', tagline: null });
  t.deepEqual(cleared.team, { id: rocketId, name: 'Rocket' });
});

test.serial('teamDeckLinks and setTeamDeckLinks answer typed, the same as GET /api/v1/event/deck-links', async (t) => {
  // Over REST (the hosts and origin come from the API): demo and pitch on the allowed host,
  // the vote link a live share link of this instance.
  const vote = (await liveDeck(s.db.pool, ws.id, owner.userId, 'x.invalid')).url.replace('https://x.invalid', s.url);
  const body = { team: 'Comet', demo: `https://${HOST}/v/demo1/`, pitch: `https://${HOST}/v/pitch1/`, vote };
  const put = await http(s.url, 'PATCH', '/api/v1/event/deck-links', { key: owner.key, body });
  t.is(put.status, 200, put.text);
  const rest = await http(s.url, 'GET', '/api/v1/event/deck-links', { key: bob.key });
  t.is(rest.status, 200, rest.text);
  const typed = await readShaped(s.url, bob.key, schema, 'teamDeckLinks');
  t.deepEqual(typed, { team: { id: cometId, name: 'Comet' }, demo: body.demo, pitch: body.pitch, vote });
  sameAsJson(t, typed, rest.body, 'teamDeckLinks');
  sameAsJson(t, await readShaped(s.url, owner.key, schema, 'teamDeckLinks', { team: cometId }), rest.body, 'teamDeckLinks by an organizer');
  // Over GraphQL no host is allowed, so a change that needs none: clearing the demo link.
  const cleared = await mutateShaped(s.url, bob.key, schema, 'setTeamDeckLinks', { team: null, patch: { demo: null } });
  t.deepEqual(cleared, { team: { id: cometId, name: 'Comet' }, demo: null, pitch: body.pitch, vote });
  sameAsJson(t, cleared, (await http(s.url, 'GET', '/api/v1/event/deck-links', { key: bob.key })).body, 'setTeamDeckLinks');
});

test.serial('provisionPlan answers typed, the same as the plan of GET /api/v1/admin/provision/plan (which adds the live code-host problems)', async (t) => {
  // Two people naming one username: a conflict of the plan itself.
  await s.db.pool.query(`update app.roster_entries set github_login = 'ann-gh' where email = $1`, [bob.email]);
  try {
    const typed = await readShaped(s.url, owner.key, schema, 'provisionPlan');
    const rest = await http(s.url, 'GET', '/api/v1/admin/provision/plan', { key: owner.key });
    t.is(rest.status, 200, rest.text);
    const { templateRevision, templatePushUrl, conflicts, ...plan } = rest.body;
    t.is(typeof templatePushUrl, 'string', 'the REST route adds what it read live');
    t.is(templateRevision, null);
    t.true(typed.conflicts.includes('The username ann-gh is named by 2 people'), JSON.stringify(typed.conflicts));
    // REST lists the plan's conflicts, then the live problems (the template has no branch yet).
    t.deepEqual(conflicts.slice(0, typed.conflicts.length), typed.conflicts);
    t.true(conflicts.length > typed.conflicts.length);
    sameAsJson(t, { ...typed, conflicts: undefined }, plan, 'provisionPlan');
    t.like(typed, { organization: 'acme', template: 'acme/template', branch: 'main', sample: { id: cometId, name: 'Comet' } });
    t.deepEqual(typed.teams.map((x: { project: { name: string } }) => x.project.name), ['Comet', 'Rocket']);
    t.deepEqual(typed.teams[1], {
      project: { id: rocketId, name: 'Rocket' }, repository: 'acme/rocket', readiness: 'planned',
      members: [{ email: ann.email, login: 'ann-gh', permission: 'maintain' }, { email: cat.email, login: null, permission: 'maintain' }],
    });
    t.deepEqual(typed.coaches, [{ email: adv.email, login: 'adv-gh', permission: 'read' }]);
    t.is(typed.notes.length, 2);
    t.regex(typed.notes[0], /^cat@x\.test \(Rocket\) has no code-host username yet/);
    t.regex(typed.notes[1], /^coach@x\.test \(advisor\) has no code-host username/);
  } finally {
    await s.db.pool.query(`update app.roster_entries set github_login = 'bob-gh' where email = $1`, [bob.email]);
  }
});

test.serial('startProvision and provisionRun answer typed; provisionRun is the same as GET /api/v1/admin/provision/runs/:key', async (t) => {
  // Over GraphQL the code host is not read live: only the plan's own conflicts refuse.
  const started = await mutateShaped(s.url, owner.key, schema, 'startProvision', { key: 'k1', sample: rocketId });
  t.like(started, { key: 'k1', state: 'running', sampleProjectId: rocketId, teams: 2 });
  t.truthy(Date.parse(started.startedAt));
  const queued = await s.db.pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'codehost__provision' and key like '%:k1'`);
  t.is(queued.rows[0].n, 1, 'the job is queued');

  // What the worker records (no worker runs here): each team's repository, then the run's tally.
  await assignRepository(s.db.pool, rocketId, 'acme/rocket', 'invited');
  await assignRepository(s.db.pool, cometId, 'acme/comet', 'created');
  await s.db.pool.query(`select app_private.set_repository_readiness($1, 'acme/comet', 'attention', null, 'The code host answered 502')`, [cometId]);
  const running = await readShaped(s.url, owner.key, schema, 'provisionRun', { key: 'k1' });
  t.like(running, { key: 'k1', state: 'running', summary: null, finishedAt: null });
  await s.db.pool.query(`select app_private.finish_provision(e.id, 'k1', '{"ready":0,"invited":1,"attention":1}') from app.events e where e.workspace_id = $1`, [ws.id]);

  const typed = await readShaped(s.url, owner.key, schema, 'provisionRun', { key: 'k1' });
  const rest = await http(s.url, 'GET', '/api/v1/admin/provision/runs/k1', { key: owner.key });
  t.is(rest.status, 200, rest.text);
  t.like(typed, { key: 'k1', state: 'done', summary: { ready: 0, invited: 1, attention: 1 } });
  t.truthy(typed.finishedAt);
  t.deepEqual(typed.teams, [
    { project: { id: cometId, name: 'Comet' }, repository: 'acme/comet', readiness: 'attention', attention: 'The code host answered 502' },
    { project: { id: rocketId, name: 'Rocket' }, repository: 'acme/rocket', readiness: 'invited', attention: null },
  ]);
  sameAsJson(t, typed, rest.body, 'provisionRun');
  t.is(await readShaped(s.url, owner.key, schema, 'provisionRun', { key: 'never' }), null, 'no run by that key reads null');
  // The plan now shows each repository's readiness.
  const plan = await readShaped(s.url, owner.key, schema, 'provisionPlan');
  t.deepEqual(plan.teams.map((x: { repository: string; readiness: string }) => [x.repository, x.readiness]), [['acme/comet', 'attention'], ['acme/rocket', 'invited']]);

  // A plan with a conflict refuses the start, typed or not.
  await s.db.pool.query(`update app.roster_entries set github_login = 'ann-gh' where email = $1`, [bob.email]);
  try {
    const refused = await gqlRefused(owner.key, `mutation { startProvision(input: { key: "k2" }) { result { key state } } }`);
    t.is(refused.code, 'plan_conflicts', refused.text);
    t.is(refused.data.startProvision, null);
  } finally {
    await s.db.pool.query(`update app.roster_entries set github_login = 'bob-gh' where email = $1`, [bob.email]);
  }
});

test.serial('two workspaces: B\'s key reads none of A\'s teams, members, team pages or provisioning through the typed fields', async (t) => {
  const b = await eventWorkspace(s.db.pool, 'BetaTeams');
  await createEvent(s.url, b.owner.key, Date.now() + HOUR);
  const bob2 = await person(s.db.pool, b.ws.id, 'bob2@beta.test');
  await importRoster(s.url, b.owner.key, [{ email: bob2.email, team: 'Meteor' }]);
  t.is((await http(s.url, 'PUT', '/api/v1/event/github', { key: b.owner.key, body: { organization: 'beta-org', template: 'beta-org/template' } })).status, 200);
  t.is((await createTeam(b.owner.key, 'beta-crew', 'Beta crew')).status, 201);
  const aTeams = (await http(s.url, 'GET', '/api/v1/teams?limit=100', { key: owner.key })).body.items;
  const crew = aTeams.find((x: { slug: string }) => x.slug === 'crew');
  t.truthy(crew);

  const bTeams = await readShaped(s.url, b.owner.key, schema, 'listTeams', { limit: 100 });
  t.deepEqual(bTeams.map((x: { slug: string }) => x.slug), ['beta-crew'], 'B lists only its own team');
  for (const ref of ['crew', crew.id]) {
    const r = await gqlRefused(b.owner.key, `{ listTeamMembers(team: "${ref}", limit: 10) { userId email } }`);
    t.is(r.code, 'team_not_found', r.text);
    const m = await gqlRefused(b.owner.key, `mutation { addTeamMember(input: { team: "${ref}", person: "${b.owner.email}" }) { result { userId } } }`);
    t.is(m.code, 'team_not_found', m.text);
  }
  for (const field of ['teamShowcase', 'teamDeckLinks']) {
    for (const ref of ['Rocket', rocketId]) {
      const r = await gqlRefused(b.owner.key, `{ ${field}(team: "${ref}") { team { id name } } }`);
      t.is(r.code, 'team_not_found', `${field} ${ref}: ${r.text}`);
    }
  }
  const bPlan = await readShaped(s.url, b.owner.key, schema, 'provisionPlan');
  t.deepEqual(bPlan.teams.map((x: { project: { name: string } }) => x.project.name), ['Meteor']);
  t.false(JSON.stringify(bPlan).includes(rocketId) || JSON.stringify(bPlan).includes('acme'), 'none of A\'s plan');
  t.is(await readShaped(s.url, b.owner.key, schema, 'provisionRun', { key: 'k1' }), null, 'A\'s run is not B\'s');
  const bStart = await gqlRefused(b.owner.key, `mutation { startProvision(input: { key: "k1", sample: "${rocketId}" }) { result { key } } }`);
  t.is(bStart.code, 'project_not_found', bStart.text);
});
