// A local push is recorded in process by the intake the signed webhook route uses; when that
// fails, its report goes to a `codehost__record_push` job that records it (the local code host,
// real git over loopback, real PostgreSQL). The failure is real: the first query's SQL function
// is replaced by one that raises, then restored. Delivery ids derive from the push report's own
// id, so a report recorded twice (in turn, at once, in process then by the job) gets one
// receipt per change, a refused change (wrong branch) included, which the intake's unique index
// on accepted moves would not catch.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { recordPush, recordPushReport } from '../../../core/codehost/local-push.ts';
import { pushDeliveryId } from '../../../core/codehost/push-payload.ts';
import { createLogger } from '../../../core/log.ts';
import { cloneUrl, commitFile, git, ownRepository, receipts, tempDir, waitForReceipts } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { queuedJobs, runJobs } from '../../helpers/worker.ts';

const ZERO = '0'.repeat(40);
const logLines: string[] = [];
let s: TestServer;
let host: LocalCodeHost;
let clock: Clock;
let owner: Person, ann: Person;
let eventId: string;
let start: number;
let rocket: string;

test.before(async () => {
  s = await startTestServer({ logLines });
  const w = await eventWorkspace(s.db.pool, 'Retry');
  owner = w.owner;
  clock = new Clock(s.url);
  start = Date.now() + HOUR;
  eventId = (await createEvent(s.url, owner.key, start, 2)).id;
  const g = await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  if (g.status !== 200) throw new Error(g.text);
  ann = await person(s.db.pool, w.ws.id, 'ann@x.test');
  await importRoster(s.url, owner.key, [{ email: ann.email, team: 'Rocket' }]);
  await s.db.pool.query('update app.roster_entries set github_login = $2 where lower(email) = $1', [ann.email, 'ann-gh']);
  rocket = (await s.db.pool.query(`select id from app.projects where workspace_id = $1 and name = 'Rocket'`, [w.ws.id])).rows[0].id;
  host = new LocalCodeHost(s.config.dataDir, s.db.pool);

  // The template (pushed to the bare repository directly: no delivery), the team repository copied from it.
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  const templateSha = await commitFile(path.join(work, 'w'), 'README.md', '# Template\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  await ownRepository(s.db.pool, eventId, 'acme/rocket');
  await host.createFromTemplate('acme/template', 'acme/rocket', 'main');
  await assignRepository(s.db.pool, rocket, 'acme/rocket', 'invited', templateSha);
  await host.invite('acme/rocket', 'ann-gh', 'maintain');
  const a = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: 'acme/rocket' } });
  if (a.status !== 200) throw new Error(a.text);
  await clock.to(start + 30 * MINUTE); // building
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

const logged = (msg: string) => logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === msg);
const queued = () => queuedJobs(s.db.pool, 'codehost__record_push');

/** Replaces app_private.local_webhook_targets with one that raises; answers how to restore it. */
async function breakTargets(t: { regex(a: string, r: RegExp, m?: string): void }): Promise<() => Promise<void>> {
  const { rows: [{ def }] } = await s.db.pool.query(`select pg_get_functiondef('app_private.local_webhook_targets(text)'::regprocedure) as def`);
  t.regex(def, /local_repositories/, 'the real definition, read before replacing it');
  await s.db.pool.query(`create or replace function app_private.local_webhook_targets(p_full_name text) returns setof uuid
    language plpgsql set search_path to '' as $$ begin raise exception 'simulated outage of local_webhook_targets'; end $$`);
  return async () => void (await s.db.pool.query(def));
}

test.serial('recording in process fails (PostgreSQL raising): the push report is queued, the job records it, exactly one receipt', async (t) => {
  const n0 = (await receipts(s.db.pool, eventId)).length;
  const dir = tempDir();
  await git(dir, ['clone', '-q', cloneUrl(s.url, 'acme/rocket', 'ann-gh', ann.key), 'w']);
  const work = path.join(dir, 'w');
  const sha = await commitFile(work, 'app.js', 'console.log(1)\n');

  const restore = await breakTargets(t);
  let jobs: Awaited<ReturnType<typeof queued>>;
  try {
    await git(work, ['push', '-q', 'origin', 'HEAD:main']);
    jobs = await until('the push report queued', async () => ((await queued()).length ? queued() : null), 10_000, 25);
    const failed = logged('push recording failed: queued for a worker');
    t.is(failed.length, 1, 'one attempt in process, no retry loop');
    t.like(failed[0], { level: 40, repository: 'acme/rocket' });
    t.regex(failed[0].err, /simulated outage of local_webhook_targets/);
    t.is(jobs.length, 1);
    t.is(jobs[0]!.key, `push-report:${failed[0].report}`, 'keyed by the report: queued once');
    t.is((await receipts(s.db.pool, eventId)).length, n0, 'nothing recorded yet');

    // The job's own retry policy: while the outage lasts it fails and is kept for graphile-worker's backoff.
    t.deepEqual(await runJobs(s), [{ task: 'codehost__record_push', ok: false, error: 'simulated outage of local_webhook_targets' }]);
    t.like((await queued())[0], { attempts: 1, due: false });
  } finally {
    await restore();
  }
  await s.db.pool.query(`update graphile_worker._private_jobs set run_at = now() where key = $1`, [jobs[0]!.key]);
  t.deepEqual(await runJobs(s), [{ task: 'codehost__record_push', ok: true }]);
  const rows = await waitForReceipts(s.db.pool, eventId, n0 + 1, 20_000);
  t.like(rows.at(-1), { verdict: 'accepted', refusal: null, sha, ref: 'refs/heads/main', project_id: rocket, late: false });
  t.deepEqual(await queued(), [], 'the job left the queue');
  t.is((await receipts(s.db.pool, eventId)).length, n0 + 1, 'exactly one receipt');
  t.deepEqual(logged('push recording lost: the job could not be queued'), []);
  t.false(logLines.some((l) => l.includes(ann.key)), 'the key is never logged');
});

