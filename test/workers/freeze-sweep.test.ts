// The freeze sweep's schedule: cron every minute (CRONTAB) and once at worker boot. An event
// whose freeze passed while no worker ran is swept the moment a worker starts, without
// `submissions reconcile`: the team with a repository is selected on its template and its
// capture runs to `frozen`; the team without one shows `error` with its attention.
import test from 'ava';
import { parseCrontab } from 'graphile-worker';
import path from 'node:path';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { CRONTAB } from '../../workers/index.ts';
import { commitFile, git, tempDir } from '../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../../ops/harness/until.ts';

let s: TestServer;
let clock: Clock;
let rocket: string, comet: string, sha: string;

test.before(async () => {
  s = await startTestServer(); // no worker yet: the freeze passes while none runs
  clock = new Clock(s.url);
  const w = await eventWorkspace(s.db.pool, 'Boot');
  const start = Date.now() + HOUR;
  await createEvent(s.url, w.owner.key, start, 1);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await importRoster(s.url, w.owner.key, [{ email: 'p@boot.test', team: 'Rocket' }, { email: 'q@boot.test', team: 'Comet' }]);
  const ids = Object.fromEntries((await s.db.pool.query(`select name, id from app.projects where workspace_id = $1`, [w.ws.id])).rows.map((r) => [r.name, r.id]));
  rocket = ids.Rocket;
  comet = ids.Comet;
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  await host.createEmpty('acme/rocket');
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  sha = await commitFile(path.join(work, 'w'), 'a.txt', 'a\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/rocket'), 'HEAD:main']);
  await assignRepository(s.db.pool, rocket, 'acme/rocket', 'ready', sha);
  await clock.to(start + HOUR + 16 * MINUTE); // past the freeze (the clock moves in whole seconds)
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

const submission = async (project: string) => (await s.db.pool.query('select state, sha, source, attention from app.submissions where project_id = $1', [project])).rows[0] ?? null;

test('CRONTAB runs submissions__freeze_sweep every minute', (t) => {
  t.regex(CRONTAB, /^\* \* \* \* \* submissions__freeze_sweep\b/m);
  const item = parseCrontab(CRONTAB).find((i) => i.task === 'submissions__freeze_sweep');
  t.truthy(item);
  const every = [0, 1, 17, 30, 59].flatMap((min) => [0, 13, 23].map((hour) => item!.match({ min, hour, date: 15, month: 6, dow: 3 })));
  t.true(every.every(Boolean), 'matches every minute of every hour');
});

test.serial('a freeze passed while no worker ran is swept when a worker starts, without reconcile', async (t) => {
  t.is(await submission(rocket), null, 'nothing selected before a worker runs');
  t.is(await submission(comet), null);
  await s.startWorker();
  // startWorker returns after its boot sweep: both teams are selected now.
  const r = await submission(rocket);
  t.like(r, { sha, source: 'template' }); // its capture runs on the worker meanwhile: awaited below
  t.like(await submission(comet), { state: 'error', sha: null });
  t.regex((await submission(comet)).attention, /no repository/);
  // The capture job the sweep enqueued runs on this worker to the frozen evidence.
  await until('rocket frozen', async () => (await submission(rocket)).state === 'frozen');
  const { rows } = await s.db.pool.query('select archive_sha256 from app.submissions where project_id = $1', [rocket]);
  t.regex(rows[0].archive_sha256, /^[0-9a-f]{64}$/);
  const status = await s.db.pool.query(`select count(*)::int as n from app.event_teams t join app.submissions x on x.project_id = t.project_id`);
  t.is(status.rows[0].n, 2, 'every team of the event was reached');
});
