// Provisioning rules decided in SQL: plan_conflicts raised once over the plan's
// conflicts and the code host's live problems (app_private.start_provision), the job's plan
// refused the same way and ordered sample first (provision_work), the dry run's sample team
// (provision_plan), and each team's readiness and the sample halt (provision_team_done).
// A participant without a username is a note, never a conflict, and naming one
// after provisioning queues their team's pass again (app.set_github_login).
import test from 'ava';
import { asUser } from '../../helpers/as.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { assignRepository, teamIds } from '../../helpers/event.ts';
import * as seed from '../../../ops/harness/seed.ts';

const RW = ['hackathon:read', 'hackathon:write'];
let db: TestDatabase;

test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

interface Ev { wsId: string; eventId: string; teams: Record<string, string>; as: ReturnType<typeof asUser> }

/** An event with teams Zephyr, Aurora and Nova (one participant each); `ready`: organization set and every login known. */
async function eventOf(name: string, ready = true): Promise<Ev> {
  const ws = await seed.workspace(db.pool, name);
  const owner = (await seed.member(db.pool, ws.id, `owner@${name}.test`, 'owner')).userId;
  const as = asUser(db.pool, owner, ws.id, 'owner', RW);
  await as((c) => c.query(`select app.configure_event(0, 'Hack', 'UTC', app.now() + interval '1 hour', app.now() + interval '25 hours',
    app.now() + interval '26 hours', app.now() + interval '27 hours')`));
  await as((c) => c.query(`select app.import_roster($1)`, [JSON.stringify(['Zephyr', 'Aurora', 'Nova'].map((t) => ({ email: `${t.toLowerCase()}@${name}.test`, team: t })))]));
  const eventId = (await db.pool.query('select id from app.events where workspace_id = $1', [ws.id])).rows[0].id;
  if (ready) {
    await db.pool.query(`update app.events set github_organization = $2, github_template = $2 || '/template' where id = $1`, [eventId, name]);
    await db.pool.query(`update app.roster_entries set github_login = split_part(email, '@', 1) || '-' || $2 where event_id = $1`, [eventId, name]);
  }
  return { wsId: ws.id, eventId, teams: await teamIds(db.pool, ws.id), as };
}

interface Refusal { code?: string; message: string; details: Record<string, unknown> }
const refusal = (p: Promise<unknown>): Promise<Refusal | null> =>
  p.then(() => null, (e: { detail?: string; message: string; hint?: string }) => ({ code: e.detail, message: e.message, details: e.hint ? JSON.parse(e.hint) : {} }));

test('the dry run\'s sample team is the plan\'s first team by name, decided by provision_plan', async (t) => {
  const e = await eventOf('sampleplan');
  const plan = (await e.as((c) => c.query('select app.provision_plan() as r'))).rows[0].r;
  t.deepEqual(plan.teams.map((x: { project: { name: string } }) => x.project.name), ['Aurora', 'Nova', 'Zephyr']);
  t.deepEqual(plan.sample, { id: e.teams.Aurora, name: 'Aurora' });
});

test('start_provision refuses plan_conflicts once, listing the plan\'s conflicts and then the live problems', async (t) => {
  const e = await eventOf('conflicts', false);
  const r = await refusal(e.as((c) => c.query(`select app_private.start_provision('k1', null, $1)`, [JSON.stringify(['The template has no branch main'])])));
  const planned = (await e.as((c) => c.query('select app.provision_plan() as r'))).rows[0].r.conflicts as string[];
  t.true(planned.includes('No organization and template yet: run event github first'));
  t.false(planned.some((c) => c.startsWith('nova@conflicts.test')), 'a participant without a username is no conflict (000280)');
  t.like(r, {
    code: 'plan_conflicts',
    message: `The plan has ${planned.length + 1} conflicts; fix them, then run again`,
    details: { conflicts: [...planned, 'The template has no branch main'] },
  });
  t.is((await db.pool.query('select count(*)::int as n from app_private.provision_runs where event_id = $1', [e.eventId])).rows[0].n, 0);
});

test('a clean plan with a live problem is refused; without one the run starts; app.start_provision has no live problems', async (t) => {
  const e = await eventOf('live');
  const r = await refusal(e.as((c) => c.query(`select app_private.start_provision('k1', null, $1)`, [JSON.stringify(['The app is not installed on live'])])));
  t.like(r, { code: 'plan_conflicts', message: 'The plan has 1 conflict; fix it, then run again', details: { conflicts: ['The app is not installed on live'] } });
  const started = (await e.as((c) => c.query(`select app_private.start_provision('k1', $1, '[]') as r`, [e.teams.Nova]))).rows[0].r;
  t.like(started, { key: 'k1', state: 'running', sampleProjectId: e.teams.Nova, teams: 3 });
  const viaApp = (await e.as((c) => c.query(`select app.start_provision('k2', null) as r`))).rows[0].r;
  t.like(viaApp, { key: 'k2', state: 'running', teams: 3 });
});

