// The capture job: a run cut short after the archive was stored but before it was recorded
// (a worker killed at the worst moment) runs again to exactly one evidence archive of the
// selected sha; a repeated or stale job does nothing; a malformed payload is refused.
import test from 'ava';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { createLogger } from '../../core/log.ts';
import { submissionsCapture } from '../../workers/tasks/submissions__capture.ts';
import { commitFile, git, tempDir } from '../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let clock: Clock;
let rocket: string, sha: string;

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  const w = await eventWorkspace(s.db.pool, 'Cap');
  const start = Date.now() + HOUR;
  const eventId = (await createEvent(s.url, w.owner.key, start, 1)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await importRoster(s.url, w.owner.key, [{ email: 'p@x.test', team: 'Rocket' }]);
  rocket = (await s.db.pool.query(`select id from app.projects where workspace_id = $1`, [w.ws.id])).rows[0].id;
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  await host.createEmpty('acme/rocket');
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  sha = await commitFile(path.join(work, 'w'), 'a.txt', 'a\n');
  await git(path.join(work, 'w'), ['push', '-q', host.repositoryPath('acme/rocket'), 'HEAD:main']);
  await assignRepository(s.db.pool, rocket, 'acme/rocket', 'ready', sha);
  await clock.to(start + HOUR + 16 * MINUTE); // past the freeze (the clock moves in whole seconds)
  const { rows } = await s.db.pool.query('select app_private.freeze_sweep($1) as r', [eventId]);
  if (rows[0].r.capturing !== 1) throw new Error(JSON.stringify(rows[0].r));
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

/** Task helpers over the test pool; `dieOn` makes one query fail as if the process died there. */
function helpers(pool: pg.Pool, dieOn?: RegExp) {
  return {
    withPgClient: async <T>(fn: (c: pg.PoolClient) => Promise<T>) => {
      const c = await pool.connect();
      const query = c.query;
      try {
        if (dieOn) {
          (c as any).query = (text: string, ...rest: unknown[]) => (dieOn.test(text) ? Promise.reject(new Error('worker killed')) : (query as any).call(c, text, ...rest));
        }
        return await fn(c);
      } finally {
        c.query = query; // the client goes back to the pool unharmed
        c.release();
      }
    },
  } as never;
}

const blobs = () => readdirSync(path.join(s.config.dataDir, 'blobs')).filter((d) => d !== '.tmp').flatMap((d) => readdirSync(path.join(s.config.dataDir, 'blobs', d)));
const submission = async () => (await s.db.pool.query('select state, sha, archive_sha256, capture_attempts from app.submissions where project_id = $1', [rocket])).rows[0];

test.serial('killed between storing and recording: the job runs again to one archive of the selected sha', async (t) => {
  const deps = { config: s.config, pool: s.db.pool, log: createLogger('silent'), mail: null };
  const capture = submissionsCapture(deps);
  const task = (payload: unknown, h: never) => Promise.resolve(capture(payload as never, h)) as Promise<unknown>;
  await t.throwsAsync(task({ projectId: rocket, sha }, helpers(s.db.pool, /capture_done|capture_failed/)), { message: 'worker killed' });
  t.is(blobs().length, 1, 'the archive was stored before the kill');
  t.like(await submission(), { state: 'capturing', archive_sha256: null });
  await task({ projectId: rocket, sha }, helpers(s.db.pool));
  const done = await submission();
  t.like(done, { state: 'frozen', sha });
  t.deepEqual(blobs(), [done.archive_sha256], 'exactly one evidence archive, content-addressed');
  await task({ projectId: rocket, sha }, helpers(s.db.pool));
  t.deepEqual(await submission(), done, 'a repeated job changes nothing');
  await task({ projectId: rocket, sha: 'f'.repeat(40) }, helpers(s.db.pool));
  t.deepEqual(await submission(), done, 'a job for a sha no longer selected does nothing');
  await t.throwsAsync(task({ projectId: rocket, sha: 'HEAD' }, helpers(s.db.pool)), { message: /malformed payload/ });
});