test.serial('the same push report recorded twice (in turn, at once, in process then by its job) gets one receipt per change, the refused wrong-branch change included', async (t) => {
  const n0 = (await receipts(s.db.pool, eventId)).length;
  const before = (await host.branchHead('acme/rocket', 'main'))!;
  // Pushed to the bare repository directly (no recording from the route): the report is ours to record.
  const dir = tempDir();
  await git(dir, ['clone', '-q', host.repositoryPath('acme/rocket'), 'w']);
  const work = path.join(dir, 'w');
  const main = await commitFile(work, 'main.txt', 'main\n');
  await git(work, ['push', '-q', 'origin', 'HEAD:main']);
  const feature = await commitFile(work, 'feature.txt', 'feature\n');
  await git(work, ['push', '-q', 'origin', 'HEAD:feature']);

  const lines: string[] = [];
  const deps = { pool: s.db.pool, host, config: s.config, log: createLogger('info', 'test', { write: (l: string) => void lines.push(l) }) };
  const report = { id: randomUUID(), fullName: 'acme/rocket', text: `${before} ${main} refs/heads/main\n${ZERO} ${feature} refs/heads/feature\n`, user: { email: ann.email } };
  t.true(await recordPush(deps, report));
  t.true(await recordPush(deps, report));
  t.deepEqual(await Promise.all([recordPush(deps, report), recordPush(deps, report)]), [true, true]);
  // The job of a report already recorded in process (as when recording failed after its first change).
  await s.db.pool.query(`select graphile_worker.add_job('codehost__record_push', $1::json, job_key => $2)`, [JSON.stringify(report), `push-report:${report.id}`]);
  t.deepEqual(await runJobs(s), [{ task: 'codehost__record_push', ok: true }]);

  const rows = (await receipts(s.db.pool, eventId)).slice(n0);
  t.is(rows.length, 2, 'one receipt per change, not one per recording');
  t.like(rows[0], { verdict: 'accepted', sha: main, ref: 'refs/heads/main', delivery_id: pushDeliveryId(report.id, eventId, 0) });
  t.like(rows[1], { verdict: 'refused', refusal: 'wrong_branch', sha: feature, ref: 'refs/heads/feature', delivery_id: pushDeliveryId(report.id, eventId, 1) });
  t.regex(rows[1]!.delivery_id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  t.deepEqual(await queued(), [], 'nothing queued: every recording in process succeeded');
  t.deepEqual(lines, [], 'duplicates answer the first receipt: nothing failed, nothing not accepted');

  // What the stable id guards: the refused change under another report id is a second receipt.
  await recordPushReport(deps, { ...report, id: randomUUID(), text: `${ZERO} ${feature} refs/heads/feature\n` });
  t.is((await receipts(s.db.pool, eventId)).length, n0 + 3);
});

test.serial('a job whose report is malformed fails without recording anything', async (t) => {
  const n0 = (await receipts(s.db.pool, eventId)).length;
  await s.db.pool.query(`select graphile_worker.add_job('codehost__record_push', $1::json, job_key => 'push-report:bad', max_attempts => 1)`, [JSON.stringify({ id: 'x' })]);
  const ran = await runJobs(s);
  t.deepEqual(ran.map((r) => ({ ...r, error: r.error?.replace(/ \(.*\)$/, '') })), [{ task: 'codehost__record_push', ok: false, error: 'codehost__record_push: malformed payload' }]);
  t.regex(ran[0]!.error!, /\(fullName: /, 'the first problem is named (core/wire/jobs.ts parseJob)');
  t.is((await receipts(s.db.pool, eventId)).length, n0);
});
