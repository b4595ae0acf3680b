// The event, roster, agenda, projects, teams, showcase, deck-link and demo commands, run as
// the built binary against a real server. The server's rules are tested in test/api/event/;
// here: the client's checks before any request, the wording of outputs, exit codes.
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timeLeft } from '../../../client/time.ts';
import { eventWorkspace, HOUR, iso, person, schedule, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { liveDeck } from '../../helpers/vote.ts';
import { makeHome, runHackathon as hackathon } from './run.ts';

let s: TestServer;
let owner: Person;
let ann: Person;
let wsId: string;
let env: NodeJS.ProcessEnv;
const DECKS = 'decks.podium.test'; // another deck service this instance allows links to
const dir = mkdtempSync(path.join(os.tmpdir(), 'hackathon-files-'));
const file = (name: string, body: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof body === 'string' ? body : JSON.stringify(body));
  return p;
};
const run = (args: string[], as: Person = owner, extraEnv: NodeJS.ProcessEnv = {}, stdin?: string) =>
  hackathon(args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: as.key, ...extraEnv }, stdin);

test.before(async () => {
  s = await startTestServer({ env: { DEMO_SIGNIN: '1', ALLOWED_DECK_LINK_HOSTS: DECKS } });
  const w = await eventWorkspace(s.db.pool, 'Acme');
  wsId = w.ws.id;
  owner = w.owner;
  ann = await person(s.db.pool, wsId, 'ann@acme.test');
  env = makeHome().env;
});
test.after.always(() => s?.close());

test('time left is Hh MMm SSs from the server time', (t) => {
  t.is(timeLeft('2026-05-01T10:00:00Z', '2026-05-01T11:05:03Z'), '1h 05m 03s');
  t.is(timeLeft('2026-05-01T10:00:00Z', '2026-05-03T10:00:09Z'), '48h 00m 09s');
  t.is(timeLeft('2026-05-01T10:00:00Z', '2026-05-01T09:00:00Z'), '0h 00m 00s');
});

test.serial('no event yet: status answers event_not_configured', async (t) => {
  const r = await run(['event', 'status']);
  t.is(r.code, 1);
  t.regex(r.stderr, /event_not_configured/);
});

test.serial('configure refuses bad input before any request', async (t) => {
  const sched = schedule(Date.now() + 2 * HOUR);
  const base = ['event', 'configure', '--name', 'Spring Hack', '--timezone', 'Europe/Berlin', '--starts-at', sched.startsAt, '--build-ends-at', sched.buildEndsAt, '--vote-opens-at', sched.voteOpensAt, '--vote-closes-at', sched.voteClosesAt];
  t.is((await run([...base, '--expected-version', 'one'])).code, 2);
  const noZone = await run(['event', 'configure', '--expected-version', '0', '--name', 'X', '--timezone', 'UTC', '--starts-at', '2030-01-01T10:00:00', '--build-ends-at', sched.buildEndsAt, '--vote-opens-at', sched.voteOpensAt, '--vote-closes-at', sched.voteClosesAt]);
  t.is(noZone.code, 2);
  t.regex(noZone.stderr, /--starts-at must be an ISO 8601 instant with a zone/);
  t.is((await run(base)).code, 1, 'missing --expected-version is a usage error');
  t.is((await run(['event', 'status'])).code, 1, 'still no event');
});

