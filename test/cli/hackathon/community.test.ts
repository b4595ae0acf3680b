// `hackathon community ...` in process against a real server: the spec's outputs line by
// line, checks before any request (exit 2: the eligibility file's shape, whole-number
// options, an empty ranking, a version argument), omitted versions read from the ballot,
// `--json` printing the wire payload verbatim, vote_off, access refusals (exit 3), and
// `podium vote recount` over an exported file (same rows, same digest; a tampered file is
// exit 4).
import test from 'ava';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main as podiumMain } from '../../../cli/podium/main.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { sessionCookie } from '../../helpers/session.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { SCHEDULE, voteFixture, type VoteFixture } from '../../helpers/vote.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome, runHackathon } from './run.ts';

let s: TestServer;
let fx: VoteFixture;
let env: NodeJS.ProcessEnv;
const key: Record<string, string> = {};
const dir = mkdtempSync(path.join(os.tmpdir(), 'community-cli-'));
const OWNER = 'owner@cli.test';

test.before(async () => {
  s = await startTestServer();
  env = makeHome().env;
  fx = await voteFixture(s.db.pool, 'Cli', {
    teams: { Rocket: ['ann@cli.test', 'bob@cli.test'], Comet: ['cat@cli.test'], Apollo: ['dan@cli.test'], Zeta: ['zed@cli.test'] },
    others: [{ email: 'jury@cli.test', role: 'jury' }],
    voteSection: false,
  });
  for (const email of [OWNER, 'ann@cli.test', 'bob@cli.test', 'cat@cli.test', 'dan@cli.test', 'zed@cli.test', 'jury@cli.test']) key[email] = (await seed.key(s.db.pool, email, 'hackathon')).key;
});
test.after.always(() => s?.close());

const run = (who: string, args: string[]) => runHackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: key[who] });
const api = (who: string, method: string, p: string) => http(s.url, method, `/api/v1/community${p}`, { key: key[who] });
const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
};
const eligibilityRows = async () => Number((await s.db.pool.query('select count(*) from app.vote_eligibility where event_id = $1', [fx.eventId])).rows[0].count);
const ballotRows = async () => Number((await s.db.pool.query('select count(*) from app.vote_ballots where event_id = $1', [fx.eventId])).rows[0].count);

test.serial('vote section off: every community command is vote_off (exit 1); event vote --on turns it on', async (t) => {
  for (const args of [['community', 'status'], ['community', 'eligibility', 'show'], ['community', 'results', 'show'], ['community', 'ballot', 'show']]) {
    const r = await run(args[1] === 'ballot' || args[1] === 'status' ? 'ann@cli.test' : OWNER, args);
    t.is(r.code, 1, args.join(' '));
    t.regex(r.stderr, /vote section of this event is off.*\(vote_off\)/, args.join(' '));
  }
  t.is((await run(OWNER, ['event', 'vote', '--on'])).code, 0);
});

