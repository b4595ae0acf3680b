// A push's delivery survives a failure before anything is queued (the local code host, real
// git over loopback, real PostgreSQL): the delivery's first query fails for real (its SQL
// function replaced by one that raises, then restored), the route runs the whole delivery
// again with backoff, and the push gets exactly one receipt. Delivery ids derive from the
// push report's own id, so the same report delivered twice (in turn, or at once) is recorded
// once, a refused change (wrong branch) included, which the intake's unique index on
// accepted moves would not catch.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { deliverPushReportRetrying, pushDeliveryId, PUSH_REPORT_RETRY_DELAYS_MS } from '../../../core/codehost/local-push.ts';
import { createLogger } from '../../../core/log.ts';
import { cloneUrl, commitFile, git, ownRepository, receipts, tempDir, waitForReceipts } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../helpers/until.ts';
import { queuedJobs } from '../../helpers/worker.ts';

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
const noQueuedCopy = async () => (await queuedJobs(s.db.pool, 'codehost__deliver_push')).length === 0;

test.serial('the delivery\'s first query fails (PostgreSQL raising): the route retries the whole delivery and the push gets exactly one receipt', async (t) => {
  const n0 = (await receipts(s.db.pool, eventId)).length;
  const dir = tempDir();
  await git(dir, ['clone', '-q', cloneUrl(s.url, 'acme/rocket', 'ann-gh', ann.key), 'w']);
  const work = path.join(dir, 'w');
  const sha = await commitFile(work, 'app.js', 'console.log(1)\n');

  const { rows: [{ def }] } = await s.db.pool.query(`select pg_get_functiondef('app_private.local_webhook_targets(text)'::regprocedure) as def`);
  t.regex(def, /local_repositories/, 'the real definition, read before replacing it');
  await s.db.pool.query(`create or replace function app_private.local_webhook_targets(p_full_name text) returns setof uuid
    language plpgsql set search_path to '' as $$ begin raise exception 'simulated outage of local_webhook_targets'; end $$`);
  try {
    await git(work, ['push', '-q', 'origin', 'HEAD:main']);
    await until('a failed delivery attempt', async () => logged('push delivery failed').length > 0, 10_000, 25);
    await new Promise((r) => setTimeout(r, 1_500));
  } finally {
    await s.db.pool.query(def);
  }

  const rows = await waitForReceipts(s.db.pool, eventId, n0 + 1, 20_000);
  t.like(rows.at(-1), { verdict: 'accepted', refusal: null, sha, ref: 'refs/heads/main', project_id: rocket, late: false });
  await until('the delivery to finish (its queued copy removed)', noQueuedCopy, 10_000, 25);
  t.is((await receipts(s.db.pool, eventId)).length, n0 + 1, 'exactly one receipt');

  const failed = logged('push delivery failed');
  t.true(failed.length >= 1 && failed.length < PUSH_REPORT_RETRY_DELAYS_MS.length);
  t.like(failed[0], { level: 40, repository: 'acme/rocket', attempt: 1, attempts: PUSH_REPORT_RETRY_DELAYS_MS.length + 1, retryInMs: 1_000 });
  t.regex(failed[0].err, /simulated outage of local_webhook_targets/);
  t.deepEqual(failed.map((l) => l.attempt), failed.map((_, i) => i + 1), 'attempts numbered in turn');
  t.is(new Set(failed.map((l) => l.report)).size, 1, 'one report, retried whole');
  t.deepEqual(logged('push delivery gave up'), []);
  t.false(logLines.some((l) => l.includes(ann.key)), 'the key is never logged');
});

test.serial('the same push report delivered twice (in turn, then at once) is recorded once per change, the refused wrong-branch change included', async (t) => {
  const n0 = (await receipts(s.db.pool, eventId)).length;
  const before = (await host.branchHead('acme/rocket', 'main'))!;
  // Pushed to the bare repository directly (no delivery from the route): the report is ours to deliver.
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
  t.true(await deliverPushReportRetrying(deps, report));
  t.true(await deliverPushReportRetrying(deps, report));
  t.deepEqual(await Promise.all([deliverPushReportRetrying(deps, report), deliverPushReportRetrying(deps, report)]), [true, true]);

  const rows = (await receipts(s.db.pool, eventId)).slice(n0);
  t.is(rows.length, 2, 'one receipt per change, not one per delivery');
  t.like(rows[0], { verdict: 'accepted', sha: main, ref: 'refs/heads/main', delivery_id: pushDeliveryId(report.id, eventId, 0) });
  t.like(rows[1], { verdict: 'refused', refusal: 'wrong_branch', sha: feature, ref: 'refs/heads/feature', delivery_id: pushDeliveryId(report.id, eventId, 1) });
  t.regex(rows[1]!.delivery_id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  t.true(await noQueuedCopy(), 'every queued copy removed (final answers)');
  t.deepEqual(lines, [], 'duplicates are answered 202: nothing failed, nothing not accepted');

  // What the stable id guards: the refused change under another report id is a second receipt.
  t.true(await deliverPushReportRetrying(deps, { ...report, id: randomUUID(), text: `${ZERO} ${feature} refs/heads/feature\n` }));
  t.is((await receipts(s.db.pool, eventId)).length, n0 + 3);
});