test.serial('the 15-minute grace is said before configure refuses: in --help, and the refusal names the freeze to pass', async (t) => {
  const help = await run(['event', 'configure', '--help']);
  t.regex(help.stdout, /The freeze is the build end \+ 15 minutes: a grace in which pushes still count\. --vote-opens-at must be at the freeze or later\./);
  const sched = schedule(Date.now() + 2 * HOUR);
  const freeze = iso(Date.parse(sched.buildEndsAt) + 15 * 60_000);
  const early = await run(['event', 'configure', '--expected-version', '0', '--name', 'Spring Hack', '--timezone', 'Europe/Berlin', '--starts-at', sched.startsAt,
    '--build-ends-at', sched.buildEndsAt, '--vote-opens-at', iso(Date.parse(sched.buildEndsAt) + 14 * 60_000), '--vote-closes-at', sched.voteClosesAt]);
  t.is(early.code, 1);
  t.is(early.stderr, `hackathon: voteOpensAt must be at the freeze (${freeze}, build end + 15 minutes) or later: the build end is followed by 15 minutes of grace in which pushes still count. Pass --vote-opens-at ${freeze} or later (invalid_input)\n`);
  t.is((await run(['event', 'status'])).code, 1, 'still no event');
});

test.serial('configure creates, refuses a stale version naming the current one, then configures', async (t) => {
  const sched = schedule(Date.now() + 2 * HOUR);
  const args = (v: string) => ['event', 'configure', '--expected-version', v, '--name', 'Spring Hack', '--timezone', 'Europe/Berlin', '--starts-at', sched.startsAt, '--build-ends-at', sched.buildEndsAt, '--vote-opens-at', sched.voteOpensAt, '--vote-closes-at', sched.voteClosesAt];
  const created = await run(args('0'));
  t.is(created.code, 0, created.stderr);
  t.is(created.stdout, 'Created Spring Hack (version 1)\n');
  const stale = await run(args('0'));
  t.is(stale.code, 1);
  t.regex(stale.stderr, /the event is at version 1, not 0: .*pass --expected-version 1/);
  const again = await run(args('1'));
  t.is(again.stdout, 'Configured Spring Hack (version 2)\n');
});

test.serial('roster import: file checks before any request, then the whole roster', async (t) => {
  t.is((await run(['event', 'roster', 'import', '--file', path.join(dir, 'missing.json')])).code, 2);
  t.is((await run(['event', 'roster', 'import', '--file', file('bad.json', '{ nope')])).code, 2);
  t.is((await run(['event', 'roster', 'import', '--file', file('shape.json', { people: [] })])).code, 2);
  const first = await run(['event', 'roster', 'import', '--file', file('r1.json', { participants: [
    { email: 'ann@acme.test', name: 'Ann', team: 'Rocket' },
    { email: 'bob@acme.test', team: 'Comet' },
    { email: 'jules@acme.test', role: 'jury' },
  ] })]);
  t.is(first.code, 0, first.stderr);
  t.is(first.stdout, 'Imported 3 rows\nInvited bob@acme.test\nInvited jules@acme.test\n', 'roster people who are not members are invited');
  const second = await run(['event', 'roster', 'import', '--file', file('r2.json', [{ email: 'ann@acme.test', name: 'Ann', team: 'Rocket' }, { email: 'jules@acme.test', role: 'jury' }])]);
  t.is(second.stdout, 'Imported 2 rows\nRemoved bob@acme.test (Comet)\nDissolved team Comet\n');
  const bad = await run(['event', 'roster', 'import', '--file', file('r3.json', [{ email: 'x@acme.test', role: 'jury', team: 'Rocket' }])]);
  t.is(bad.code, 1);
  t.regex(bad.stderr, /participants\.0\.team|invalid_input/);
});

test.serial('roster show lists people with signed-in state; lock and unlock are idempotent', async (t) => {
  const show = await run(['event', 'roster', 'show']);
  t.is(show.code, 0, show.stderr);
  t.regex(show.stdout, /^ann@acme\.test +participant +Rocket +no +Ann +- +maintain \(no repository yet\)$/m);
  t.false(show.stdout.includes('EMAIL'), 'piped: one row per person, no header row');
  t.regex(show.stdout, /^jules@acme\.test +jury +- +no +- +- +invited$/m);
  const lock = await run(['event', 'roster', 'lock']);
  t.regex(lock.stdout, /^Roster locked since \d{4}-/);
  t.is((await run(['event', 'roster', 'lock'])).code, 0);
  t.regex((await run(['event', 'roster', 'show'])).stdout, /^Roster locked since /m);
  const refused = await run(['event', 'roster', 'import', '--yes', '--file', file('r4.json', [])]);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /roster_locked|locked/);
  t.is((await run(['event', 'roster', 'unlock'])).stdout, 'Roster unlocked\n');
  t.is((await run(['event', 'roster', 'unlock'])).code, 0);
});