test.serial('eligibility show (the draft): candidates with readiness, voters, Not locked, Roster not locked', async (t) => {
  const r = await run(OWNER, ['community', 'eligibility', 'show']);
  t.is(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  t.is(lines[0], 'Candidates:');
  t.regex(r.stdout, new RegExp(`  Rocket +included +2 members +not confirmed +not ready: not confirmed +${fx.teams.Rocket}\\n`));
  t.regex(r.stdout, /Voters:\n  ann@cli\.test +Rocket +included +ann\n/, 'piped: no header rows');
  t.deepEqual(lines.slice(-2), ['Not locked', 'Roster not locked']);
  t.is((await run('jury@cli.test', ['community', 'eligibility', 'show'])).code, 3, 'insufficient_event_role is an access refusal');
  t.is((await run('ann@cli.test', ['community', 'eligibility', 'show'])).code, 3);
});

test.serial('eligibility lock: the file is checked before any request (exit 2); --confirm-all merges with the file', async (t) => {
  const bad: [string, RegExp][] = [
    [file('extra.json', JSON.stringify({ excludedProjects: [], other: 1 })), /other is not a field of the eligibility file/],
    [file('type.json', JSON.stringify({ excludedProjects: {} })), /excludedProjects must be an array/],
    [file('item.json', JSON.stringify({ excludedProjects: [{ projectId: fx.teams.Zeta, reason: 'x', note: 'y' }] })), /excludedProjects\.0\.note is not a field/],
    [file('id.json', JSON.stringify({ confirmedProjects: [42] })), /confirmedProjects\.0 must be a project id/],
    [file('reason.json', JSON.stringify({ excludedVoters: [{ email: 'bob@cli.test', reason: '' }] })), /excludedVoters\.0\.reason must be a reason/],
    [file('array.json', '[]'), /must be a JSON object/],
    [file('broken.json', '{ nope'), /is not valid JSON/],
    [path.join(dir, 'missing.json'), /cannot read/],
  ];
  for (const [f, message] of bad) {
    const r = await run(OWNER, ['community', 'eligibility', 'lock', '--file', f]);
    t.is(r.code, 2, `${f}: ${r.stderr}`);
    t.regex(r.stderr, message);
  }
  t.is(await eligibilityRows(), 0, 'nothing was sent');
  const unknown = await run(OWNER, ['community', 'eligibility', 'lock', '--file', file('unknown.json', JSON.stringify({ excludedVoters: [{ email: 'jury@cli.test', reason: 'x' }] }))]);
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, /jury@cli\.test is not a participant on a team of this event \(invalid_eligibility\)/);
  const good = file('good.json', JSON.stringify({ excludedProjects: [{ projectId: fx.teams.Zeta, reason: 'withdrew' }], excludedVoters: [{ email: 'bob@cli.test', reason: 'helped judge' }] }));
  const r = await run(OWNER, ['community', 'eligibility', 'lock', '--file', good, '--confirm-all']);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, 'Eligibility locked (version 1): 3 candidates (1 excluded), 4 voters (1 excluded)\n');
  const again = await run(OWNER, ['community', 'eligibility', 'lock']);
  t.is(again.code, 1);
  t.regex(again.stderr, /\(eligibility_locked\)/);
  const shown = await run(OWNER, ['community', 'eligibility', 'show']);
  t.regex(shown.stdout, /  Zeta +excluded: withdrew +1 member +not confirmed/);
  t.regex(shown.stdout, /  Rocket +included +2 members +confirmed +ready/);
  t.regex(shown.stdout, /  bob@cli\.test +Rocket +excluded: helped judge/);
  t.regex(shown.stdout, /Locked \(version 1\) since \S+Z\nRoster not locked\n$/);
});

test.serial('eligibility unlock and lock again; voting open names each precondition; then scheduled and open with the window', async (t) => {
  t.is((await run(OWNER, ['community', 'eligibility', 'unlock'])).stdout, 'Eligibility unlocked\n');
  t.is((await run(OWNER, ['community', 'eligibility', 'lock', '--file', path.join(dir, 'good.json'), '--confirm-all'])).code, 0);
  const roster = await run(OWNER, ['community', 'voting', 'open']);
  t.is(roster.code, 1);
  t.regex(roster.stderr, /\(roster_not_locked\)/);
  t.is((await run(OWNER, ['event', 'roster', 'lock'])).code, 0);
  const sched = await run(OWNER, ['community', 'voting', 'open']);
  t.is(sched.code, 0, sched.stderr);
  t.regex(sched.stdout, /^Voting scheduled: \S+Z to \S+Z \(eligibility version 2\)\n$/);
  await fx.at(SCHEDULE.voteOpens + 0.25);
  const open = await run(OWNER, ['community', 'voting', 'open']);
  t.regex(open.stdout, /^Voting open: \S+Z to \S+Z \(eligibility version 2, opened at \S+Z\)\n$/);
  t.is((await run(OWNER, ['community', 'eligibility', 'unlock'])).code, 1);
});

