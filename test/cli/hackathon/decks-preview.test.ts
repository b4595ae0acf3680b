// hackathon decks preview against a real server: a participant previews
// their own team's jury and community decks from its last accepted push, is refused another
// team; an organizer names a team with --team; another workspace's organizer cannot reach it;
// a team with no accepted push gets a clear message; a second preview of a team within the
// minute is rate_limited. The preview says it is one, works while the vote section is off,
// and stores no generated deck or generation job.
import test from 'ava';
import { Clock, createEvent, eventWorkspace, HOUR, type Person } from '../../helpers/event.ts';
import { frozenEvent, type FrozenEvent } from '../../helpers/decks.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let clock: Clock;
let ev: FrozenEvent;
let env: NodeJS.ProcessEnv;
const run = (args: string[], as: Person) => hackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key });

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  env = makeHome().env;
  ev = await frozenEvent(s, clock, 'Prev', 'prevdecks', { Rocket: 'node', Comet: 'python', Blank: 'empty' });
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

test.serial('a participant previews their own team: both decks, marked as a preview, from the last accepted push; nothing stored', async (t) => {
  const r = await run(['decks', 'preview'], ev.participant);
  t.is(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  t.is(lines[0], 'Team Rocket: PREVIEW, NOT THE SUBMITTED DECK');
  t.regex(lines[1]!, new RegExp(`^Built from the last accepted push ${ev.teams.Rocket!.sha.slice(0, 12)} \\(received \\S+Z\\), not from frozen evidence: at the freeze the decks are generated again from the frozen revision\\.$`));
  t.true(lines.includes('jury deck (preview, not the submitted deck)'));
  t.true(lines.includes('community deck (preview, not the submitted deck)'));
  t.true(lines.includes('1. What it is'), r.stdout);
  t.regex(r.stdout, /^1\. Problem$/m);
  t.regex(r.stdout, /^ {3}- .+ \((README\.md:\d+(-\d+)?|commit [0-9a-f]{12}|push receipt #\d+)\)$/m, 'claims with their citations');
  // one preview of a team a minute, whoever asks
  const again = await run(['decks', 'preview', '--json'], ev.participant);
  t.is(again.code, 1);
  t.like(JSON.parse(again.stderr), { error: { code: 'rate_limited' } });
  t.regex(again.stderr, /Team Rocket's decks were previewed less than a minute ago; try again in \d+ second\(s\)/);
  const stored = await s.db.pool.query(`select (select count(*)::int from app_private.generated_decks) as decks, (select count(*)::int from app_private.generation_jobs) as jobs`);
  t.deepEqual(stored.rows[0], { decks: 0, jobs: 0 }, 'a preview stores nothing');
});

test.serial('a participant naming another team is refused; so are the jury, an advisor and another workspace\'s organizer', async (t) => {
  const other = await run(['decks', 'preview', '--team', 'Comet'], ev.participant);
  t.is(other.code, 1);
  t.regex(other.stderr, /own team only/);
  for (const who of [ev.jury, ev.advisor]) {
    const r = await run(['decks', 'preview', '--team', 'Rocket'], who);
    t.is(r.code, 3, r.stderr);
    t.regex(r.stderr, /This is for organizer, participant only|Jury viewers may read the gallery/);
    t.is(r.stdout, '');
  }
  const w = await eventWorkspace(s.db.pool, 'Elsewhere');
  await createEvent(s.url, w.owner.key, clock.now() + HOUR, 1);
  for (const team of ['Rocket', ev.teams.Rocket!.id]) {
    const stranger = await run(['decks', 'preview', '--team', team], w.owner);
    t.is(stranger.code, 1);
    t.regex(stranger.stderr, new RegExp(`No team ${team} in this event`));
    t.is(stranger.stdout, '');
  }
});

test.serial('an organizer previews any team with --team, once a minute per team; a team with no push is told to push', async (t) => {
  const j = await run(['decks', 'preview', '--team', 'comet', '--json'], ev.owner);
  t.is(j.code, 0, j.stderr);
  const p = JSON.parse(j.stdout);
  t.like(p, { preview: true, mark: 'preview, not the submitted deck', team: { id: ev.teams.Comet!.id, name: 'Comet' }, sha: ev.teams.Comet!.sha });
  t.deepEqual(p.decks.map((d: any) => d.kind), ['jury', 'community']);
  t.deepEqual(p.decks[1].screens.slice(0, 3).map((x: any) => x.heading), ['What it is', 'Who it is for', 'In one number']);
  t.true(p.decks.every((d: any) => d.screens.every((x: any) => x.claims.every((c: any) => typeof c.text === 'string' && (c.cite !== null || c.unverified)))), 'every claim cited or marked');
  const again = await run(['decks', 'preview', '--team', 'Comet'], ev.owner);
  t.is(again.code, 1);
  t.regex(again.stderr, /Team Comet's decks were previewed less than a minute ago/);
  const none = await run(['decks', 'preview', '--team', 'Blank'], ev.owner);
  t.is(none.code, 1);
  t.regex(none.stderr, /Team Blank has no accepted push yet: push to the main branch of prevdecks\/blank, then preview the decks built from it/);
  const unknown = await run(['decks', 'preview', '--team', 'Nobody'], ev.owner);
  t.regex(unknown.stderr, /No team Nobody in this event/);
  const blank = await run(['decks', 'preview', '--team', ' '], ev.owner);
  t.is(blank.code, 2);
  t.regex(blank.stderr, /--team needs a team name/);
});