test.serial('status prints the phase, five deadlines, the next one with time left, role and teams', async (t) => {
  const r = await run(['event', 'status']);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /^Spring Hack \(version 2, timezone Europe\/Berlin\)\nPhase: scheduled\nServer time: \S+Z\nStart: \S+Z \(\S+[+-]\d\d:\d\d Europe\/Berlin\)\nBuild end: \S+Z \(\S+ Europe\/Berlin\)\nFreeze: \S+Z \(\S+ Europe\/Berlin\)\nVote opens: \S+Z \(\S+ Europe\/Berlin\)\nVote closes: \S+Z \(\S+ Europe\/Berlin\)\nNext deadline: start at \S+ \(\d+h \d{2}m \d{2}s left\)\nRole: organizer\nTeams:\n  Rocket +waiting\n$/);
  const mine = await run(['event', 'status'], ann);
  t.regex(mine.stdout, /^Role: participant, team Rocket$/m);
  const json = JSON.parse((await run(['event', 'status', '--json'])).stdout);
  t.is(json.phase, 'scheduled');
});

test.serial('agenda: more than 30 items refused before any request; set prints the count then the programme', async (t) => {
  const start = Date.now() + 3 * HOUR;
  const many = Array.from({ length: 31 }, (_, i) => ({ title: `Item ${i}`, kind: 'talk', startsAt: iso(start + i * HOUR) }));
  t.is((await run(['event', 'agenda', 'set', '--file', file('a1.json', many)])).code, 2);
  const set = await run(['event', 'agenda', 'set', '--file', file('a2.json', { items: [
    { title: 'Lunch', kind: 'meal', startsAt: iso(start + HOUR), endsAt: iso(start + 2 * HOUR) },
    { title: 'Kickoff', kind: 'talk', startsAt: iso(start) },
  ] })], owner, { TZ: 'UTC' });
  t.is(set.code, 0, set.stderr);
  // Times in this machine's zone (TZ), to the second; piped, no header row.
  const kolkata = (ms: number) => new Date(ms + 5.5 * HOUR).toISOString().slice(0, 19) + '+05:30';
  const utc = (ms: number) => iso(ms).slice(0, 19) + '+00:00';
  t.is(set.stdout, `2 items\n${utc(start)}  -                          talk  Kickoff\n${utc(start + HOUR)}  ${utc(start + 2 * HOUR)}  meal  Lunch\n`);
  const shown = await run(['event', 'agenda', 'show'], ann, { TZ: 'Asia/Kolkata' });
  t.is(shown.stdout, `${kolkata(start)}  -                          talk  Kickoff\n${kolkata(start + HOUR)}  ${kolkata(start + 2 * HOUR)}  meal  Lunch\n`);
  const refused = await run(['event', 'agenda', 'set', '--file', file('a3.json', [{ title: '', kind: 'talk', startsAt: iso(start) }])]);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /items\.0\.title/);
});

test.serial('github and vote switch', async (t) => {
  t.is((await run(['event', 'github', '--organization', 'bad--org', '--template', 'a/b'])).code, 2);
  t.is((await run(['event', 'github', '--organization', 'acme-hack', '--template', 'nope'])).code, 2);
  const r = await run(['event', 'github', '--organization', 'acme-hack', '--template', 'acme/hack-template']);
  t.is(r.stdout, 'Organization: acme-hack\nTemplate: acme/hack-template\nBranch: main\nNext: hackathon event github-check\n');
  t.is((await run(['event', 'vote'])).code, 2);
  t.is((await run(['event', 'vote', '--on', '--off'])).code, 2);
  t.is((await run(['event', 'vote', '--on'])).stdout, 'Vote section on\n');
  t.is((await run(['event', 'vote', '--off'])).stdout, 'Vote section off\n');
});

