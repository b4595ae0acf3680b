// Jury conflicts: roster (the juror's account is a member of the team's project),
// advised (claimed one of its help requests), declared (jury conflicts add); the plan never
// assigns a conflicted pair; a manual assignment of one is refused with the conflict named;
// a score is refused for a conflicted team even when the pair was assigned before the conflict.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { refusal } from '../../helpers/vote.ts';
import { CRITERIA, claimedRequest, juryFixture, score } from '../../helpers/jury.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test.serial('conflicts show: roster, advised and declared, each with its reason; organizers only', async (t) => {
  const fx = await juryFixture(db.pool);
  await fx.pool.query(`insert into app.project_members (project_id, user_id, role) values ($1, $2, 'viewer')`, [fx.teams.Rocket, fx.users['j1@jury.test']]);
  await claimedRequest(fx, 'Comet', 'j2@jury.test');
  await fx.call('owner', 'app.add_jury_conflict($1, $2, $3)', ['J3@jury.test', 'apollo', 'sister works there']);
  const c = await fx.call('owner', 'app.list_jury_conflicts()');
  t.deepEqual(c.items.map((x: any) => [x.juror, x.team, x.kind, x.reason]), [
    ['j1@jury.test', 'Rocket', 'roster', "on the team's roster"],
    ['j2@jury.test', 'Comet', 'advised', 'claimed its help request "Build fails"'],
    ['j3@jury.test', 'Apollo', 'declared', 'sister works there'],
  ]);
  t.like(await refusal(fx.call('j1@jury.test', 'app.list_jury_conflicts()')), { code: 'insufficient_event_role' });
  t.like(await refusal(fx.call('owner', 'app.add_jury_conflict($1, $2)', ['ann@x.test', 'Rocket'])), { code: 'juror_not_found', details: { juror: 'ann@x.test' } });
  t.like(await refusal(fx.call('owner', 'app.add_jury_conflict($1, $2)', ['j1@jury.test', 'Nope'])), { code: 'team_not_found', details: { team: 'Nope' } });
  await fx.call('owner', 'app.remove_jury_conflict($1, $2)', ['j3@jury.test', 'Apollo']);
  t.is((await fx.call('owner', 'app.list_jury_conflicts()')).items.length, 2);
});

test.serial('the plan never assigns a conflicted juror; a manual assignment of one is refused with the conflict named', async (t) => {
  const fx = await juryFixture(db.pool);
  await claimedRequest(fx, 'Comet', 'j2@jury.test');
  await fx.call('owner', 'app.add_jury_conflict($1, $2)', ['j1@jury.test', 'Rocket']);
  const plan = await fx.call('owner', 'app.assign_jury($1, $2)', [2, 1]);
  const pairs = plan.items.map((a: any) => `${a.juror} ${a.team}`);
  t.false(pairs.includes('j2@jury.test Comet'));
  t.false(pairs.includes('j1@jury.test Rocket'));
  const r = await refusal(fx.call('owner', 'app.add_jury_assignment($1, $2)', ['j2@jury.test', 'Comet']));
  t.like(r, { code: 'jury_conflict', details: { juror: 'j2@jury.test', team: 'Comet', conflict: 'advised: claimed its help request "Build fails"' } });
  t.is(r.message, 'j2@jury.test has a conflict of interest with Comet (advised: claimed its help request "Build fails")');
  t.like(await refusal(fx.call('owner', 'app.add_jury_assignment($1, $2)', ['j1@jury.test', 'Rocket'])), { code: 'jury_conflict', details: { conflict: 'declared: declared' } });
});

test.serial('a juror never scores a conflicted team, even one assigned before the conflict arose', async (t) => {
  const fx = await juryFixture(db.pool);
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  await fx.call('owner', 'app.add_jury_assignment($1, $2)', ['j1@jury.test', 'Rocket']);
  await fx.call('owner', 'app.open_jury()');
  await claimedRequest(fx, 'Rocket', 'j1@jury.test'); // an advisor-like claim after the assignment
  const r = await refusal(score(fx, 'j1@jury.test', 'Rocket', { Impact: 4 }));
  t.like(r, { code: 'jury_conflict', details: { juror: 'j1@jury.test', team: 'Rocket' } });
  t.is(Number((await fx.pool.query('select count(*) from app.jury_scores where event_id = $1', [fx.eventId])).rows[0].count), 0);
});

test.serial('a roster conflict: a juror on the team (project member) is never assigned', async (t) => {
  const fx = await juryFixture(db.pool, { jurors: ['j1@jury.test'] });
  await fx.pool.query(`insert into app.project_members (project_id, user_id, role) values ($1, $2, 'editor')`, [fx.teams.Apollo, fx.users['j1@jury.test']]);
  const plan = await fx.call('owner', 'app.assign_jury($1, $2)', [1, 0]);
  t.deepEqual(plan.items.map((a: any) => a.team), ['Comet', 'Rocket']);
  t.like(plan.shortfall, [{ team: 'Apollo', assigned: 0, needed: 1, freeJurors: 0 }]);
  t.is(plan.shortfall[0].reason, 'only 0 of 1 jurors have no conflict with it (conflicts: j1@jury.test (roster))');
});
