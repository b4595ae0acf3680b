// `hackathon teams` write verbs in process against a real server: create, update, delete,
// members add and remove, with the spec's sentences for their refusals and the checks made
// before any request (exit 2).
import test from 'ava';
import { person, type Person } from '../../helpers/event.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { makeHome, runHackathon } from './run.ts';

let s: TestServer;
let owner: Person, admin: Person, mia: Person, ben: Person;
let env: NodeJS.ProcessEnv;
const run = (args: string[], as: Person = owner) => runHackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key });

test.before(async () => {
  s = await startTestServer();
  const ws = await seed.workspace(s.db.pool, 'Acme');
  owner = await person(s.db.pool, ws.id, 'owner@acme.test', 'owner');
  admin = await person(s.db.pool, ws.id, 'admin@acme.test', 'admin');
  mia = await person(s.db.pool, ws.id, 'mia@acme.test');
  ben = await person(s.db.pool, ws.id, 'ben@acme.test');
  env = makeHome().env;
});
test.after.always(() => s?.close());

test.serial('create, update, members add and remove, delete: the human lines', async (t) => {
  const c = await run(['teams', 'create', 'design', '--name', 'Design crew']);
  t.is(c.code, 0, c.stderr);
  t.regex(c.stdout, /^Created team design \(Design crew, [0-9a-f-]{36}\)\n$/);
  const add = await run(['teams', 'members', 'add', 'design', 'mia@acme.test'], admin);
  t.is(add.stdout, 'mia@acme.test is in team design\n');
  t.is((await run(['teams', 'members', 'add', 'design', 'ben@acme.test'])).code, 0);
  t.regex((await run(['teams', 'members', 'design'])).stdout, /^mia@acme\.test /m);
  const rm = await run(['teams', 'members', 'remove', 'design', 'ben@acme.test']);
  t.is(rm.stdout, 'Removed ben@acme.test from team design\n');
  const up = await run(['teams', 'update', 'design', '--slug', 'designers', '--name', 'Designers']);
  t.is(up.stdout, 'Updated team designers (Designers)\n');
  t.regex((await run(['teams', 'list'])).stdout, /^designers +Designers +1 member/m);
  const del = await run(['teams', 'delete', 'designers', '--yes']);
  t.is(del.stdout, 'Deleted team designers (Designers): 1 member left it, 0 project roles removed\n');
  t.is((await run(['teams', 'list'])).stdout, 'No teams\n');
});

test.serial('--json prints the wire answer of every write verb', async (t) => {
  const c = JSON.parse((await run(['teams', 'create', 'ops', '--name', 'Ops', '--json'])).stdout);
  t.like(c, { slug: 'ops', name: 'Ops', hubManaged: false, memberCount: 0 });
  const m = JSON.parse((await run(['teams', 'members', 'add', 'ops', mia.userId, '--json'])).stdout);
  t.like(m, { userId: mia.userId, email: 'mia@acme.test' });
  const u = JSON.parse((await run(['teams', 'update', c.id, '--name', 'Operations', '--json'])).stdout);
  t.like(u, { id: c.id, name: 'Operations' });
  const r = JSON.parse((await run(['teams', 'members', 'remove', 'ops', 'mia@acme.test', '--json'])).stdout);
  t.deepEqual(r, { removed: { userId: mia.userId, email: 'mia@acme.test' } });
  const d = JSON.parse((await run(['teams', 'delete', 'ops', '--yes', '--json'])).stdout);
  t.like(d.deleted, { id: c.id, slug: 'ops', projectEntries: 0 });
});

test.serial('the spec\'s sentences: slug already used, person already in the team, only an owner or admin manages teams, managed on the hub', async (t) => {
  await run(['teams', 'create', 'crew', '--name', 'Crew']);
  const taken = await run(['teams', 'create', 'crew', '--name', 'Other']);
  t.is(taken.code, 1);
  t.regex(taken.stderr, /The slug crew is already used by a team of this workspace \(slug_taken\)/);
  await run(['teams', 'members', 'add', 'crew', 'mia@acme.test']);
  const twice = await run(['teams', 'members', 'add', 'crew', 'mia@acme.test']);
  t.is(twice.code, 1);
  t.regex(twice.stderr, /mia@acme\.test is already in team crew \(already_in_team\)/);
  for (const args of [['teams', 'create', 'rebels', '--name', 'Rebels'], ['teams', 'update', 'crew', '--name', 'Mine'], ['teams', 'delete', 'crew', '--yes'], ['teams', 'members', 'add', 'crew', 'ben@acme.test'], ['teams', 'members', 'remove', 'crew', 'mia@acme.test']]) {
    const r = await run(args, mia);
    t.is(r.code, 1, args.join(' '));
    t.regex(r.stderr, /Only an owner or admin manages teams \(owner_or_admin_required\)/, args.join(' '));
  }
  await s.db.pool.query(`update app.teams set hub_managed = true where slug = 'crew'`);
  for (const args of [['teams', 'update', 'crew', '--name', 'X'], ['teams', 'delete', 'crew', '--yes'], ['teams', 'members', 'remove', 'crew', 'mia@acme.test']]) {
    const r = await run(args);
    t.is(r.code, 1);
    t.regex(r.stderr, /Team crew is managed on the hub account site; change it there \(team_managed_on_hub\)/);
  }
  const stranger = await run(['teams', 'members', 'add', 'ops-none', 'mia@acme.test']);
  t.regex(stranger.stderr, /team_not_found/);
  const notMember = await run(['teams', 'create', 'solo', '--name', 'Solo']);
  t.is(notMember.code, 0);
  const outsider = await run(['teams', 'members', 'add', 'solo', 'x@elsewhere.test']);
  t.is(outsider.code, 1);
  t.regex(outsider.stderr, /not_a_member/);
});

test.serial('checks before any request: slug shape, a name, something to change, one team', async (t) => {
  const bad = await run(['teams', 'create', 'Bad Slug', '--name', 'X']);
  t.is(bad.code, 2);
  t.regex(bad.stderr, /lowercase letters and digits/);
  t.is((await run(['teams', 'create', 'ok'])).code, 1, '--name is required');
  t.is((await run(['teams', 'create', 'ok', '--name', ''])).code, 2);
  t.is((await run(['teams', 'update', 'crew'])).code, 2, 'nothing to change');
  t.is((await run(['teams', 'update', 'crew', '--slug', 'UP'])).code, 2);
  t.is((await run(['teams', 'delete'])).code, 1);
  t.is((await run(['teams', 'members', 'add', 'crew'])).code, 1);
  t.is((await run(['teams', 'members', 'remove', 'crew', 'a', 'b'])).code, 1);
  t.regex((await run(['teams', 'list'])).stdout, /^crew /m, 'nothing was changed');
});
