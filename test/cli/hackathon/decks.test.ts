// The generated-deck commands in process against a real server and worker: the spec's output
// for decks templates, generate (started, skipped lines, run_in_progress), runs, run [--log],
// list, show <deckId> (deck_not_found), review (exactly one of --approve/--reject),
// release (not_approved, released and superseded), gallery for an organizer and a
// participant (next action), the admin aliases, --json, and vote_off for every gated
// command while gallery, link and show without an id keep working.
import test from 'ava';
import { Clock, type Person } from '../../helpers/event.ts';
import { frozenEvent, voteOn, type FrozenEvent } from '../../helpers/decks.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let clock: Clock;
let ev: FrozenEvent;
let env: NodeJS.ProcessEnv;
const run = (args: string[], as?: Person) => hackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: (as ?? ev.owner).key });
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

test.before(async () => {
  s = await startTestServer({ env: { ALLOWED_DECK_LINK_HOSTS: 'decks.podium.test' } });
  clock = new Clock(s.url);
  env = makeHome().env;
  ev = await frozenEvent(s, clock, 'Cli', 'clidecks', { Rocket: 'node', Blank: 'empty' });
  await s.startWorker();
  await ev.frozen();
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

test.serial('vote section off: generation commands are vote_off; gallery, link and show without an id still work', async (t) => {
  for (const args of [['decks', 'generate'], ['decks', 'runs'], ['decks', 'list'], ['decks', 'templates'], ['decks', 'run', '00000000-0000-4000-8000-000000000000'],
    ['decks', 'show', '00000000-0000-4000-8000-000000000000'], ['decks', 'review', '00000000-0000-4000-8000-000000000000', '--approve'], ['decks', 'release', ev.teams.Rocket!.id],
    ['admin', 'generate-all-presentations'], ['admin', 'generation-status', '--run', '00000000-0000-4000-8000-000000000000']]) {
    const r = await run(args);
    t.is(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
    t.regex(r.stderr, /vote section of this event is off/, args.join(' '));
  }
  const g = await run(['decks', 'gallery']);
  t.is(g.code, 0, g.stderr);
  t.deepEqual(g.stdout.trim().split('\n'), [
    'Blank jury: none community: none',
    'Rocket jury: none community: none',
    'Next: hackathon event vote --on (generating, reviewing and releasing decks need the vote section)',
  ]);
  const link = await run(['decks', 'link', '--team', 'Rocket', '--demo', `https://decks.podium.test/v/abc/`]);
  t.is(link.code, 0, link.stderr);
  const show = await run(['decks', 'show'], ev.participant);
  t.is(show.code, 0, show.stderr);
  t.is(show.stdout, 'Team: Rocket\nDemo deck: https://decks.podium.test/v/abc/\nPresentation: -\nVote presentation: -\n');
});

test.serial('decks templates: both contracts and the deck service that publishes them', async (t) => {
  await voteOn(s, ev.owner.key);
  const r = await run(['decks', 'templates']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, [
    'jury (schema v2): Five-minute live presentation for the jury, 6 to 8 screens, claims up to 240 characters',
    '  1. Problem', '  2. What it does', '  3. How it works', '  4. What was built in the event', '  5. Where the code came from', '  6. Evidence it runs',
    '  7. What is tested', '  8. What is next (optional)',
    'community (schema v2): A pitch for the community vote (what it is, who it is for, one picture, one number), 3 to 4 screens, claims up to 160 characters',
    '  1. What it is', '  2. Who it is for', '  3. In one number', '  4. Try it (optional)',
    `Published by: deck service ${s.url}/api/v1/presentations (podium 0.1.0, wire v1)`, '',
  ].join('\n'));
  const j = await run(['decks', 'templates', '--json']);
  t.like(JSON.parse(j.stdout), { items: [{ kind: 'jury' }, { kind: 'community' }], publisher: { service: 'deck' } });
});

let runId: string;
test.serial('decks generate: started line; a second start while it runs is run_in_progress; runs and the gallery show it', async (t) => {
  await s.worker!.stop(); // hold the jobs queued
  s.worker = null;
  const r = await run(['decks', 'generate']);
  t.is(r.code, 0, r.stderr);
  const m = new RegExp(`^Run (${UUID}) started at revision 1: 4 pending, 0 skipped\n$`).exec(r.stdout);
  t.truthy(m, r.stdout);
  runId = m![1]!;
  const again = await run(['decks', 'generate']);
  t.is(again.code, 1);
  t.regex(again.stderr, new RegExp(`run_in_progress|Run ${runId} is still in progress`));
  const runs = await run(['decks', 'runs']);
  t.regex(runs.stdout, new RegExp(`^Current revision: 1\n${runId} +1 +running +\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[+-]\\d\\d:\\d\\d +4 pending, 0 running, 0 review, 0 failed, 0 skipped\n$`));
  const g = await run(['decks', 'gallery']);
  t.regex(g.stdout, /^Blank jury: generating community: generating\nRocket jury: generating community: generating\nNext: hackathon decks runs \(a generation run is in progress\)\n$/);
  await s.startWorker();
  await until('the run done', async () => (await http(s.url, 'GET', `/api/v1/event/decks/runs/${runId}`, { key: ev.owner.key })).body.run.status === 'done', 120_000);
});

test.serial('decks run [--log], admin generation-status, run_not_found', async (t) => {
  const r = await run(['decks', 'run', runId]);
  t.is(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  t.regex(lines[0]!, new RegExp(`^Run ${runId} \\(revision 1\\) done, started \\S+: 0 pending, 0 running, 4 review, 0 failed, 0 skipped$`));
  t.deepEqual(lines.slice(1).map((l) => l.replace(/\(.*\)/, '(id)').split(/ {2,}/)), [
    ['Blank', 'jury', 'review', '1', 'deck v1 (id): awaiting review'], ['Blank', 'community', 'review', '1', 'deck v1 (id): awaiting review'],
    ['Rocket', 'jury', 'review', '1', 'deck v1 (id): awaiting review'], ['Rocket', 'community', 'review', '1', 'deck v1 (id): awaiting review'],
  ]);
  const logged = await run(['decks', 'run', runId, '--log']);
  t.regex(logged.stdout, /Rocket +jury +review +1 +deck v1 \(\S+\): awaiting review\n {4}\S+ attempt 1 started\n {4}\S+ evidence submission-[0-9a-f]{12}\.tar\.gz verified/);
  const alias = await run(['admin', 'generation-status', '--run', runId, '--log']);
  t.is(alias.stdout, logged.stdout, 'the admin alias prints the same');
  const missing = await run(['decks', 'run', '00000000-0000-4000-8000-000000000000']);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /No such generation run in this event/);
  const bad = await run(['decks', 'run', 'nope']);
  t.is(bad.code, 1, 'a malformed id is a usage error before any request');
  t.regex(bad.stderr, /run must be an id/);
});

let rocketJury: string, rocketCommunity: string, blankJury: string;
test.serial('decks list and decks show <deckId>: every version with review and release; screens with citations; deck_not_found', async (t) => {
  const r = await run(['decks', 'list']);
  t.is(r.code, 0, r.stderr);
  const rows = r.stdout.trim().split('\n');
  t.false(rows[0]!.startsWith('ID '), 'piped: no header row');
  const parsed = rows.map((l) => l.split(/ {2,}/));
  t.deepEqual(parsed.map((x) => x.slice(1)), [
    ['jury', 'v1', 'pending', 'not released', 'Blank'], ['community', 'v1', 'pending', 'not released', 'Blank'],
    ['jury', 'v1', 'pending', 'not released', 'Rocket'], ['community', 'v1', 'pending', 'not released', 'Rocket'],
  ]);
  [blankJury, , rocketJury, rocketCommunity] = parsed.map((x) => x[0]!);
  const show = await run(['decks', 'show', rocketJury]);
  t.is(show.code, 0, show.stderr);
  const out = show.stdout;
  t.regex(out, /^Team: Rocket\nKind: jury\nVersion: 1 \(revision 1, builtin\/1\)\nTemplate: jury schema v2 \(6 to 8 screens\)\nReview: pending\nRelease: not released\nEvidence: submission-[0-9a-f]{12}\.tar\.gz \(sha [0-9a-f]{12}\)\nView: http:\/\/127\.0\.0\.1:\d+\/v\/[A-Za-z0-9_-]{43}\/ \(a share link: whoever holds it sees this deck, reviewed or not; only released decks are listed in the gallery\)\nFindings: none\n\n1\. Problem\n {3}- The README names the project "Rocket Todo" \(README\.md:1\)\n/);
  // where the code came from cites the server's push receipt
  t.regex(out, /\n5\. Where the code came from\n {3}- The whole history arrived in one push at [^\n]+ \(push receipt #\d+\)\n/);
  t.regex(out, /\n7\. What is tested\n {3}- npm test runs "node --test test\/" \(package\.json:7\)\n {3}- test\/todo\.test\.js holds 3 tests: "adds a todo", "completes a todo", "removes a todo" \(test\/todo\.test\.js:5-12\)\n/);
  t.regex(out, /\(commit [0-9a-f]{12}\)/);
  const missing = await run(['decks', 'show', '00000000-0000-4000-8000-000000000000']);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /No such generated deck/);
  const asPart = await run(['decks', 'show', rocketJury], ev.participant);
  t.is(asPart.code, 1, 'an unreleased deck is not shown to a participant');
  t.regex(asPart.stderr, /No such generated deck/);
});

test.serial('decks review: exactly one of --approve/--reject (exit 2); approving prints the deck', async (t) => {
  for (const args of [['decks', 'review', rocketJury], ['decks', 'review', rocketJury, '--approve', '--reject']]) {
    const r = await run(args);
    t.is(r.code, 2, args.join(' '));
    t.regex(r.stderr, /exactly one of --approve or --reject/);
  }
  const ok = await run(['decks', 'review', rocketJury, '--approve', '--note', 'Clear and cited']);
  t.is(ok.code, 0, ok.stderr);
  t.is(ok.stdout, 'Approved the jury deck v1 of Rocket (Clear and cited)\n');
});

test.serial('decks release: not_approved while a kind awaits review; then released with views; gallery per role', async (t) => {
  const refused = await run(['decks', 'release', 'Rocket']);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /The newest community deck of Rocket \(v1\) awaits review/);
  t.is((await run(['decks', 'review', rocketCommunity, '--approve'])).code, 0);
  const r = await run(['decks', 'release', ev.teams.Rocket!.id]);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Released jury v1 of Rocket: http:\/\/\S+\/v\/\S+\/\nReleased community v1 of Rocket: http:\/\/\S+\/v\/\S+\/\n$/);
  const g = await run(['decks', 'gallery']);
  t.regex(g.stdout, new RegExp(`^Blank jury: review community: review\nRocket jury: released v1 community: released v1\n  jury: http://\\S+/v/\\S+/\n  community: http://\\S+/v/\\S+/\nNext: hackathon decks review ${blankJury} --approve\\|--reject \\(Blank\\)\n$`));
  // The run's jobs say what became of their decks: approved and released, not "review" for ever.
  const jobs = (await run(['decks', 'run', runId])).stdout;
  t.regex(jobs, /^Rocket +jury +review +1 +deck v1 \(\S+\): approved, released$/m);
  t.regex(jobs, /^Rocket +community +review +1 +deck v1 \(\S+\): approved, released$/m);
  t.regex(jobs, /^Blank +jury +review +1 +deck v1 \(\S+\): awaiting review$/m);
  const asPart = await run(['decks', 'gallery'], ev.participant);
  t.regex(asPart.stdout, /^Blank jury: pending community: pending\nRocket jury: released v1 community: released v1\n  jury: http:\/\/\S+\n  community: http:\/\/\S+\nNext: decks not released yet show as pending; an organizer releases them\n$/);
  const asJury = await run(['decks', 'gallery'], ev.jury);
  t.is(asJury.stdout, asPart.stdout);
  const shown = await run(['decks', 'show', rocketJury], ev.jury);
  t.is(shown.code, 0, 'a released deck is shown to the jury');
  const json = JSON.parse((await run(['decks', 'gallery', '--json'])).stdout);
  t.like(json.items[1], { team: { name: 'Rocket' }, jury: { state: 'released', version: 1 } });
  t.regex(json.items[1].jury.view, /\/v\/[A-Za-z0-9_-]{43}\/$/);
  t.false('viewKey' in json.items[1].jury);
});

test.serial('decks generate again: completed work skipped with its reason; the admin alias with --new-revision regenerates all', async (t) => {
  const r = await run(['decks', 'generate']);
  t.is(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  t.regex(lines[0]!, new RegExp(`^Run ${UUID} started at revision 1: 0 pending, 4 skipped$`));
  t.deepEqual(lines.slice(1), [
    'Skipped Blank jury: jury deck v1 was already generated at revision 1 from this evidence',
    'Skipped Blank community: community deck v1 was already generated at revision 1 from this evidence',
    'Skipped Rocket jury: jury deck v1 was already generated at revision 1 from this evidence',
    'Skipped Rocket community: community deck v1 was already generated at revision 1 from this evidence',
  ]);
  const next = await run(['admin', 'generate-all-presentations', '--new-revision', '--json']);
  t.is(next.code, 0, next.stderr);
  t.like(JSON.parse(next.stdout), { run: { revision: 2, newRevision: true, counts: { pending: 4, skipped: 0 } }, skipped: [] });
  const id = JSON.parse(next.stdout).run.id;
  await until('the new revision done', async () => (await http(s.url, 'GET', `/api/v1/event/decks/runs/${id}`, { key: ev.owner.key })).body.run.status === 'done', 120_000);
  const list = (await run(['decks', 'list'])).stdout;
  t.is(list.trim().split('\n').length, 8, 'eight decks: both revisions kept (one row each, piped)');
  // The new Rocket decks, approved and released, supersede the first ones.
  for (const line of list.split('\n').filter((l) => /Rocket$/.test(l) && / v2 /.test(l))) {
    t.is((await run(['decks', 'review', line.split(/\s+/)[0]!, '--approve'])).code, 0);
  }
  const rel = await run(['decks', 'release', 'rocket']);
  t.is(rel.code, 0, rel.stderr);
  t.regex(rel.stdout, /^Released jury v2 of Rocket: \S+\nReleased community v2 of Rocket: \S+\nSuperseded jury v1\nSuperseded community v1\n$/);
});

test.serial('roles: a participant may not generate, review or list; the jury viewer may not read templates', async (t) => {
  const gen = await run(['decks', 'generate'], ev.participant);
  t.is(gen.code, 3);
  t.regex(gen.stderr, /An event organizer is needed/);
  t.is((await run(['decks', 'list'], ev.participant)).code, 3);
  t.is((await run(['decks', 'review', rocketJury, '--reject'], ev.advisor)).code, 3);
  t.is((await run(['decks', 'templates'], ev.jury)).code, 3);
  t.is((await run(['decks', 'templates'], ev.participant)).code, 0);
});
