// Removing a juror from the roster: their unsubmitted drafts go; their submitted
// scores stay only if the organizer says so at removal (--keep-scores, the setting
// podium.jury_keep_scores in the import's transaction).
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { asUser } from '../../helpers/as.ts';
import { RW } from '../../helpers/vote.ts';
import { juryFixture, openJury, score } from '../../helpers/jury.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const roster = (jurors: string[]) => [
  { email: 'ann@x.test', team: 'Rocket', name: 'ann' }, { email: 'cat@x.test', team: 'Comet', name: 'cat' }, { email: 'dan@x.test', team: 'Apollo', name: 'dan' },
  ...jurors.map((email) => ({ email, role: 'jury' })),
];

async function importRoster(fx: any, rows: unknown[], keepScores: boolean) {
  await asUser(fx.pool, fx.owner, fx.wsId, 'owner', RW)(async (c) => {
    if (keepScores) await c.query(`select set_config('podium.jury_keep_scores', 'on', true)`);
    await c.query('select app.import_roster($1, false)', [JSON.stringify(rows)]);
  });
}

const scoresOf = async (fx: any, juror: string) =>
  (await fx.pool.query('select state, juror_removed_at is not null as removed from app.jury_scores where event_id = $1 and juror = $2 order by state', [fx.eventId, juror])).rows.map((r: any) => [r.state, r.removed]);

test.serial('removal without keep-scores drops drafts and submitted scores and the assignments', async (t) => {
  const fx = await juryFixture(db.pool);
  await openJury(fx, 3);
  await score(fx, 'j1@jury.test', 'Rocket', { Impact: 4, Execution: 4 }, { submit: true });
  await score(fx, 'j1@jury.test', 'Comet', { Impact: 2 });
  await importRoster(fx, roster(['j2@jury.test', 'j3@jury.test']), false);
  t.deepEqual(await scoresOf(fx, 'j1@jury.test'), []);
  t.is(Number((await fx.pool.query(`select count(*) from app.jury_assignments where event_id = $1 and juror = 'j1@jury.test'`, [fx.eventId])).rows[0].count), 0);
});

test.serial('removal with keep-scores drops drafts and keeps the submitted scores (marked), which still count', async (t) => {
  const fx = await juryFixture(db.pool);
  await openJury(fx, 3);
  await score(fx, 'j1@jury.test', 'Rocket', { Impact: 4, Execution: 4 }, { submit: true });
  await score(fx, 'j1@jury.test', 'Comet', { Impact: 2 });
  await importRoster(fx, roster(['j2@jury.test', 'j3@jury.test']), true);
  t.deepEqual(await scoresOf(fx, 'j1@jury.test'), [['submitted', true]]);
  await fx.call('owner', 'app.close_jury()');
  const r = await fx.call('owner', 'app.calculate_jury_results($1)', ['mean']);
  t.like(r.rows.find((x: any) => x.name === 'Rocket'), { fraction: '4/1', scores: 1 });
});

test.serial('a juror whose role changes away from jury is removed the same way', async (t) => {
  const fx = await juryFixture(db.pool);
  await openJury(fx, 3);
  await score(fx, 'j1@jury.test', 'Comet', { Impact: 2 });
  await importRoster(fx, [...roster(['j2@jury.test', 'j3@jury.test']), { email: 'j1@jury.test', role: 'advisor' }], false);
  t.deepEqual(await scoresOf(fx, 'j1@jury.test'), []);
});
