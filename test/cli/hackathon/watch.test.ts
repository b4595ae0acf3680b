// `--watch` on real worker runs, followed to their end: `decks generate --watch` (the started
// line, a progress line per change on stderr, the finished run as `decks run` prints it, exit
// 0), `decks run <id> --watch` and the admin alias on a run that ends with failed jobs (a
// tampered evidence archive: exit 1), `--json --watch` (the finished run only, no progress),
// and the progress line itself on a terminal (rewritten in place) and off one. A run is
// followed over the live stream (generation.progressed / generation.finished), not polled:
// the run is read once after the stream opens and once when it is done.
import test from 'ava';
import { progressLine } from '../../../cli/hackathon/watch.ts';
import { Clock } from '../../helpers/event.ts';
import { frozenEvent, tamperEvidence, voteOn, type FrozenEvent } from '../../helpers/decks.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let clock: Clock;
let ev: FrozenEvent;
let env: NodeJS.ProcessEnv;
const logLines: string[] = [];
/** The server's request lines for a path. */
const requests = (url: string) => logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request' && l.url === url);
const run = (args: string[]) => hackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: ev.owner.key });
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const COUNTS = '\\d+ pending, \\d+ running, \\d+ review, \\d+ failed, \\d+ skipped';

test.before(async () => {
  s = await startTestServer({ logLines });
  clock = new Clock(s.url);
  env = makeHome().env;
  ev = await frozenEvent(s, clock, 'Watch', 'watchdecks', { Rocket: 'node', Blank: 'empty' });
  await s.startWorker();
  await ev.frozen();
  await voteOn(s, ev.owner.key);
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

let runId: string;
test.serial('decks generate --watch follows the run to its end: a progress line per change, then the run job by job, exit 0', async (t) => {
  const r = await run(['decks', 'generate', '--watch']);
  t.is(r.code, 0, r.stderr);
  const out = r.stdout.trim().split('\n');
  const m = new RegExp(`^Run (${UUID}) started at revision 1: 4 pending, 0 skipped$`).exec(out[0]!);
  t.truthy(m, r.stdout);
  runId = m![1]!;
  t.regex(out[1]!, new RegExp(`^Run ${runId} \\(revision 1\\) done, started \\S+: 0 pending, 0 running, 4 review, 0 failed, 0 skipped$`));
  t.is(out.length, 6, 'one line per job, no header row piped');
  t.true(out.slice(2).every((l) => / review +1 +deck v1 \(\S+\): awaiting review$/.test(l)), r.stdout);
  // Off a terminal each change is its own line, never the same line twice in a row; the last is the end.
  const progress = r.stderr.trim().split('\n');
  t.true(progress.length >= 1, r.stderr);
  for (const l of progress) t.regex(l, new RegExp(`^Run ${runId} (running|done): ${COUNTS}$`));
  t.true(progress.every((l, i) => i === 0 || l !== progress[i - 1]), 'a line only when something changed');
  t.is(progress.at(-1), `Run ${runId} done: 0 pending, 0 running, 4 review, 0 failed, 0 skipped`);
  t.notRegex(r.stderr, /\r|\x1b/, 'nothing rewritten in place off a terminal');
  t.is(requests(`/api/v1/event/decks/runs/${runId}`).length, 2, 'read once after the stream opened and once when done: no polling');
});

test.serial('decks run <id> --watch on a finished run ends at once with the same output as decks run', async (t) => {
  const watched = await run(['decks', 'run', runId, '--watch']);
  const plain = await run(['decks', 'run', runId]);
  t.is(watched.code, 0, watched.stderr);
  t.is(watched.stdout, plain.stdout);
  t.is(watched.stderr, `Run ${runId} done: 0 pending, 0 running, 4 review, 0 failed, 0 skipped\n`);
});

test.serial('a run that ends with failed jobs: decks run --watch and admin generation-status --watch exit 1; --json --watch prints the finished run only', async (t) => {
  const restore = await tamperEvidence(s, ev.teams.Rocket!.id);
  try {
    // A fresh worker: nothing of the archive is held in memory from the first run.
    await s.worker!.stop();
    await s.startWorker();
    const g = await run(['decks', 'generate', '--new-revision', '--watch', '--json']);
    t.is(g.code, 1, g.stderr);
    t.is(g.stderr, '', '--json: no progress line');
    const done = JSON.parse(g.stdout);
    t.like(done.run, { revision: 2, status: 'done', counts: { failed: 2, review: 2 } });
    t.deepEqual(done.jobs.filter((j: any) => j.team.name === 'Rocket').map((j: any) => j.status), ['failed', 'failed']);
    const watched = await run(['decks', 'run', done.run.id, '--watch']);
    t.is(watched.code, 1, 'the outcome is the exit code');
    t.regex(watched.stdout, /^Rocket +jury +failed +1 +last error: .*does not match its recorded sha256/m);
    t.is(watched.stderr, `Run ${done.run.id} done: 0 pending, 0 running, 2 review, 2 failed, 0 skipped\n`);
    const alias = await run(['admin', 'generation-status', '--run', done.run.id, '--watch']);
    t.is(alias.code, 1);
    t.is(alias.stdout, watched.stdout);
    t.is((await run(['decks', 'run', done.run.id])).code, 0, 'without --watch the command reports, it does not judge');
  } finally {
    restore();
  }
});

test('the progress line: rewritten in place on a terminal (cut to its width), one line per change otherwise, none when disabled', (t) => {
  let tty = '';
  const p = progressLine({ write: (x: string) => (tty += x), isTTY: true, columns: 12 });
  p.update('Run a: 1 pending');
  p.update('Run a: 1 pending');
  p.update('Run a: done');
  p.done();
  t.is(tty, '\r\x1b[2KRun a: 1 pe\r\x1b[2KRun a: done\n');
  let pipe = '';
  const q = progressLine({ write: (x: string) => (pipe += x) });
  q.update('one');
  q.update('one');
  q.update('two');
  q.done();
  t.is(pipe, 'one\ntwo\n');
  let off = '';
  const o = progressLine({ write: (x: string) => (off += x), isTTY: true }, false);
  o.update('x');
  o.done();
  t.is(off, '');
});
