// A receipt carries its capture state (spec: "Receipt: sequence, receipt time, verdict with
// refusal code, sha, capture state"): the team's capture of that receipt's sha, `capturing`
// while the job runs, `failed` with the reason while it retries, `captured` once frozen; null
// for a refused receipt and for a push that was not selected.
import test from 'ava';
import { pushFixture, sendDelivery } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { hackathon, makeHome } from '../../cli/hackathon/run.ts';

let s: TestServer;
let clock: Clock;
let owner: Person;
let eventId: string;
let rocket: string;
let start: number;
const repo = 'Octocoders/Rocket';
const older = 'a'.repeat(40);
const selected = 'b'.repeat(40);
const refusedSha = 'c'.repeat(40);

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  const w = await eventWorkspace(s.db.pool, 'Receipts');
  owner = w.owner;
  start = Date.now() + HOUR;
  eventId = (await createEvent(s.url, owner.key, start, 1)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'Octocoders', template: 'Octocoders/template' } });
  await importRoster(s.url, owner.key, [{ email: 'p@receipts.test', team: 'Rocket' }]);
  rocket = (await teamIds(s.db.pool, w.ws.id)).Rocket!;
  await assignRepository(s.db.pool, rocket, repo, 'ready');
  await clock.to(start + 10 * MINUTE);
  for (const payload of [
    pushFixture(repo, { after: older }),
    pushFixture(repo, { after: selected }),
    pushFixture(repo, { ref: 'refs/heads/dev', after: refusedSha }),
  ]) {
    const r = await sendDelivery(s.url, { eventId, payload });
    if (r.status !== 202) throw new Error(JSON.stringify(r.body));
  }
  await clock.to(start + HOUR + 16 * MINUTE); // past the freeze (the clock moves in whole seconds)
  const { rows } = await s.db.pool.query('select app_private.freeze_sweep($1) as r', [eventId]);
  if (rows[0].r.capturing !== 1) throw new Error(JSON.stringify(rows[0].r));
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

async function show() {
  const r = await http(s.url, 'GET', `/api/v1/submissions/${rocket}`, { key: owner.key });
  if (r.status !== 200) throw new Error(`${r.status} ${r.text}`);
  return r.body;
}
const bySha = (t: any, sha: string) => t.receipts.find((x: any) => x.sha === sha);

test.serial('the selected receipt shows its capture from capturing through failed to captured; refused and unselected show null', async (t) => {
  let team = await show();
  t.deepEqual(bySha(team, selected).capture, { state: 'capturing', reason: null });
  t.deepEqual(team.lastReceived.capture, { state: 'capturing', reason: null }, 'the team line carries it too');
  t.like(bySha(team, refusedSha), { verdict: 'refused', refusal: 'wrong_branch', capture: null });
  t.like(bySha(team, older), { verdict: 'accepted', capture: null }, 'a push that was not selected was never captured');

  await s.db.pool.query('select app_private.capture_failed($1, $2, $3)', [rocket, selected, 'repository unreachable']);
  team = await show();
  t.is(bySha(team, selected).capture.state, 'failed');
  t.regex(bySha(team, selected).capture.reason, /repository unreachable/);

  await s.db.pool.query('select app_private.capture_done($1, $2, $3, $4)', [rocket, selected, 'd'.repeat(64), 123]);
  team = await show();
  t.deepEqual(bySha(team, selected).capture, { state: 'captured', reason: null });
  t.is(bySha(team, refusedSha).capture, null);
  t.is(bySha(team, older).capture, null);
});

test.serial('submissions failures lists the refused receipt with a null capture', async (t) => {
  const f = await http(s.url, 'GET', '/api/v1/submissions/failures', { key: owner.key });
  const refused = f.body.refused.find((x: any) => x.sha === refusedSha);
  t.like(refused, { refusal: 'wrong_branch', repository: repo, capture: null });
});

test.serial('submissions show prints the capture state as one more receipts column', async (t) => {
  const r = await hackathon(['submissions', 'show', rocket], { ...makeHome().env, EVENT_URL: s.url, EVENT_API_KEY: owner.key });
  t.is(r.code, 0, r.stderr);
  const line = (sha: string) => r.stdout.split('\n').find((l) => l.startsWith('  ') && l.includes(sha.slice(0, 12)))!;
  t.regex(line(selected), new RegExp(`${selected.slice(0, 12)}\\s+captured$`));
  t.regex(line(refusedSha), /refused wrong_branch.*\s-$/);
  t.regex(line(older), /\s-$/);
});