test.serial('showcase: client limits and conflicts, then set and show with - for unset', async (t) => {
  t.is((await run(['showcase', 'set'], ann)).code, 2);
  t.is((await run(['showcase', 'set', '--product', 'x'.repeat(25)], ann)).code, 2);
  t.is((await run(['showcase', 'set', '--tagline', 'x', '--clear-tagline'], ann)).code, 2);
  const set = await run(['showcase', 'set', '--product', 'Rocketeer', '--description', 'Line one\nLine two'], ann);
  t.is(set.code, 0, set.stderr);
  t.is(set.stdout, 'Team: Rocket\nProduct: Rocketeer\nTagline: -\nDescription: \n  Line one\n  Line two\n');
  const cleared = await run(['showcase', 'set', '--product', ''], ann);
  t.regex(cleared.stdout, /^Product: -$/m);
  t.regex((await run(['showcase', 'show', '--team', 'Rocket'])).stdout, /^Team: Rocket$/m);
});

test.serial('showcase set --description-file: read as UTF-8, one final newline dropped; with --description it conflicts (2); a missing file is 2', async (t) => {
  const f = file('description.md', 'From a file\n\n  indented line\n');
  const set = await run(['showcase', 'set', '--description-file', f], ann);
  t.is(set.code, 0, set.stderr);
  t.regex(set.stdout, /^Description: \n  From a file\n  \n    indented line\n$/m);
  const j = await run(['showcase', 'show', '--json'], ann);
  t.is(JSON.parse(j.stdout).description, 'From a file\n\n  indented line');
  const both = await run(['showcase', 'set', '--description', 'x', '--description-file', f], ann);
  t.is(both.code, 2);
  t.regex(both.stderr, /--description and --description-file conflict/);
  const missing = await run(['showcase', 'set', '--description-file', path.join(dir, 'nope.md')], ann);
  t.is(missing.code, 2);
  t.regex(missing.stderr, /cannot read .*nope\.md \(ENOENT\)/);
});

test.serial('deck links: only https share links with /v/<token>/ leave the client', async (t) => {
  for (const bad of ['http://127.0.0.1/v/abc/', 'https://x.test/deck/abc', 'https://x.test/v/abc', 'https://x.test/v/abc/?a=1']) {
    const r = await run(['decks', 'link', '--demo', bad], ann);
    t.is(r.code, 2, bad);
    t.regex(r.stderr, /invalid_deck_link|share link|https/);
  }
  t.is((await run(['decks', 'link'], ann)).code, 2);
  t.is((await run(['decks', 'link', '--clear', 'slides'], ann)).code, 2);
  const good = `https://${DECKS}/v/AbC_123-x/`;
  const r = await run(['decks', 'link', '--demo', good], ann);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, `Team: Rocket\nDemo deck: ${good}\nPresentation: -\nVote presentation: -\n`);
  t.is((await run(['decks', 'show'], ann)).stdout, r.stdout);
  t.regex((await run(['decks', 'link', '--clear', 'demo'], ann)).stdout, /^Demo deck: -$/m);
});

