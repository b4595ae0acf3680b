// Jury results: calculate after the close only; the weighted mean as an exact
// fraction and decimal (docs/JUDGING.md's worked example), ties, coverage, the rank method,
// the digest over the inputs (same inputs, same version), release, the export with and
// without identities, and the recount (core/jury/tally.ts) agreeing with SQL to the digest.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { refusal } from '../../helpers/vote.ts';
import { CRITERIA, juryFixture, score } from '../../helpers/jury.ts';
import { fileProblem, tally } from '../../../core/jury/tally.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

// docs/JUDGING.md: Impact (weight 3), Execution (weight 2); a harsh juror A and a generous B.
const EXAMPLE = {
  'j1@jury.test': { Rocket: [4, 3], Comet: [2, 2], Apollo: [3, 1] },
  'j2@jury.test': { Rocket: [5, 5], Comet: [5, 4], Apollo: [4, 5] },
} as Record<string, Record<string, [number, number]>>;

async function judged() {
  const fx = await juryFixture(db.pool);
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  for (const juror of [...Object.keys(EXAMPLE), 'j3@jury.test']) for (const team of ['Rocket', 'Comet', 'Apollo']) await fx.call('owner', 'app.add_jury_assignment($1, $2)', [juror, team]);
  await fx.call('owner', 'app.open_jury()');
  for (const [juror, teams] of Object.entries(EXAMPLE)) {
    for (const [team, [impact, execution]] of Object.entries(teams)) await score(fx, juror, team, { Impact: impact, Execution: execution }, { submit: true, note: 'secret note' });
  }
  return fx;
}
const view = (r: any) => r.rows.map((x: any) => [x.rank, x.name, x.fraction, x.score, x.scores, x.assigned]);

test.serial('calculate is refused before the close (jury_not_closed)', async (t) => {
  const fx = await judged();
  t.like(await refusal(fx.call('owner', 'app.calculate_jury_results($1)', ['mean'])), { code: 'jury_not_closed', details: { state: 'open' } });
  await fx.call('owner', 'app.close_jury()');
  t.like(await refusal(fx.call('owner', 'app.calculate_jury_results($1)', ['median'])), { code: 'invalid_input', details: { field: 'method' } });
});

test.serial('mean: the worked example to the fraction, ties, coverage; the same inputs give the same version', async (t) => {
  const fx = await judged();
  await fx.call('owner', 'app.close_jury()');
  const r = await fx.call('owner', 'app.calculate_jury_results($1)', ['mean']);
  t.like(r, { version: 1, method: 'mean', created: true, released: false });
  t.deepEqual(view(r), [[1, 'Rocket', '43/10', '4.3000', 2, 3], [2, 'Apollo', '33/10', '3.3000', 2, 3], [2, 'Comet', '33/10', '3.3000', 2, 3]]);
  t.deepEqual(r.ties.map((x: any) => [x.rank, x.names]), [[2, ['Apollo', 'Comet']]]);
  t.deepEqual(r.coverage, { teams: 3, teamsScored: 3, assigned: 9, submitted: 6, jurors: 2 });
  t.regex(r.digest, /^[0-9a-f]{12}$/);
  t.like(await fx.call('owner', 'app.calculate_jury_results($1)', ['mean']), { version: 1, created: false });
});

test.serial('rank: each juror\'s teams become points (m - r) / (m - 1) before averaging', async (t) => {
  const fx = await judged();
  await fx.call('owner', 'app.close_jury()');
  const r = await fx.call('owner', 'app.calculate_jury_results($1)', ['rank']);
  t.like(r, { version: 1, method: 'rank' });
  t.deepEqual(view(r), [[1, 'Rocket', '1/1', '1.0000', 2, 3], [2, 'Apollo', '1/4', '0.2500', 2, 3], [2, 'Comet', '1/4', '0.2500', 2, 3]]);
});

test.serial('release, export without identities for the roster and with them for organizers; the recount agrees to the digest', async (t) => {
  const fx = await judged();
  await fx.call('owner', 'app.close_jury()');
  const mean = await fx.call('owner', 'app.calculate_jury_results($1)', ['mean']);
  const rank = await fx.call('owner', 'app.calculate_jury_results($1)', ['rank']);
  t.is(rank.version, 2);
  t.not(rank.digest, mean.digest, 'the method is an input');
  t.deepEqual((await fx.call('ann@x.test', 'app.list_jury_results()')).items, [], 'nothing before release');
  t.like(await refusal(fx.call('ann@x.test', 'app.jury_results_export($1, false)', [1])), { code: 'not_found' });
  t.like(await refusal(fx.call('owner', 'app.release_jury_results($1)', [9])), { code: 'not_found' });
  await fx.call('owner', 'app.release_jury_results($1)', [1]);
  t.deepEqual((await fx.call('ann@x.test', 'app.list_jury_results()')).items.map((x: any) => x.version), [1]);
  t.is((await fx.as('ann@x.test', 'select version from app.jury_results')).length, 1);
  const pub = await fx.call('ann@x.test', 'app.jury_results_export($1, false)', [1]);
  t.false('jurors' in pub);
  const text = JSON.stringify(pub);
  t.false(text.includes('@jury.test') || text.includes('secret note'), 'no identity and no note');
  t.like(await refusal(fx.call('ann@x.test', 'app.jury_results_export($1, true)', [1])), { code: 'insufficient_event_role' });
  const org = await fx.call('owner', 'app.jury_results_export($1, true)', [1]);
  t.deepEqual(org.jurors.map((j: any) => j.email).sort(), ['j1@jury.test', 'j2@jury.test']);
  t.false(JSON.stringify(org).includes('secret note'));
  for (const [v, res] of [[1, mean], [2, rank]] as const) {
    const file = await fx.call('owner', 'app.jury_results_export($1, false)', [v]);
    t.is(fileProblem(file), null);
    const re = tally(file);
    t.is(re.digest, file.digest);
    t.is(re.digest, res.digest);
    t.deepEqual(re.rows.map((x) => [x.rank, x.name, x.fraction, x.score, x.scores]), res.rows.map((x: any) => [x.rank, x.name, x.fraction, x.score, x.scores]));
  }
});
