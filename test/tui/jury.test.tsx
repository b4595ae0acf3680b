// hackathon tui, the Jury screen against a real server (ink-testing-library): progress per
// juror and per team moves live as scores are submitted (live kind jury.progress), late
// jurors are marked, and o / c / k open, close and calculate behind a confirmation.
import test from 'ava';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { voteFixture, type VoteFixture } from '../helpers/vote.ts';
import { CRITERIA } from '../helpers/jury.ts';
import { dashboard } from './helpers.tsx';

let s: TestServer;
let fx: VoteFixture;
let owner: string;

test.before(async () => {
  s = await startTestServer();
  fx = await voteFixture(s.db.pool, 'Jtui', {
    teams: { Red: ['r1@jtui.test'], Blue: ['b1@jtui.test'] },
    others: [{ email: 'ja@jtui.test', role: 'jury' }, { email: 'jb@jtui.test', role: 'jury' }],
    voteSection: false,
    ready: [],
  });
  owner = (await seed.key(s.db.pool, 'owner@jtui.test', 'hackathon')).key;
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  await fx.call('owner', 'app.assign_jury($1, $2)', [2, 0]);
});
test.after.always(() => s?.close());

test.serial('Jury: open after y, progress moves live with each score, late jurors marked, close and calculate', async (t) => {
  const d = dashboard(s.url, owner, { refreshMs: 3_600_000 });
  try {
    await d.until('live', (f) => f.includes('● live'));
    await d.press('7');
    await d.until('the jury screen', (f) => f.includes('Judging: setup') && f.includes('0/4 scores (0%)'));
    await d.press('o');
    await d.until('the question', (f) => f.includes('Open judging now? [y/N]'));
    await d.press('y');
    await d.until('open', (f) => f.includes('Judging: open'));
    await fx.call('ja@jtui.test', 'app.submit_jury_score($1, $2, $3, $4)', ['Red', JSON.stringify({ Impact: 4, Execution: 4 }), null, 0]);
    const one = await d.until('one score', (f) => f.includes('1/4 scores (25%)'));
    t.regex(one, /0\/2 late jb@jtui\.test/);
    t.regex(one, /1\/2 ja@jtui\.test/);
    await d.press('c', 'y');
    await d.until('closed', (f) => f.includes('Judging: closed'));
    await d.press('k', 'y');
    const done = await d.until('calculated', (f) => f.includes('Result v1 (mean, unreleased'));
    t.regex(done, /Red first/);
  } finally {
    d.close();
  }
});