test.serial('community status for a voter: the spec lines, own team marked, the notice last', async (t) => {
  const r = await run('ann@cli.test', ['community', 'status']);
  t.is(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  t.is(lines[0], 'Vote: open');
  t.is(lines[1], 'Eligibility: version 2');
  t.regex(lines[2]!, /^Window: \S+Z to \S+Z$/);
  t.regex(lines[3]!, /^Server time: \S+Z$/);
  t.is(lines[4], 'Role: participant');
  t.is(lines[5], 'Voter: yes (team Rocket)');
  t.is(lines[6], 'Ballot: none, revision 0, not submitted');
  t.deepEqual(lines.slice(7, 11), ['Candidates:', '  Apollo', '  Comet', '  Rocket (yours)']);
  t.is(lines.at(-1), 'One ballot is cast per participant. This is the community ranking, not the jury result.');
  const bob = await run('bob@cli.test', ['community', 'status']);
  t.regex(bob.stdout, /Voter: no \(excluded: helped judge\)\n/);
  t.notRegex(bob.stdout, /Ballot:/);
  const json = await run('ann@cli.test', ['community', 'status', '--json']);
  const wire = (await api('ann@cli.test', 'GET', '/status')).body;
  t.deepEqual({ ...JSON.parse(json.stdout), serverTime: null }, { ...wire, serverTime: null }, '--json is the wire payload');
});

test.serial('ballot show, save and submit: exit 2 before any request for bad numbers and an empty ranking; omitted versions read from the ballot', async (t) => {
  const show = await run('ann@cli.test', ['community', 'ballot', 'show']);
  t.is(show.code, 0, show.stderr);
  t.regex(show.stdout, /^Eligibility version: 2\nState: none\nWindow: \S+Z to \S+Z \(open\)\nTeam: Rocket\nRevision: 0\nCan submit: yes\nCandidates:\n/);
  t.regex(show.stdout, new RegExp(`  1\\. +Apollo +${fx.teams.Apollo}\\n  2\\. +Comet +${fx.teams.Comet}\\n`));
  t.regex(show.stdout, /Draft: -\nSubmission: -\n$/);
  const before = await ballotRows();
  for (const [args, message] of [
    [['--ranking', ''], /empty ranking cannot be submitted/],
    [['--ranking', ' , '], /empty ranking cannot be submitted/],
    [[], /--ranking <ids> is required/],
    [['--ranking', fx.teams.Comet!, '--expected-revision', 'one'], /--expected-revision must be a whole number/],
    [['--ranking', fx.teams.Comet!, '--expected-revision', '-1'], /--expected-revision must be a whole number/],
    [['--ranking', fx.teams.Comet!, '--expected-revision', '2147483648'], /--expected-revision must be a whole number from 0 to 2147483647/],
    [['--ranking', fx.teams.Comet!, '--eligibility-version', '1.5'], /--eligibility-version must be a whole number/],
    [['--ranking', fx.teams.Comet!, '--eligibility-version', '0'], /--eligibility-version must be a whole number from 1/],
  ] as const) {
    const r = await run('ann@cli.test', ['community', 'ballot', 'submit', ...args]);
    t.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    t.regex(r.stderr, message);
  }
  t.is(await ballotRows(), before);
  const draft = await run('ann@cli.test', ['community', 'ballot', 'save', '--ranking', fx.teams.Comet!]);
  t.is(draft.code, 0, draft.stderr);
  t.regex(draft.stdout, /^Draft saved \(revision 1, accepted at \S+Z\)\n$/);
  const empty = await run('ann@cli.test', ['community', 'ballot', 'save', '--ranking', '']);
  t.regex(empty.stdout, /^Draft saved \(revision 2, /, 'a draft may be empty');
  const stale = await run('ann@cli.test', ['community', 'ballot', 'submit', '--ranking', `${fx.teams.Comet},${fx.teams.Apollo}`, '--expected-revision', '1']);
  t.is(stale.code, 1);
  t.is(stale.stderr, 'hackathon: Your ballot is at revision 2: pass --expected-revision 2 (revision_conflict)\n');
  const own = await run('ann@cli.test', ['community', 'ballot', 'submit', '--ranking', `${fx.teams.Comet},${fx.teams.Rocket},${fx.teams.Apollo}`]);
  t.is(own.code, 1);
  t.is(own.stderr, 'hackathon: Position 2: you cannot rank your own team (Rocket); rank every other candidate (invalid_ballot)\n');
  // Team names instead of ids (case-insensitive, among the candidates you rank): your own team
  // is no candidate, so it is refused before any write, saying it is yours (exit 2).
  const ownByName = await run('ann@cli.test', ['community', 'ballot', 'submit', '--ranking', 'comet,rocket,apollo']);
  t.is(ownByName.code, 2);
  t.is(ownByName.stderr, 'hackathon: position 2: you cannot rank your own team (Rocket); rank every other candidate: Apollo, Comet (own_team)\n');
  const unknown = await run('ann@cli.test', ['community', 'ballot', 'submit', '--ranking', 'comet,Nebula,apollo']);
  t.is(unknown.stderr, `hackathon: position 2: no candidate named "Nebula" that you can read; candidates:\n  Apollo (${fx.teams.Apollo})\n  Comet (${fx.teams.Comet}) (unknown_name)\n`, 'a name that is nobody\'s stays unknown_name');
  const sub = await run('ann@cli.test', ['community', 'ballot', 'submit', '--ranking', `COMET, ${fx.teams.Apollo}`]);
  t.is(sub.code, 0, sub.stderr);
  t.regex(sub.stdout, /^Ballot submitted \(revision 3, accepted at \S+Z\)\n$/);
  const after = await run('ann@cli.test', ['community', 'ballot', 'show']);
  t.regex(after.stdout, /State: submitted\n/);
  t.regex(after.stdout, /Draft: -\nSubmission: Comet, Apollo\n$/);
  const json = await run('cat@cli.test', ['community', 'ballot', 'submit', '--ranking', `${fx.teams.Rocket},${fx.teams.Apollo}`, '--json', '--eligibility-version', '2', '--expected-revision', '0']);
  t.is(json.code, 0, json.stderr);
  t.like(JSON.parse(json.stdout), { state: 'submitted', revision: 1, eligibilityVersion: 2 });
  for (const [who, ranking] of [['dan@cli.test', [fx.teams.Comet, fx.teams.Rocket]], ['zed@cli.test', [fx.teams.Rocket, fx.teams.Apollo, fx.teams.Comet]]] as const) {
    t.is((await run(who, ['community', 'ballot', 'submit', '--ranking', ranking.join(',')])).code, 0);
  }
  const excluded = await run('bob@cli.test', ['community', 'ballot', 'save', '--ranking', '', '--eligibility-version', '2', '--expected-revision', '0']);
  t.is(excluded.code, 1);
  t.regex(excluded.stderr, /excluded: helped judge \(not_eligible_voter\)/);
});

test.serial('ballots list (audited) and reads; close; calculate twice; results show; release; export; invalidate; recount', async (t) => {
  const list = await run(OWNER, ['community', 'ballots', 'list']);
  t.is(list.code, 0, list.stderr);
  t.regex(list.stdout, /^Ballots of eligibility version 2: 4\n/);
  t.notRegex(list.stdout, /^EMAIL /m, 'piped: no header row');
  t.regex(list.stdout, /^ann@cli\.test +submitted +3 +\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d +- +ann +\S{36}\n/m);
  const reads = await run(OWNER, ['community', 'ballots', 'reads']);
  t.regex(reads.stdout, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d  owner@cli\.test  v2  4 ballots\n$/);
  const early = await run(OWNER, ['community', 'results', 'calculate']);
  t.is(early.code, 1);
  t.regex(early.stderr, /\(voting_not_closed\)/);
  t.regex((await run(OWNER, ['event', 'status'])).stdout, /^Next deadline: vote close at /m, 'open: counting down to the configured close');
  const closed = await run(OWNER, ['community', 'voting', 'close', '--yes']);
  t.regex(closed.stdout, /^Voting closed at \S+Z\n$/);
  // An early close: no surface counts down to the configured close any more.
  const status = await run(OWNER, ['event', 'status']);
  t.regex(status.stdout, /^Vote closes: \S+ \(closed early at \S+Z\)$/m);
  t.notRegex(status.stdout, /^Next deadline: vote close/m);
  t.is((await http(s.url, 'GET', '/api/v1/event/status', { key: key[OWNER] })).body.resultsReleased, null);
  const page = await http(s.url, 'GET', '/event', { cookie: await sessionCookie(s.db.pool, OWNER) });
  t.false(page.text.includes('<strong>Vote closes</strong>'), 'the web dashboard counts down to no overtaken close');
  t.regex(page.text, /\(closed early, /);
  t.is((await run(OWNER, ['community', 'results', 'calculate'])).stdout, 'Calculated version 1\n');
  t.is((await run(OWNER, ['community', 'results', 'calculate'])).stdout, 'Version 1 already holds this ballot set\n');
  const shown = await run(OWNER, ['community', 'results', 'show']);
  t.is(shown.code, 0, shown.stderr);
  const lines = shown.stdout.trimEnd().split('\n');
  t.regex(lines[0]!, /^version 1 \(eligibility v2, calculated \S+Z, unreleased, digest [0-9a-f]{12}\)$/);
  // ann: Comet, Apollo; cat: Rocket, Apollo; dan: Comet, Rocket; zed: Rocket, Apollo, Comet.
  // Comet: 1 + 1 + 0 over 3 = 2/3; Rocket: 1 + 0 + 1 over 3 = 2/3; Apollo: 0 + 0 + 1/2 over 3 = 1/6.
  t.deepEqual(lines.slice(1, 4).map((l) => l.trim().split(/ {2,}/)), [
    ['1', '0.6667', '2/3', '3 ballots', 'Comet'], ['1', '0.6667', '2/3', '3 ballots', 'Rocket'], ['3', '0.1667', '1/6', '3 ballots', 'Apollo'],
  ]);
  t.is(lines[4], 'Tie at rank 1: Comet, Rocket');
  t.is(lines[5], 'Coverage: 4 of 4 voters submitted, 0 invalidated, 3 candidates, exclusions: 1 project, 1 voter');
  for (const bad of ['one', '0', '-2', '2147483648']) {
    const r = await run(OWNER, ['community', 'results', 'release', bad, '--yes']);
    t.is(r.code, 2, bad);
  }
  const missing = await run(OWNER, ['community', 'results', 'release', '5', '--yes']);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /No results version 5 \(not_found\)/);
  t.is((await run(OWNER, ['community', 'results', 'release', '1', '--yes'])).stdout, 'Released version 1\n');
  t.regex((await run(OWNER, ['event', 'status'])).stdout, /^Results: released \(version 1, \S+Z\): hackathon community results show$/m);
  const released = await http(s.url, 'GET', '/event', { cookie: await sessionCookie(s.db.pool, 'ann@cli.test') });
  t.regex(released.text, /<strong>Results are out<\/strong> \(version 1, released /);
  // A participant exports the released version and recounts it with podium.
  const out = path.join(dir, 'ballots-v1.json');
  const exp = await run('ann@cli.test', ['community', 'results', 'export', '1', '--output', out]);
  t.is(exp.code, 0, exp.stderr);
  const digest = /digest ([0-9a-f]{12})/.exec(lines[0]!)![1]!;
  t.is(exp.stdout, `Wrote ${out}: version 1, 4 ballots, digest ${digest}\n`);
  t.is((await run('ann@cli.test', ['community', 'results', 'export', '1', '--output', out])).code, 5, 'never overwrites');
  const recount = await runInProcess('podium', podiumMain, ['vote', 'recount', out], {});
  t.is(recount.code, 0, recount.stderr);
  const rl = recount.stdout.trimEnd().split('\n');
  t.is(rl[0], 'Recount of version 1 (eligibility v2): 4 ballots, 3 candidates');
  t.deepEqual(rl.slice(1, 5), lines.slice(1, 5), 'the same rows and tie as results show');
  t.is(rl.at(-1), `Digest: ${digest} (matches the file)`);
  // A tampered file: one ballot changed.
  const f = JSON.parse(readFileSync(out, 'utf8'));
  f.ballots[0] = [...f.ballots[0]].reverse();
  const tampered = file('tampered.json', JSON.stringify(f));
  const bad = await runInProcess('podium', podiumMain, ['vote', 'recount', tampered], {});
  t.is(bad.code, 4);
  t.regex(bad.stderr, new RegExp(`digest mismatch: the ballots recount to [0-9a-f]{12}, the file says ${digest}`));
  // Invalidate zed's ballot: results recalculated.
  const zed = (await s.db.pool.query(`select b.id from app.vote_ballots b join app.vote_voters v on v.id = b.voter_id where v.email = 'zed@cli.test'`)).rows[0].id;
  t.is((await run(OWNER, ['community', 'ballots', 'invalidate', zed])).code, 2, '--reason is required');
  const inv = await run(OWNER, ['community', 'ballots', 'invalidate', zed, '--reason', 'duplicate account', '--yes']);
  t.is(inv.code, 0, inv.stderr);
  t.is(inv.stdout, 'Ballot of zed@cli.test invalidated\nResults recalculated: version 2\n');
  const v2 = await run(OWNER, ['community', 'results', 'show']);
  t.regex(v2.stdout, /^version 2 \(eligibility v2, calculated \S+Z, unreleased, digest [0-9a-f]{12}\)\n {2}1 +1\.0000 +1\/1 +2 ballots +Comet\n {2}2 +0\.5000 +1\/2 +2 ballots +Rocket\n {2}3 +0\.0000 +0\/1 +2 ballots +Apollo\nCoverage: 3 of 4 voters submitted, 1 invalidated, /);
  t.regex(v2.stdout, /\n\nversion 1 \(eligibility v2, calculated \S+Z, released, digest /);
  const json = await run(OWNER, ['community', 'results', 'show', '--json']);
  t.deepEqual(JSON.parse(json.stdout), (await api(OWNER, 'GET', '/results')).body);
  // The participant's status shows the released rows.
  const st = await run('ann@cli.test', ['community', 'status']);
  t.regex(st.stdout, /Results \(version 1, released \S+Z\):\n {2}1 +0\.6667 +2\/3 +3 ballots +Comet\n {2}1 +0\.6667 +2\/3 +3 ballots +Rocket\n {2}3 +0\.1667 +1\/6 +3 ballots +Apollo\nTie at rank 1: Comet, Rocket\n/);
});