test.serial('decks link --vote takes a live http share link of the instance itself (an http install); a dead one is deck_link_not_live', async (t) => {
  const d = await liveDeck(s.db.pool, wsId, ann.userId, 'x.invalid');
  const url = d.url.replace('https://x.invalid', s.url);
  t.true(url.startsWith('http://'));
  const r = await run(['decks', 'link', '--vote', url], ann);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, new RegExp(`^Vote presentation: ${url.replace(/[.+]/g, '\\$&')}$`, 'm'));
  const dead = await run(['decks', 'link', '--vote', `${s.url}/v/NoSuchToken/`], ann);
  t.is(dead.code, 1, dead.stderr);
  t.regex(dead.stderr, /deck_link_not_live|no live deck/);
  const elsewhere = await run(['decks', 'link', '--vote', `http://elsewhere.test/v/abc/`], ann);
  t.is(elsewhere.code, 2, 'http on another origin is refused before the request');
  t.regex(elsewhere.stderr, /https URL, or a share link of http:\/\/127\.0\.0\.1/);
  t.is((await run(['decks', 'link', '--clear', 'vote'], ann)).code, 0);
});

test.serial('decks link: a deck no member of the team owns is deck_link_not_yours (1); https to this http instance is refused naming its own form (F6)', async (t) => {
  const { origin, hostname } = new URL(s.url);
  const ownersDeck = (await liveDeck(s.db.pool, wsId, owner.userId, 'x.invalid')).url.replace('https://x.invalid', s.url);
  const notYours = await run(['decks', 'link', '--vote', ownersDeck], ann);
  t.is(notYours.code, 1, notYours.stderr);
  t.regex(notYours.stderr, /deck_link_not_yours/);
  t.regex(notYours.stderr, /vote: this share link opens a deck no member of your team owns; link a deck of your own team \(an organizer may place any deck of the workspace\)/);
  const placed = await run(['decks', 'link', '--team', 'Rocket', '--vote', ownersDeck]);
  t.is(placed.code, 0, `an organizer places it: ${placed.stderr}`);
  const token = new URL(ownersDeck).pathname;
  const sameHostPort = await run(['decks', 'link', '--pitch', `https://${new URL(s.url).host}${token}`], ann);
  t.is(sameHostPort.code, 2, 'the instance\'s host and port under https is refused before the request');
  t.true(sameHostPort.stderr.includes(`must be a share link of this instance: ${origin}/v/<token>/`), sameHostPort.stderr);
  const noPort = await run(['decks', 'link', '--pitch', `https://${hostname}${token}`], ann);
  t.is(noPort.code, 1, noPort.stderr);
  t.regex(noPort.stderr, /invalid_deck_link/);
  t.true(noPort.stderr.includes(`pitch: a link to this instance must be ${origin}/v/<token>/`), noPort.stderr);
  t.is((await run(['decks', 'link', '--team', 'Rocket', '--clear', 'vote'])).code, 0);
});

test.serial('decks link --clear repeated clears each named link in one request; a link set and cleared at once conflicts (2)', async (t) => {
  const demo = `https://${DECKS}/v/Demo_1/`;
  const pitch = `https://${DECKS}/v/Pitch_2/`;
  const set = await run(['decks', 'link', '--demo', demo, '--pitch', pitch], ann);
  t.is(set.code, 0, set.stderr);
  t.is(set.stdout, `Team: Rocket\nDemo deck: ${demo}\nPresentation: ${pitch}\nVote presentation: -\n`);
  const cleared = await run(['decks', 'link', '--clear', 'demo', '--clear', 'pitch'], ann);
  t.is(cleared.code, 0, cleared.stderr);
  t.is(cleared.stdout, 'Team: Rocket\nDemo deck: -\nPresentation: -\nVote presentation: -\n');
  const again = await run(['decks', 'link', '--clear', 'demo', '--clear', 'demo'], ann);
  t.is(again.code, 0, 'clearing what is already clear is no error');
  t.regex(again.stdout, /^Demo deck: -$/m);
  const conflict = await run(['decks', 'link', '--demo', demo, '--clear', 'pitch', '--clear', 'demo'], ann);
  t.is(conflict.code, 2);
  t.regex(conflict.stderr, /--demo and --clear demo conflict/);
});

