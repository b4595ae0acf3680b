// Jury scores: the window by the server clock (no score before jury open or after
// jury close), only assigned teams, the scale, revision checks like ballots, submission
// complete, an organizer cannot change a juror's score, a juror reads only their own scores,
// organizers read counts while judging runs and the scores after the close, participants never.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { refusal } from '../../helpers/vote.ts';
import { assignedTo, CRITERIA, juryFixture, openJury, score } from '../../helpers/jury.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const nameOf = async (fx: any, pid: string) => (await fx.pool.query('select name from app.projects where id = $1', [pid])).rows[0].name;

test.serial('no score before the window opens or after it closes; open and close by the server clock', async (t) => {
  const fx = await juryFixture(db.pool);
  t.like(await refusal(fx.call('owner', 'app.open_jury()')), { code: 'jury_no_criteria' });
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  t.like(await refusal(fx.call('owner', 'app.open_jury()')), { code: 'jury_no_assignments' });
  t.like(await refusal(fx.call('owner', 'app.close_jury()')), { code: 'jury_not_open' });
  await fx.call('owner', 'app.assign_jury($1, $2)', [3, 0]);
  t.like(await refusal(score(fx, 'j1@jury.test', 'Rocket', { Impact: 4 })), { code: 'jury_not_open' });
  const o = await fx.call('owner', 'app.open_jury()');
  t.is(o.state, 'open');
  t.is(o.openedAt, o.now, 'opened at the server clock');
  t.like(await score(fx, 'j1@jury.test', 'Rocket', { Impact: 4 }), { state: 'draft', revision: 1 });
  await fx.at(30); // the test clock moves on: still open until the close
  t.is((await fx.call('owner', 'app.jury_status()')).state, 'open');
  const c = await fx.call('owner', 'app.close_jury()');
  t.is(c.state, 'closed');
  const late = await refusal(score(fx, 'j1@jury.test', 'Rocket', { Impact: 5 }, { rev: 1 }));
  t.like(late, { code: 'jury_closed', details: { state: 'closed' } });
  t.like(await refusal(fx.call('owner', 'app.open_jury()')), { code: 'jury_closed' });
  t.is((await fx.call('owner', 'app.close_jury()')).state, 'closed', 'closing again answers the status');
});

test.serial('a juror scores only assigned teams; values within the scale, criteria known, submission complete; revisions checked', async (t) => {
  const fx = await juryFixture(db.pool);
  await openJury(fx, 1);
  const [mine] = await assignedTo(fx, 'j1@jury.test');
  const team = await nameOf(fx, mine!);
  const other = (Object.entries(fx.teams).find(([, id]) => id !== mine))![0];
  if (!(await assignedTo(fx, 'j1@jury.test')).includes(fx.teams[other]!)) {
    t.like(await refusal(score(fx, 'j1@jury.test', other, { Impact: 4 })), { code: 'jury_not_assigned', details: { team: other } });
  }
  t.like(await refusal(score(fx, 'j1@jury.test', team, { Impact: 6 })), { code: 'invalid_jury_score', details: { field: 'scores.Impact', min: 1, max: 5 } });
  t.like(await refusal(score(fx, 'j1@jury.test', team, { Impact: 2.5 })), { code: 'invalid_jury_score' });
  t.like(await refusal(score(fx, 'j1@jury.test', team, { Beauty: 2 })), { code: 'invalid_jury_score', details: { criterion: 'Beauty' } });
  const d = await score(fx, 'j1@jury.test', team, { impact: 4 }, { note: 'strong demo' });
  t.like(d, { state: 'draft', revision: 1, draft: { Impact: 4 }, note: 'strong demo' });
  t.like(await refusal(score(fx, 'j1@jury.test', team, { Execution: 3 })), { code: 'revision_conflict', details: { currentRevision: 1, expectedRevision: 0 } });
  const inc = await refusal(score(fx, 'j1@jury.test', team, {}, { rev: 1, submit: true }));
  t.like(inc, { code: 'invalid_jury_score', details: { missing: ['Execution'] } });
  const s = await score(fx, 'j1@jury.test', team, { Execution: 3 }, { rev: 1, submit: true });
  t.like(s, { state: 'submitted', revision: 2, submission: { Impact: 4, Execution: 3 }, draft: null, note: 'strong demo' });
  t.truthy(s.submittedAt);
  const again = await score(fx, 'j1@jury.test', team, { Impact: 5 }, { rev: 2, submit: true });
  t.like(again, { revision: 3, submission: { Impact: 5, Execution: 3 } }, 'a submission may be revised while judging is open');
});

