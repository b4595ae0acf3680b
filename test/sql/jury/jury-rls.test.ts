// Row security of the jury tables, an allow and a deny for each policy: settings and
// criteria (every role of the event; never another workspace), conflicts (organizers only),
// assignments (organizers; a juror their own), scores (a juror their own; organizers after the
// close; participants never), results (organizers every version; the roster once released).
// A key without hackathon:read reads nothing.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { juryFixture, openJury, score } from '../../helpers/jury.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const n = async (fx: any, who: string, table: string, scopes?: string[]) => (await fx.as(who, `select count(*)::int as n from app.${table}`, [], scopes))[0].n as number;

test.serial('each policy: allow and deny, by role, by workspace and by scope', async (t) => {
  const other = await juryFixture(db.pool, { teams: { Bee: ['bee@other.test'] }, jurors: ['oj@other.test'] });
  const fx = await juryFixture(db.pool);
  await fx.call('owner', 'app.add_jury_conflict($1, $2)', ['j3@jury.test', 'Apollo']);
  await openJury(fx, 1);
  await openJury(other, 1);
  const [mine] = (await fx.pool.query(`select p.name from app.jury_assignments a join app.projects p on p.id = a.project_id where a.event_id = $1 and a.juror = 'j1@jury.test'`, [fx.eventId])).rows;
  await score(fx, 'j1@jury.test', mine.name, { Impact: 3, Execution: 3 }, { submit: true });

  // settings and criteria: every role of this event; not another workspace; not without the read scope
  for (const table of ['jury_settings', 'jury_criteria']) {
    const want = table === 'jury_settings' ? 1 : 2;
    for (const who of ['owner', 'j1@jury.test', 'ann@x.test']) t.is(await n(fx, who, table), want, `${table} ${who}`);
    t.is(await n(other, 'owner', table), want, 'the other workspace reads its own');
    t.is(await n(fx, 'owner', table, ['hackathon:write']), 0, `${table}: no read scope`);
  }
  const all = async (table: string) => Number((await db.pool.query(`select count(*) from app.${table} where event_id = $1`, [fx.eventId])).rows[0].count);
  // conflicts: organizers only
  t.is(await n(fx, 'owner', 'jury_conflicts'), 1);
  t.is(await n(fx, 'j3@jury.test', 'jury_conflicts'), 0);
  // assignments: organizers all, a juror their own, participants none, another workspace none of these
  t.is(await n(fx, 'owner', 'jury_assignments'), await all('jury_assignments'));
  t.is(await n(fx, 'j1@jury.test', 'jury_assignments'), (await fx.pool.query(`select count(*)::int as n from app.jury_assignments where event_id = $1 and juror = 'j1@jury.test'`, [fx.eventId])).rows[0].n);
  t.is(await n(fx, 'ann@x.test', 'jury_assignments'), 0);
  t.is(await n(other, 'owner', 'jury_assignments'), Number((await db.pool.query(`select count(*) from app.jury_assignments where event_id = $1`, [other.eventId])).rows[0].count));
  // scores: the juror their own; organizers not before the close
  t.is(await n(fx, 'j1@jury.test', 'jury_scores'), 1);
  t.is(await n(fx, 'j2@jury.test', 'jury_scores'), 0);
  t.is(await n(fx, 'owner', 'jury_scores'), 0);
  await fx.call('owner', 'app.close_jury()');
  t.is(await n(fx, 'owner', 'jury_scores'), 1);
  t.is(await n(other, 'owner', 'jury_scores'), 0, 'another workspace\'s organizer: none of these');
  t.is(await n(fx, 'ann@x.test', 'jury_scores'), 0);
  // results: organizers every version, the roster once released
  await fx.call('owner', 'app.calculate_jury_results($1)', ['mean']);
  t.is(await n(fx, 'owner', 'jury_results'), 1);
  for (const who of ['ann@x.test', 'j1@jury.test']) t.is(await n(fx, who, 'jury_results'), 0, `unreleased: ${who}`);
  await fx.call('owner', 'app.release_jury_results($1)', [1]);
  for (const who of ['ann@x.test', 'j1@jury.test']) t.is(await n(fx, who, 'jury_results'), 1, `released: ${who}`);
  t.is(await n(other, 'owner', 'jury_results'), 0);
});