test.serial('projects: create, list, update, archive, members', async (t) => {
  t.is((await run(['projects', 'create', 'Bad', '--metadata', '[1]'])).code, 2);
  const c = await run(['projects', 'create', 'Lab', '--description', 'R&D', '--metadata', '{"track":"ai"}']);
  t.is(c.code, 0, c.stderr);
  const id = /\(([^)]+)\)$/.exec(c.stdout.trim())![1];
  t.regex((await run(['projects', 'list'])).stdout, new RegExp(`^Lab +${id} +manager`, 'm'));
  t.is((await run(['projects', 'update', id])).code, 2);
  t.is((await run(['projects', 'update', id, '--description', 'x', '--clear-description'])).code, 2);
  t.regex((await run(['projects', 'update', id, '--name', 'Lab 2'])).stdout, /^Updated Lab 2 /);
  t.is((await run(['projects', 'members', 'add', id, 'ann@acme.test'])).code, 1, '--role is required');
  t.is((await run(['projects', 'members', 'add', id, 'ann@acme.test', '--role', 'boss'])).code, 2);
  t.is((await run(['projects', 'members', 'add', id, 'ann@acme.test', '--role', 'editor'])).stdout, 'ann@acme.test is editor of the project\n');
  t.regex((await run(['projects', 'members', 'list', id])).stdout, /^ann@acme\.test +\S+ +editor/m);
  t.is((await run(['projects', 'members', 'role', id, 'ann@acme.test', '--role', 'viewer'])).stdout, 'ann@acme.test is viewer of the project\n');
  t.is((await run(['projects', 'members', 'remove', id, 'ann@acme.test'])).stdout, 'Removed ann@acme.test\n');
  t.regex((await run(['projects', 'archive', id])).stdout, /^Archived Lab 2/);
  t.notRegex((await run(['projects', 'list'])).stdout, /Lab 2/);
  t.regex((await run(['projects', 'list', '--archived', 'true'])).stdout, /Lab 2 .*archived/);
  t.is((await run(['projects', 'list', '--archived', 'maybe'])).code, 2);
  t.is((await run(['projects', 'list', '--limit', '500'])).code, 2);
  t.regex((await run(['projects', 'unarchive', id])).stdout, /^Unarchived Lab 2/);
});

test.serial('teams list and members read every page', async (t) => {
  const created = await http(s.url, 'POST', '/api/v1/teams', { key: owner.key, body: { slug: 'design', name: 'Design' } });
  t.is(created.status, 201, created.text);
  await http(s.url, 'POST', '/api/v1/teams/design/members', { key: owner.key, body: { person: 'ann@acme.test' } });
  t.regex((await run(['teams', 'list'])).stdout, /^design +Design +1 member +-\n$/);
  t.regex((await run(['teams', 'members', 'design'])).stdout, /^ann@acme\.test /m);
  // A team managed on the hub is marked (hub) in the last column; the others are not.
  await http(s.url, 'POST', '/api/v1/teams', { key: owner.key, body: { slug: 'hub-crew', name: 'Hub Crew' } });
  await s.db.pool.query(`update app.teams set hub_managed = true where workspace_id = $1 and slug = 'hub-crew'`, [wsId]);
  const list = (await run(['teams', 'list'])).stdout;
  t.regex(list, /^hub-crew +Hub Crew +0 members +hub$/m);
  t.regex(list, /^design +Design +1 member +-$/m);
});

