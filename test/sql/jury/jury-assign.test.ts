// Jury assignments: every team gets k jurors with balanced load, the same plan for
// the same seed, manual assignments kept and counted, the shortfall names teams and why, and
// the plan is fixed once judging opened.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { refusal } from '../../helpers/vote.ts';
import { CRITERIA, juryFixture, score } from '../../helpers/jury.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const TEAMS: Record<string, string[]> = {};
for (let i = 1; i <= 7; i++) TEAMS[`Team${i}`] = [`p${i}@x.test`];
const JURORS = ['a@j.test', 'b@j.test', 'c@j.test', 'd@j.test'];
const pairs = (plan: any) => plan.items.map((a: any) => `${a.juror}>${a.team}`).sort();

test.serial('k jurors per team, loads within one of each other, deterministic for a seed', async (t) => {
  const fx = await juryFixture(db.pool, { teams: TEAMS, jurors: JURORS });
  const p1 = await fx.call('owner', 'app.assign_jury($1, $2)', [3, 42]);
  t.is(p1.planned, 21);
  t.deepEqual(p1.shortfall, []);
  for (const team of Object.keys(TEAMS)) t.is(p1.items.filter((a: any) => a.team === team).length, 3);
  const loads = p1.jurors.map((j: any) => j.load);
  t.true(Math.max(...loads) - Math.min(...loads) <= 1, `loads ${loads}`);
  const p2 = await fx.call('owner', 'app.assign_jury($1, $2)', [3, 42]);
  t.deepEqual(pairs(p2), pairs(p1), 'same seed, same plan');
  const seeds = new Set<string>();
  for (const s of [1, 2, 3, 4, 5]) seeds.add(pairs(await fx.call('owner', 'app.assign_jury($1, $2)', [2, s])).join());
  t.true(seeds.size > 1, 'another seed may give another plan');
  t.like(await refusal(fx.call('owner', 'app.assign_jury($1, $2)', [0, 1])), { code: 'invalid_input', details: { field: 'perTeam' } });
});

test.serial('manual assignments stay through a new plan and count toward k; remove takes one back', async (t) => {
  const fx = await juryFixture(db.pool, { teams: TEAMS, jurors: JURORS });
  await fx.call('owner', 'app.add_jury_assignment($1, $2)', ['a@j.test', 'Team1']);
  const p = await fx.call('owner', 'app.assign_jury($1, $2)', [1, 9]);
  t.deepEqual(p.items.filter((a: any) => a.team === 'Team1').map((a: any) => [a.juror, a.source]), [['a@j.test', 'manual']]);
  t.is(p.items.length, 7);
  t.like(await fx.call('owner', 'app.remove_jury_assignment($1, $2)', ['a@j.test', 'Team1']), { removed: true });
  t.like((await fx.call('owner', 'app.list_jury_assignments()')).shortfall, [{ team: 'Team1', assigned: 0, needed: 1, freeJurors: 4 }]);
});

test.serial('a plan that cannot reach k names the teams short and why', async (t) => {
  const fx = await juryFixture(db.pool, { teams: { Rocket: ['r@x.test'], Comet: ['c@x.test'] }, jurors: ['a@j.test', 'b@j.test'] });
  await fx.call('owner', 'app.add_jury_conflict($1, $2, $3)', ['a@j.test', 'Rocket', 'mentor']);
  const p = await fx.call('owner', 'app.assign_jury($1, $2)', [2, 0]);
  t.deepEqual(p.shortfall.map((s: any) => [s.team, s.assigned, s.needed, s.reason]), [
    ['Rocket', 1, 2, 'only 1 of 2 jurors have no conflict with it (conflicts: a@j.test (declared))'],
  ]);
});

test.serial('the plan is fixed once judging opened (jury_opened); jury_conflicts and shows are organizer-only', async (t) => {
  const fx = await juryFixture(db.pool);
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  await fx.call('owner', 'app.assign_jury($1, $2)', [1, 0]);
  await fx.call('owner', 'app.open_jury()');
  t.like(await refusal(fx.call('owner', 'app.assign_jury($1, $2)', [1, 0])), { code: 'jury_opened' });
  t.like(await refusal(fx.call('j1@jury.test', 'app.list_jury_assignments()')), { code: 'insufficient_event_role' });
  // A submitted score keeps its assignment.
  const [mine] = (await fx.pool.query(`select p.name from app.jury_assignments a join app.projects p on p.id = a.project_id where a.event_id = $1 and a.juror = 'j1@jury.test'`, [fx.eventId])).rows;
  await score(fx, 'j1@jury.test', mine.name, { Impact: 3, Execution: 3 }, { submit: true });
  t.like(await refusal(fx.call('owner', 'app.remove_jury_assignment($1, $2)', ['j1@jury.test', mine.name])), { code: 'jury_score_submitted' });
});
