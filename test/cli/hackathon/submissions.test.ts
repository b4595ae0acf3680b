// The submissions commands run as the built binary against a real server and worker: the
// intake sentence, late marks, template frozen sha, failures, reconcile wording, show with
// receipts, and artifact contained in --dir (never overwriting a different file).
import test from 'ava';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { commitFile, git, pushFixture, sendDelivery, tempDir } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let clock: Clock;
let owner: Person, part: Person;
let env: NodeJS.ProcessEnv;
let eventId: string, start: number;
let pushed: string, templateSha: string;
const team: Record<string, string> = {};
const run = (args: string[], as: Person = owner) => hackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key });

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  env = makeHome().env;
  const w = await eventWorkspace(s.db.pool, 'Subs');
  owner = w.owner;
  part = await person(s.db.pool, w.ws.id, 'part@x.test');
  start = Date.now() + HOUR;
  eventId = (await createEvent(s.url, owner.key, start, 1)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await importRoster(s.url, owner.key, [{ email: part.email, team: 'Rocket' }, { email: 'other@x.test', team: 'Comet' }]);
  Object.assign(team, await teamIds(s.db.pool, w.ws.id));
  // Repositories seeded straight on disk: these tests are about the client, not git transport.
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  await host.createEmpty('acme/template');
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  const wdir = path.join(work, 'w');
  templateSha = await commitFile(wdir, 'README.md', 'template\n');
  await git(wdir, ['push', '-q', host.repositoryPath('acme/template'), 'HEAD:main']);
  for (const name of ['Rocket', 'Comet']) {
    await host.createFromTemplate('acme/template', `acme/${name.toLowerCase()}`, 'main');
    await assignRepository(s.db.pool, team[name]!, `acme/${name.toLowerCase()}`, 'ready', templateSha);
  }
  pushed = await commitFile(wdir, 'app.js', 'ok\n');
  await git(wdir, ['push', '-q', host.repositoryPath('acme/rocket'), 'HEAD:main']);
  await git(wdir, ['push', '-q', host.repositoryPath('acme/comet'), 'HEAD:refs/heads/other']); // for the exception
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

test.serial('list before the freeze: intake open, one line per team; a participant sees their own team only', async (t) => {
  await clock.to(start + 10 * MINUTE);
  t.is((await sendDelivery(s.url, { eventId, payload: pushFixture('acme/rocket', { after: pushed }) })).status, 202);
  const r = await run(['submissions', 'list']);
  t.is(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  t.regex(lines[0]!, /^Intake is open until the freeze at /);
  t.regex(r.stdout, /Attention: 0/);
  t.regex(r.stdout, new RegExp(`waiting +ready +${pushed.slice(0, 12)} at \\S+ +- +acme/rocket +Rocket`));
  t.regex(r.stdout, /waiting +ready +- +- +acme\/comet +Comet/);
  const mine = await run(['submissions', 'list'], part);
  t.notRegex(mine.stdout, /Comet/);
  const early = await run(['submissions', 'exception', 'Rocket', '--reason', 'judges asked', '--missing']);
  t.is(early.code, 1);
  t.regex(early.stderr, /event_not_closed/);
  const a = await run(['submissions', 'artifact', team.Rocket!, '--dir', tempDir()]);
  t.is(a.code, 1);
  t.regex(a.stderr, /not_frozen/);
});

test.serial('after the freeze: a late push is marked, reconcile prints its counts, the team that never pushed is frozen on the template', async (t) => {
  await clock.to(start + HOUR + 16 * MINUTE);
  await sendDelivery(s.url, { eventId, payload: pushFixture('acme/rocket', { after: 'c'.repeat(40) }) });
  await sendDelivery(s.url, { eventId, payload: pushFixture('acme/rocket'), secret: 'wrong' });
  const rec = await run(['submissions', 'reconcile']);
  t.is(rec.code, 0, rec.stderr);
  t.regex(rec.stdout, /^Reconciled at \S+Z: 2 captured, 0 frozen, 2 capturing, 0 missing, 0 errors\n$/);
  t.is((await run(['submissions', 'reconcile'], part)).code, 3, 'organizers only (access refused)');
  await s.startWorker();
  const list = await until('`submissions list` to say the submissions are frozen', async () => {
    const out = (await run(['submissions', 'list'])).stdout;
    return /^Submissions are frozen\./.test(out) ? out : null;
  });
  t.regex(list, new RegExp(`frozen +ready +cccccccccccc at \\S+ late +${pushed.slice(0, 12)} +acme/rocket +Rocket`));
  t.regex(list, new RegExp(`frozen +ready +- +template \\(${templateSha.slice(0, 12)}\\) +acme/comet +Comet`));

  const show = await run(['submissions', 'show', 'rocket']);
  t.is(show.code, 0, show.stderr);
  t.regex(show.stdout, /Repository: acme\/rocket branch main \(ready\)/);
  t.regex(show.stdout, /Last received: c{40} \(receipt \d+ at \S+, late\)/);
  t.regex(show.stdout, new RegExp(`evidence submission-${pushed.slice(0, 12)}\\.tar\\.gz sha256 [0-9a-f]{64}`));
  t.regex(show.stdout, /Receipts \(last 2\):/);
  const other = await run(['submissions', 'show', team.Comet!], part);
  t.is(other.code, 1);
  t.regex(other.stderr, /project_not_found/);

  const f = await run(['submissions', 'failures']);
  t.regex(f.stdout, /^Signature failures: 1 \(first \S+, last \S+, reason: signature mismatch\)/);
  t.regex(f.stdout, /Late deliveries: 1\n  \d+ \S+ late acme\/rocket cccccccccccc/);
});

test.serial('artifact: written inside --dir, identical to git archive of the sha; an identical file is kept, a different one refused', async (t) => {
  const dir = tempDir();
  const r = await run(['submissions', 'artifact', 'Rocket', '--dir', dir]);
  t.is(r.code, 0, r.stderr);
  const file = path.join(dir, `submission-${pushed.slice(0, 12)}.tar.gz`);
  t.true(existsSync(file));
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  const expected = path.join(tempDir(), 'x.tar.gz');
  await host.archive('acme/rocket', pushed, expected);
  t.true(readFileSync(file).equals(readFileSync(expected)));
  const again = await run(['submissions', 'artifact', 'Rocket', '--dir', dir]);
  t.is(again.code, 0);
  t.regex(again.stdout, /^Already present/);
  writeFileSync(file, 'something else');
  const clash = await run(['submissions', 'artifact', 'Rocket', '--dir', dir]);
  t.is(clash.code, 5);
  t.is(readFileSync(file, 'utf8'), 'something else', 'never overwritten');
  const missing = path.join(dir, 'nope');
  t.is((await run(['submissions', 'artifact', 'Rocket', '--dir', missing])).code, 2);
  mkdirSync(missing);
});

test.serial('exceptions: client checks, capture_failed records nothing, --sha captured now, --missing, then judging_started', async (t) => {
  t.is((await run(['submissions', 'exception', 'Rocket', '--missing'])).code, 2, '--reason is required');
  t.is((await run(['submissions', 'exception', 'Rocket', '--reason', 'x'])).code, 2, 'one of --sha or --missing');
  t.is((await run(['submissions', 'exception', 'Rocket', '--reason', 'x', '--missing', '--sha', pushed])).code, 2);
  t.is((await run(['submissions', 'exception', 'Rocket', '--reason', 'x', '--sha', 'abc'])).code, 2, 'a full 40-hex sha');
  const before = await run(['submissions', 'show', 'Comet', '--json']);
  const bad = await run(['submissions', 'exception', 'Comet', '--reason', 'wrong sha', '--sha', 'e'.repeat(40)]);
  t.is(bad.code, 1);
  t.regex(bad.stderr, /capture_failed/);
  t.deepEqual(JSON.parse((await run(['submissions', 'show', 'Comet', '--json'])).stdout), JSON.parse(before.stdout), 'nothing recorded');

  const ok = await run(['submissions', 'exception', 'Comet', '--reason', 'pushed to the wrong repository', '--sha', pushed, '--invalidate-decks']);
  t.is(ok.code, 0, ok.stderr);
  t.regex(ok.stdout, new RegExp(`frozen on ${pushed.slice(0, 12)}`));
  t.regex(ok.stdout, /Invalidates: decks/);
  const show = JSON.parse((await run(['submissions', 'show', 'Comet', '--json'])).stdout);
  t.like(show, { state: 'frozen', frozen: { sha: pushed, source: 'exception' } });
  t.is(show.exceptions[0].previousSha, templateSha);
  t.truthy(show.frozen.archive.sha256);
  const human = (await run(['submissions', 'show', 'Comet'])).stdout;
  t.regex(human, new RegExp(`^Exceptions \\(1\\):\n  \\S+ frozen on ${pushed.slice(0, 12)} \\(was ${templateSha.slice(0, 12)}\\): pushed to the wrong repository \\(invalidates decks\\)$`, 'm'));

  const missing = await run(['submissions', 'exception', 'Rocket', '--reason', 'disqualified', '--missing']);
  t.is(missing.code, 0, missing.stderr);
  t.regex(missing.stdout, /Rocket: missing/);
  t.regex((await run(['submissions', 'list'])).stdout, /missing +ready/);
  const gone = (await run(['submissions', 'show', 'Rocket'])).stdout;
  t.regex(gone, /^Next: nothing to fetch \(no submission\); an organizer may record an exception with --sha$/m);
  t.regex(gone, /^  \S+ marked missing \(was [0-9a-f]{12}\): disqualified$/m);
  t.is((await run(['submissions', 'exception', 'Rocket', '--reason', 'x', '--missing'], part)).code, 3, 'organizers only');

  await clock.to(start + HOUR + 31 * MINUTE); // vote opens at build end + 30 min
  const late = await run(['submissions', 'exception', 'Rocket', '--reason', 'too late', '--missing']);
  t.is(late.code, 1);
  t.regex(late.stderr, /judging_started/);
});