test.serial('demo passes: sign in as the owner, mint, list, revoke, sign out', async (t) => {
  await seed.password(s.db.pool, owner.userId, 'correct horse battery');
  const noOwner = await hackathon(['demo', 'list'], { ...env, EVENT_URL: s.url });
  t.is(noOwner.code, 1);
  t.regex(noOwner.stderr, /--owner-email or set EVENT_OWNER_EMAIL/);
  const ownerEnv = { EVENT_OWNER_EMAIL: owner.email, EVENT_OWNER_PASSWORD: 'correct horse battery' };
  t.is((await run(['demo', 'link', '--email', 'ann@acme.test', '--hours', '200'], owner, ownerEnv)).code, 2);
  t.is((await run(['demo', 'link', '--email', 'ann@acme.test', '--hours', '1', '--minutes', '5'], owner, ownerEnv)).code, 2);
  const minted = await hackathon(['demo', 'link', '--email', 'ann@acme.test', '--path', '/', '--path', '/event', '--owner-password-stdin'], { ...env, EVENT_URL: s.url, EVENT_OWNER_EMAIL: owner.email }, 'correct horse battery\n');
  t.is(minted.code, 0, minted.stderr);
  t.regex(minted.stdout, /^ann@acme\.test \(pass (\S+), expires \S+\):\n  \S+\/demo\/\S+\n  \S+\/demo\/\S+\?to=%2Fevent\n$/);
  const passId = /pass (\S+),/.exec(minted.stdout)![1];
  t.regex((await run(['demo', 'list'], owner, ownerEnv)).stdout, new RegExp(`^${passId} +ann@acme\\.test +\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[+-]\\d\\d:\\d\\d +not revoked +0 uses$`, 'm'));
  t.regex((await run(['demo', 'revoke', passId, '--yes'], owner, ownerEnv)).stdout, new RegExp(`^Revoked ${passId}; ended 0 sessions\n$`));
  const { rows } = await s.db.pool.query(`select count(*)::int as n from app_private.sessions s join app.users u on u.id = s.user_id where u.email = $1`, [owner.email]);
  t.is(rows[0].n, 0, 'every demo command signed out at the end');
});

test.serial('status shows a build-end notice with its reason; after voting opened a participant\'s --vote is vote_link_frozen (exit 1)', async (t) => {
  const { rows: [e] } = await s.db.pool.query(`select id, build_ends_at from app.events where workspace_id = $1`, [wsId]);
  const { rows: [n] } = await s.db.pool.query(
    `insert into app.event_notices (event_id, at, reason, previous_build_ends_at, build_ends_at)
     values ($1, app.now(), 'Power cut in hall B', $2, $2::timestamptz + interval '1 hour')
     returning id, app_private.iso(at) as at, app_private.iso(build_ends_at) as moved`, [e.id, e.build_ends_at]);
  try {
    const status = await run(['event', 'status'], ann);
    t.is(status.code, 0, status.stderr);
    t.regex(status.stdout, new RegExp(`^Notice \\(${n.at.replace(/[.+]/g, '\\$&')}\\): build end moved to ${n.moved.replace(/[.+]/g, '\\$&')}: Power cut in hall B$`, 'm'));
    t.true(status.stdout.indexOf('Notice (') < status.stdout.indexOf('Role: '), 'notices come before the role line');

    const good = `${s.url}/v/Vote_123-x/`;
    await s.db.pool.query(`update app.events set voting_opened_at = app.now() where id = $1`, [e.id]);
    const frozen = await run(['decks', 'link', '--vote', good], ann);
    t.is(frozen.code, 1, frozen.stdout + frozen.stderr);
    t.regex(frozen.stderr, /vote_link_frozen/);
    const demoStill = await run(['decks', 'link', '--demo', `https://${DECKS}/v/Demo_9/`], ann);
    t.is(demoStill.code, 0, demoStill.stderr);
    const replaced = (await liveDeck(s.db.pool, wsId, owner.userId, 'x.invalid')).url.replace('https://x.invalid', s.url);
    const organizer = await run(['decks', 'link', '--vote', replaced, '--team', 'Rocket']);
    t.is(organizer.code, 0, organizer.stderr);
    t.regex(organizer.stdout, new RegExp(`^Vote presentation: ${replaced.replace(/[.+]/g, '\\$&')}$`, 'm'));
  } finally {
    await s.db.pool.query(`update app.events set voting_opened_at = null where id = $1`, [e.id]);
    await s.db.pool.query(`delete from app.event_notices where id = $1`, [n.id]);
  }
});
