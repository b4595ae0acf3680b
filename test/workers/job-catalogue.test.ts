// Every join between the queue's two ends is checked: each job a stored
// function, the TypeScript side or the crontab enqueues names a task a worker runs, and each
// task has something that enqueues it. A job named nowhere would wait in the queue forever
// (graphile-worker keeps a job whose task no worker knows); a task nothing enqueues is dead.
// Each job name has its payload's schema in core/wire/jobs.ts, and each task parses its payload
// with it before doing anything.
import test from 'ava';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCrontab } from 'graphile-worker';
import type { WorkerDeps } from '../../workers/deps.ts';
import { CRONTAB, HUB_CRONTAB, hubTaskList, taskList } from '../../workers/index.ts';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/log.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { JOBS, LoginCodeTool, parseJob } from '../../core/wire/jobs.ts';
import { isLoginCodeTool } from '../../core/mail/templates.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADD_JOB = /\badd_?job\s*\(\s*([^,)]*)/gi;

/** The first argument of every add_job call in a text: a name, or the expression as written. */
export function enqueued(text: string): { names: string[]; dynamic: string[] } {
  const names: string[] = [];
  const dynamic: string[] = [];
  for (const m of text.matchAll(ADD_JOB)) {
    const arg = m[1]!.trim();
    const literal = /^'([a-z0-9_]+)'$/.exec(arg);
    if (literal) names.push(literal[1]!);
    else if (arg !== '') dynamic.push(arg);
  }
  return { names, dynamic };
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(f) ? [p] : [];
  });
}

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test('every job enqueued anywhere names a task, and every task is enqueued somewhere', async (t) => {
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'podium-jobs-')) });
  const deps: WorkerDeps = { config, pool: db.pool, log: createLogger('silent'), mail: null };
  const tasks = new Set([...Object.keys(taskList(deps, { renderer: {}, store: {} } as never)), ...Object.keys(hubTaskList(deps))]);
  t.true(tasks.size >= 10, 'the task list is read');

  const { rows } = await db.pool.query<{ f: string; prosrc: string }>(`
    select p.oid::regprocedure::text as f, p.prosrc from pg_proc p
     where p.pronamespace::regnamespace::text in ('app', 'app_private', 'hub', 'hub_private') and p.prosrc ~* 'add_job'`);
  const from = new Map<string, string[]>();
  const dynamic: string[] = [];
  const note = (where: string, text: string) => {
    const e = enqueued(text);
    for (const n of e.names) from.set(n, [...(from.get(n) ?? []), where]);
    dynamic.push(...e.dynamic.map((d) => `${where}: ${d}`));
  };
  for (const r of rows) note(r.f, r.prosrc);
  for (const f of ['api', 'core', 'workers', 'cli', 'ops', 'tui'].flatMap((d) => sources(path.join(ROOT, d)))) note(path.relative(ROOT, f), readFileSync(f, 'utf8'));
  for (const item of [...parseCrontab(CRONTAB), ...parseCrontab(HUB_CRONTAB)]) from.set(item.task, [...(from.get(item.task) ?? []), 'crontab']);

  t.deepEqual(dynamic, [], 'a job name is a literal, so this catalogue can read it');
  t.deepEqual([...from.keys()].filter((n) => !tasks.has(n)).map((n) => `${n} (enqueued by ${from.get(n)!.join(', ')})`), [], 'every enqueued job has a task');
  t.deepEqual([...tasks].filter((n) => !from.has(n)), [], 'every task has an enqueuer');
  const schemas = new Set(Object.keys(JOBS));
  t.deepEqual([...new Set([...tasks, ...from.keys()])].filter((n) => !schemas.has(n)), [], 'every job name has its payload schema (core/wire/jobs.ts)');
  t.deepEqual([...schemas].filter((n) => !tasks.has(n)), [], 'every payload schema names a task');
});

test('every task parses its payload with its schema before doing anything', async (t) => {
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'podium-jobs-')) });
  const deps: WorkerDeps = { config, pool: db.pool, log: createLogger('silent'), mail: null };
  const list = { ...taskList(deps, { renderer: {}, store: {} } as never), ...hubTaskList(deps) };
  for (const [name, task] of Object.entries(list)) {
    // No helpers: a task that touched anything before parsing would fail some other way.
    await t.throwsAsync(Promise.resolve().then(() => (task as (p: unknown, h: unknown) => Promise<void>)(42, {})), { message: new RegExp(`^${name}: .*malformed`) }, name);
  }
});

test('a payload that does not fit is refused with its name and the first problem', (t) => {
  t.throws(() => parseJob('submissions__capture', { projectId: '7b0c1c43-9d5f-4a8e-bd3a-2f36b5f0c001', sha: 'HEAD' }), { message: /^submissions__capture: malformed payload \(sha: / });
  t.deepEqual(parseJob('deck__thumbnail', { deckId: 'd', version: 2, extra: 1 }), { deckId: 'd', version: 2 });
  t.throws(() => parseJob('mail__send', { template: 'invitation', invitationId: 'x' }, () => 'worded'), { message: 'worded' });
  t.deepEqual(LoginCodeTool.options.filter((tool) => !isLoginCodeTool(tool)), [], 'every tool a sign-in payload may name has its mail wording');
});

test('the reader finds literal names and flags computed ones', (t) => {
  t.deepEqual(enqueued(`perform graphile_worker.add_job('mail__send', x::json); select graphile_worker.add_job( 'deck__thumbnail' , $1)`),
    { names: ['mail__send', 'deck__thumbnail'], dynamic: [] });
  t.deepEqual(enqueued(`perform graphile_worker.add_job(task_name, x)`), { names: [], dynamic: ['task_name'] });
  t.deepEqual(enqueued(`await helpers.addJob('usage__flush', {})`).names, ['usage__flush']);
});