test.serial('an organizer cannot change a juror\'s score; participants never read a score or a note', async (t) => {
  const fx = await juryFixture(db.pool);
  await openJury(fx, 3);
  await score(fx, 'j1@jury.test', 'Rocket', { Impact: 4, Execution: 4 }, { submit: true, note: 'private' });
  const org = await refusal(score(fx, 'owner', 'Rocket', { Impact: 1 }, { rev: 1 }));
  t.like(org, { code: 'insufficient_event_role', details: { role: 'organizer', needed: ['jury'] } });
  t.like(await refusal(fx.call('ann@x.test', 'app.my_jury_scores()')), { code: 'insufficient_event_role' });
  t.like(await refusal(fx.call('ann@x.test', 'app.jury_progress()')), { code: 'insufficient_event_role' });
  t.deepEqual(await fx.as('ann@x.test', 'select * from app.jury_scores'), []);
  t.deepEqual(await fx.as('ann@x.test', 'select * from app.jury_assignments'), []);
  t.deepEqual(await fx.as('ann@x.test', 'select * from app.jury_conflicts'), []);
  await fx.call('owner', 'app.close_jury()');
  t.deepEqual(await fx.as('ann@x.test', 'select * from app.jury_scores'), [], 'not after the close either');
  const st = await fx.call('ann@x.test', 'app.jury_status()');
  t.false('progress' in st);
});

test.serial('a juror reads only their own scores; organizers read counts while judging runs and the scores after the close', async (t) => {
  const fx = await juryFixture(db.pool);
  await openJury(fx, 3);
  await score(fx, 'j1@jury.test', 'Rocket', { Impact: 4, Execution: 4 }, { submit: true, note: 'mine' });
  await score(fx, 'j2@jury.test', 'Rocket', { Impact: 2 });
  const mine = await fx.call('j1@jury.test', 'app.my_jury_scores()');
  t.deepEqual(mine.items.map((i: any) => [i.team, i.state]), [['Apollo', 'none'], ['Comet', 'none'], ['Rocket', 'submitted']]);
  t.deepEqual((await fx.as('j1@jury.test', 'select juror, note from app.jury_scores')).map((r) => [r.juror, r.note]), [['j1@jury.test', 'mine']]);
  t.is((await fx.as('j2@jury.test', 'select juror from app.jury_scores')).length, 1);
  // Organizers: counts only while judging runs.
  t.deepEqual(await fx.as('owner', 'select * from app.jury_scores'), []);
  const p = await fx.call('owner', 'app.jury_progress()');
  t.like(p, { state: 'open', assigned: 9, submitted: 1 });
  t.like(p.teams.find((x: any) => x.team === 'Rocket'), { assigned: 3, submitted: 1, drafts: 1 });
  t.like(p.jurors.find((x: any) => x.juror === 'j1@jury.test'), { assigned: 3, submitted: 1, drafts: 0, late: false });
  t.like(p.jurors.find((x: any) => x.juror === 'j3@jury.test'), { assigned: 3, submitted: 0, late: true });
  t.false(JSON.stringify(p).includes('"Impact"'), 'no score in the progress');
  await fx.call('owner', 'app.close_jury()');
  t.is((await fx.as('owner', 'select * from app.jury_scores')).length, 2, 'organizers read the scores after the close');
});