test('start_provision checks the organizer and the write scope first', async (t) => {
  const e = await eventOf('scope');
  const owner = (await db.pool.query(`select user_id from app.memberships where workspace_id = $1 and role = 'owner'`, [e.wsId])).rows[0].user_id;
  const readOnly = asUser(db.pool, owner, e.wsId, 'owner', ['hackathon:read']);
  t.is((await refusal(readOnly((c) => c.query(`select app_private.start_provision('k1', null, '["x"]')`))))?.code, 'insufficient_scope');
  const part = (await seed.member(db.pool, e.wsId, 'nova@scope.test')).userId;
  t.is((await refusal(asUser(db.pool, part, e.wsId, 'member', RW)((c) => c.query(`select app_private.start_provision('k1', null, '[]')`))))?.code,
    'insufficient_event_role');
});

test('the job\'s plan puts the run\'s sample team first, and refuses a plan that gained conflicts', async (t) => {
  const e = await eventOf('work');
  await e.as((c) => c.query(`select app_private.start_provision('k1', $1, '[]')`, [e.teams.Zephyr]));
  const work = (await db.pool.query(`select app_private.provision_work($1, 'k1') as r`, [e.eventId])).rows[0].r;
  t.deepEqual(work.teams.map((x: { project: { name: string } }) => x.project.name), ['Zephyr', 'Aurora', 'Nova']);
  await e.as((c) => c.query(`select app_private.start_provision('k2', null, '[]')`));
  const plain = (await db.pool.query(`select app_private.provision_work($1, 'k2') as r`, [e.eventId])).rows[0].r;
  t.deepEqual(plain.teams.map((x: { project: { name: string } }) => x.project.name), ['Aurora', 'Nova', 'Zephyr'], 'no sample: the plan\'s order');
  await db.pool.query(`update app.roster_entries set github_login = null where event_id = $1 and email like 'nova@%'`, [e.eventId]);
  const lacking = (await db.pool.query(`select app_private.provision_work($1, 'k1') as r`, [e.eventId])).rows[0].r;
  t.deepEqual(lacking.teams.map((x: { project: { name: string } }) => x.project.name), ['Zephyr', 'Aurora', 'Nova'], 'a member without a username keeps no team out');
  await db.pool.query(`update app.roster_entries set github_login = 'aurora-work' where event_id = $1 and email like 'nova@%'`, [e.eventId]);
  const r = await refusal(db.pool.query(`select app_private.provision_work($1, 'k1')`, [e.eventId]));
  t.like(r, { code: 'plan_conflicts', details: { conflicts: ['The username aurora-work is named by 2 people'] } });
});

test('provision_team_done: ready when every member accepted, invited otherwise, attention with the failure; recorded', async (t) => {
  const e = await eventOf('done');
  await e.as((c) => c.query(`select app_private.start_provision('k1', $1, '[]')`, [e.teams.Aurora]));
  const done = async (team: string, standings: string[], attention: string | null = null) =>
    (await db.pool.query(`select app_private.provision_team_done($1, 'k1', $2, $3, $4, repeat('a', 40), $5) as r`,
      [e.eventId, e.teams[team], `done/${team.toLowerCase()}`, standings, attention])).rows[0].r;
  const stored = async (team: string) => (await db.pool.query(`select readiness, attention from app.team_repositories where project_id = $1`, [e.teams[team]])).rows[0];
  t.deepEqual(await done('Nova', ['member', 'member']), { readiness: 'ready', halt: false });
  t.deepEqual(await stored('Nova'), { readiness: 'ready', attention: null });
  t.deepEqual(await done('Zephyr', ['member', 'invited']), { readiness: 'invited', halt: false });
  t.deepEqual(await done('Zephyr', ['member', 'no_username']), { readiness: 'invited', halt: false }, 'a member without a username yet keeps the team invited');
  t.deepEqual(await done('Zephyr', ['no_username']), { readiness: 'invited', halt: false }, 'nobody with a username: made, and invited');
  t.deepEqual(await stored('Zephyr'), { readiness: 'invited', attention: null });
  t.deepEqual(await done('Zephyr', []), { readiness: 'ready', halt: false }, 'a team without members has nobody left to accept');
  t.deepEqual(await done('Zephyr', [], 'the code host said no'), { readiness: 'attention', halt: false }, 'not the sample: the run goes on');
  t.deepEqual(await stored('Zephyr'), { readiness: 'attention', attention: 'the code host said no' });
  t.deepEqual(await done('Aurora', [], 'template missing'), { readiness: 'attention', halt: true }, 'the sample team halts the run');
  t.deepEqual(await done('Aurora', ['member']), { readiness: 'ready', halt: false });
});

