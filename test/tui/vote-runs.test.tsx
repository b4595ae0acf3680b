// hackathon tui, the Vote and Runs screens against a real server (ink-testing-library): the
// coverage grows as ballots are submitted (live kind vote.coverage) and the sparkline counts
// them; o / c / k open, close and calculate behind a confirmation and the results show with
// their digest; a generation run lists its jobs and Enter shows a job's private log.
import test from 'ava';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { SCHEDULE, submit, voteFixture, type VoteFixture } from '../helpers/vote.ts';
import { dashboard, KEY } from './helpers.tsx';

let s: TestServer;
let fx: VoteFixture;
let owner: string;

test.before(async () => {
  s = await startTestServer();
  fx = await voteFixture(s.db.pool, 'Screens', { teams: { Red: ['r1@screens.test'], Blue: ['b1@screens.test'], Green: ['g1@screens.test'] } });
  owner = (await seed.key(s.db.pool, 'owner@screens.test', 'hackathon')).key;
});
test.after.always(() => s?.close());

test.serial('Vote: open after y, coverage moves live with each ballot, close, calculate: results with rows and digest', async (t) => {
  await fx.call('owner', 'app.lock_roster()');
  const draft = await fx.call('owner', 'app.community_eligibility()');
  await fx.call('owner', 'app.lock_vote_eligibility($1)', [JSON.stringify({ confirmedProjects: draft.candidates.map((c: { projectId: string }) => c.projectId) })]);
  await fx.at(SCHEDULE.voteOpens + 0.25);
  // No timed refresh: what the screen shows after o, c and k comes from the action's own reload
  // (the screen stays mounted under the question), not from a refresh 10 s later.
  const d = dashboard(s.url, owner, { refreshMs: 3_600_000 });
  try {
    await d.until('live', (f) => f.includes('● live'));
    await d.press('5');
    await d.until('the vote screen', (f) => f.includes('Vote: locked') && f.includes('3 candidates, 3 voters'));
    await d.press('o');
    await d.until('the question', (f) => f.includes('Open the community vote now? [y/N]'));
    await d.press('y');
    await d.until('open', (f) => /Vote open until /.test(f) && f.includes('Vote: open'));
    await d.until('coverage 0', (f) => f.includes('Coverage: 0/3 ballots (0%)'));
    await submit(fx, 'r1@screens.test', ['Blue', 'Green'], 1);
    await d.until('coverage 1', (f) => f.includes('Coverage: 1/3 ballots (33%)'));
    await submit(fx, 'b1@screens.test', ['Red', 'Green'], 1);
    const two = await d.until('coverage 2', (f) => f.includes('Coverage: 2/3 ballots (67%)'));
    t.regex(two, /Ballots per minute \(last \d+ min\): \[ *[▁-█]+\]/, 'the sparkline counts the ballots');
    // The overview's phase is the build's: after the freeze it says so, with the vote's own state beside it.
    await d.press('1');
    await d.until('the overview with the vote open', (f) => f.includes('Phase: build closed · vote open'));
    await d.press('5');
    await d.until('the vote screen again', (f) => f.includes('Coverage: 2/3 ballots (67%)'));
    await d.press('c', 'y');
    await d.until('closed', (f) => /Voting closed at /.test(f) && f.includes('Vote: closed'));
    await d.press('k', 'y');
    const r = await d.until('results', (f) => /Calculated version 1/.test(f) && /Results version 1 \(eligibility v1, unreleased, digest [0-9a-f]{12}\)/.test(f));
    t.regex(r, /1\. (Red|Blue|Green) /);
    await d.press('k', 'y');
    await d.until('the same ballot set', (f) => f.includes('Version 1 already holds this ballot set'));
  } finally {
    d.close();
  }
});

test.serial('Runs: a run with its counts; Enter lists its jobs; Enter on a failed job shows its private log; Esc goes back', async (t) => {
  const started = await http(s.url, 'POST', '/api/v1/event/decks/runs', { key: owner, body: {} });
  t.is(started.status, 201, started.text);
  const runId = started.body.run.id as string;
  await s.db.pool.query(`update app_private.generation_jobs set status = 'failed', attempts = 3, last_error = 'model timed out', log = 'step 1\nstep 2: model timed out'
    where run_id = $1 and project_id = $2 and kind = 'jury'`, [runId, fx.teams.Red]);
  const d = dashboard(s.url, owner);
  try {
    await d.press('4');
    const runs = await d.until('the run', (f) => f.includes(runId.slice(0, 8)));
    t.regex(runs, /rev 1 running +\S+ +pending 5 running 0 review 0 failed 1 skipped 0/);
    await d.press(KEY.enter);
    const jobs = await d.until('the jobs', (f) => f.includes('Red') && f.includes('error: model timed out'));
    t.regex(jobs, /Red +jury +failed +attempts 3 error: model timed out/);
    t.regex(jobs, /Blue +community +pending/);
    await d.press('/', 'f', 'a', 'i', 'l', KEY.enter);
    await d.until('filtered to the failed job', (f) => !f.includes('Blue') && f.includes('Red'));
    await d.press(KEY.enter);
    const log = await d.until('the log', (f) => f.includes('Log of Red jury'));
    t.regex(log, /step 2: model timed out/);
    await d.press(KEY.esc);
    await d.until('the jobs again', (f) => f.includes('attempts 3'));
  } finally {
    d.close();
  }
});

test.serial('Submissions: d releases the selected team\'s decks after y; the server\'s refusal is shown as it is', async (t) => {
  const d = dashboard(s.url, owner);
  try {
    await d.press('3');
    await d.until('the teams', (f) => /3 teams: 3 frozen/.test(f));
    await d.press(KEY.down); // Blue, Green, Red by name
    await d.press('d');
    await d.until('the question', (f) => f.includes('Release the approved decks of Green? [y/N]'));
    await d.press('y');
    const f = await d.until('the refusal', (f) => /! .*(approved|approve)/i.test(f));
    t.notRegex(f, /Released/);
  } finally {
    d.close();
  }
});
