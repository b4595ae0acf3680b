// An event whose teams are frozen on real evidence, for generated-deck tests: one workspace,
// its event closed, each team a repository on the local code host shaped as asked
// (test/helpers/projects.ts), a push received before the freeze (the empty template team
// pushed nothing and is frozen on its template), the freeze swept. The captures are jobs:
// start a worker and `await frozen()` before generating.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { LocalCodeHost } from '../../core/codehost/local.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, type Person } from './event.ts';
import { http } from './http.ts';
import { makeRepo, run, shapeSteps } from './projects.ts';
import type { TestServer } from './server.ts';
import { until } from '../../ops/harness/until.ts';

export type Shape = 'node' | 'python' | 'empty';

export interface FrozenEvent {
  ws: { id: string; name: string };
  eventId: string;
  owner: Person;
  participant: Person; // on the first team
  jury: Person;
  advisor: Person;
  teams: Record<string, { id: string; shape: Shape; repository: string; sha: string }>;
  start: number;
  /** Resolves once every team's capture is frozen (a worker must run). */
  frozen(timeoutMs?: number): Promise<void>;
}

/** `teams`: team name -> shape. `org` must be unique per server (organizations are claimed per event). */
export async function frozenEvent(s: TestServer, clock: Clock, name: string, org: string, teams: Record<string, Shape>): Promise<FrozenEvent> {
  const pool: pg.Pool = s.db.pool;
  const w = await eventWorkspace(pool, name);
  const start = clock.now() + HOUR;
  const eventId = (await createEvent(s.url, w.owner.key, start, 1)).id as string;
  const g = await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: org, template: `${org}/template` } });
  if (g.status !== 200) throw new Error(`event github: ${g.text}`);
  const domain = `${name.toLowerCase()}.test`;
  const names = Object.keys(teams);
  await importRoster(s.url, w.owner.key, [
    ...names.map((t, i) => ({ email: `p${i}@${domain}`, team: t })),
    { email: `jury@${domain}`, role: 'jury' },
    { email: `coach@${domain}`, role: 'advisor' },
  ]);
  const participant = await person(pool, w.ws.id, `p0@${domain}`);
  const jury = await person(pool, w.ws.id, `jury@${domain}`);
  const advisor = await person(pool, w.ws.id, `coach@${domain}`);
  const ids = Object.fromEntries((await pool.query('select name, id from app.projects where workspace_id = $1', [w.ws.id])).rows.map((r) => [r.name, r.id]));
  const host = new LocalCodeHost(s.config.dataDir, pool);
  const out: FrozenEvent['teams'] = {};
  for (const [team, shape] of Object.entries(teams)) {
    const repository = `${org}/${team.toLowerCase()}`;
    const { dir, sha } = await makeRepo(shapeSteps(shape, start, 8 * MINUTE)); // the team works within the one-hour build
    const templateSha = await run(dir, ['rev-list', '--max-parents=0', 'HEAD']);
    await host.createEmpty(repository);
    await run(dir, ['push', '-q', host.repositoryPath(repository), 'HEAD:refs/heads/main']);
    await assignRepository(pool, ids[team]!, repository, 'ready', templateSha);
    if (shape !== 'empty') {
      await pool.query('select app_private.record_delivery($1, $2, $3, $4)', [eventId, `d-${repository}`, 'push',
        JSON.stringify({ ref: 'refs/heads/main', before: templateSha, after: sha, repository: { full_name: repository, owner: { login: org } } })]);
    }
    out[team] = { id: ids[team]!, shape, repository, sha: shape === 'empty' ? templateSha : sha };
  }
  await clock.to(start + HOUR + 16 * MINUTE); // past the freeze
  await pool.query('select app_private.freeze_sweep($1)', [eventId]);
  return {
    ws: w.ws, eventId, owner: w.owner, participant, jury, advisor, teams: out, start,
    async frozen(timeoutMs = 60_000) {
      await until('every team frozen', async () => {
        const { rows } = await pool.query(`select count(*)::int as n from app.submissions where event_id = $1 and state = 'frozen'`, [eventId]);
        return rows[0].n === names.length;
      }, timeoutMs);
    },
  };
}

export async function voteOn(s: TestServer, key: string, on = true): Promise<void> {
  const r = await http(s.url, 'PUT', '/api/v1/event/vote', { key, body: { on } });
  if (r.status !== 200) throw new Error(`vote section: ${r.text}`);
}

/** The evidence archive of a team as stored (local blob store). */
export const blobPath = (s: TestServer, sha256: string) => path.join(s.config.dataDir, 'blobs', sha256.slice(0, 2), sha256);

/** Flips one byte of a team's stored evidence archive (a generation job then fails for good); answers the restore. */
export async function tamperEvidence(s: TestServer, projectId: string): Promise<() => void> {
  const sha256 = (await s.db.pool.query('select archive_sha256 from app.submissions where project_id = $1', [projectId])).rows[0].archive_sha256 as string;
  const file = blobPath(s, sha256);
  const original = readFileSync(file);
  const bad = Buffer.from(original);
  bad[bad.length - 30] ^= 0x55;
  writeFileSync(file, bad);
  return () => writeFileSync(file, original);
}