test('a participant without a username is a note, not a conflict: the team stays in the plan and the run starts; an advisor\'s note says how to give one', async (t) => {
  const e = await eventOf('notes');
  await e.as((c) => c.query(`select app.import_roster($1)`, [JSON.stringify([
    { email: 'zephyr@notes.test', team: 'Zephyr' }, { email: 'aurora@notes.test', team: 'Aurora' }, { email: 'nova@notes.test', team: 'Nova' },
    { email: 'nell@notes.test', team: 'Nova' }, { email: 'coach@notes.test', role: 'advisor' }])]));
  await db.pool.query(`update app.roster_entries set github_login = null where event_id = $1 and email in ('nova@notes.test', 'nell@notes.test', 'aurora@notes.test')`, [e.eventId]);
  const plan = (await e.as((c) => c.query('select app.provision_plan() as r'))).rows[0].r;
  t.deepEqual(plan.conflicts, []);
  t.deepEqual(plan.notes, [
    'aurora@notes.test (Aurora) has no code-host username yet: invited once they run hackathon connect --github',
    'nell@notes.test (Nova) has no code-host username yet: invited once they run hackathon connect --github',
    'nova@notes.test (Nova) has no code-host username yet: invited once they run hackathon connect --github',
    'coach@notes.test (advisor) has no code-host username: not invited to the repositories; add "github": "<login>" to their roster row and import it again',
  ]);
  t.deepEqual(plan.teams.map((x: { project: { name: string } }) => x.project.name), ['Aurora', 'Nova', 'Zephyr'], 'Aurora, whose only member has no username, is made too');
  t.deepEqual(plan.teams[1].members.map((m: { login: string | null }) => m.login), [null, null]);
  t.like((await e.as((c) => c.query(`select app_private.start_provision('k1', null, '[]') as r`))).rows[0].r, { key: 'k1', state: 'running', teams: 3 });
});

test('naming a username once the team\'s repository exists queues the team\'s provisioning again (the latest run\'s, that team only), in the same transaction', async (t) => {
  const e = await eventOf('follow');
  const nova = asUser(db.pool, (await seed.member(db.pool, e.wsId, 'nova@follow.test')).userId, e.wsId, 'member', RW);
  const aurora = asUser(db.pool, (await seed.member(db.pool, e.wsId, 'aurora@follow.test')).userId, e.wsId, 'member', RW);
  // This event's jobs only: the other tests of this file start runs at the same time.
  const mine = `from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
    where k.identifier = 'codehost__provision' and j.payload ->> 'eventId' = $1`;
  const payloads = async () => (await db.pool.query(`select j.key, j.payload ${mine} order by j.id`, [e.eventId])).rows;
  const jobs = payloads;
  const clear = () => db.pool.query(`delete from graphile_worker._private_jobs where id in (select j.id ${mine})`, [e.eventId]);
  await db.pool.query(`update app.roster_entries set github_login = null where event_id = $1 and email like 'nova@%'`, [e.eventId]);

  await nova((c) => c.query(`select app.set_github_login('nova-early')`));
  t.deepEqual(await jobs(), [], 'no provisioning run yet: nothing to queue');
  await db.pool.query(`update app.roster_entries set github_login = null where event_id = $1 and email like 'nova@%'`, [e.eventId]);

  await e.as((c) => c.query(`select app_private.start_provision('k1', null, '[]')`));
  await e.as((c) => c.query(`select app_private.start_provision('k2', null, '[]')`));
  await db.pool.query(`update app_private.provision_runs set state = 'done', finished_at = now(), started_at = started_at - interval '1 minute' where key = 'k1' and event_id = $1`, [e.eventId]);
  await db.pool.query(`update app_private.provision_runs set state = 'done', finished_at = now() where key = 'k2' and event_id = $1`, [e.eventId]);
  await clear();
  await nova((c) => c.query(`select app.set_github_login('nova-gh')`));
  t.deepEqual(await jobs(), [], 'a run happened but Nova has no repository yet (the run will invite them)');
  await db.pool.query(`update app.roster_entries set github_login = null where event_id = $1 and email like 'nova@%'`, [e.eventId]);

  await assignRepository(db.pool, e.teams.Nova, 'follow/nova', 'invited');
  const record = (await nova((c) => c.query(`select app.set_github_login('@nova-gh') as r`))).rows[0].r;
  t.is(record.githubLogin, 'nova-gh');
  t.deepEqual(await payloads(), [{ key: `provision:${e.eventId}:k2:${e.teams.Nova}`, payload: { eventId: e.eventId, key: 'k2', projectId: e.teams.Nova } }],
    'the latest run\'s job, narrowed to Nova');
  await nova((c) => c.query(`select app.set_github_login('other-gh')`));
  t.is((await jobs()).length, 1, 'a pass already queued for the team absorbs the next one (its job key)');
  t.is((await db.pool.query(`select state from app_private.provision_runs where key = 'k2' and event_id = $1`, [e.eventId])).rows[0].state, 'done',
    'the run\'s row keeps its state: the job updates its summary when it is done');

  await clear();
  await nova((c) => c.query(`select app.set_github_login('OTHER-gh')`));
  t.deepEqual(await jobs(), [], 'a change of case names the same account: nothing to invite');
  await aurora((c) => c.query(`select app.set_github_login('aurora-gh')`));
  t.deepEqual(await jobs(), [], 'Aurora\'s team has no repository yet');

  const refused = await refusal(nova((c) => c.query(`select app.set_github_login('aurora-gh')`)));
  t.is(refused?.code, 'github_login_taken');
  t.deepEqual(await jobs(), [], 'a refused username queues nothing');
});
