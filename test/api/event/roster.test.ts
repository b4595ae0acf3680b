// Roster: import as the whole roster (removals, created and dissolved teams, team_archived),
// every row of the Roster table (lock, unlock, voting_open, roster_locked), roster show with
// signed-in state and paging, and row validation named participants.<n>.<field>.
import test from 'ava';
import { createEvent, eventWorkspace, HOUR, importRoster, person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { pageSignIn, PASSWORD } from '../../helpers/pages.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let n = 0;
test.before(async () => {
  s = await startTestServer();
});
test.after.always(() => s?.close());

async function event() {
  const w = await eventWorkspace(s.db.pool, `Roster${++n}`);
  await createEvent(s.url, w.owner.key, Date.now() + HOUR);
  return w;
}
const put = (key: string, participants: unknown[]) => http(s.url, 'PUT', '/api/v1/event/roster', { key, body: { participants } });
const show = (key: string, query = '') => http(s.url, 'GET', `/api/v1/event/roster${query}`, { key });
const teamsOf = async (key: string) => (await http(s.url, 'GET', '/api/v1/event/status', { key })).body.teams.map((x: { name: string }) => x.name);

test('import creates a project per team, and a re-import replaces the roster: absent rows removed, unnamed teams dissolved', async (t) => {
  const w = await event();
  const first = await importRoster(s.url, w.owner.key, [
    { email: 'ann@x.test', name: 'Ann', team: 'Rocket' }, { email: 'bob@x.test', team: 'Comet' },
    { email: 'cy@x.test', team: 'Comet' }, { email: 'jo@x.test', role: 'jury' },
  ]);
  t.deepEqual(first, { imported: 4, removed: [], created: ['Comet', 'Rocket'], dissolved: [], invited: ['ann@x.test', 'bob@x.test', 'cy@x.test', 'jo@x.test'] });
  t.deepEqual(await teamsOf(w.owner.key), ['Comet', 'Rocket']);

  const second = await importRoster(s.url, w.owner.key, [
    { email: 'ANN@x.test', name: 'Ann B', team: 'rocket' }, { email: 'dee@x.test', team: 'Nova' }, { email: 'jo@x.test', role: 'advisor' },
  ]);
  t.is(second.imported, 3);
  t.deepEqual(second.removed, [{ email: 'bob@x.test', team: 'Comet' }, { email: 'cy@x.test', team: 'Comet' }]);
  t.deepEqual(second.created, ['Nova']);
  t.deepEqual(second.dissolved, ['Comet']);
  t.deepEqual(await teamsOf(w.owner.key), ['Nova', 'Rocket'], 'a team name matches its project case-insensitively');
  const comet = await s.db.pool.query(`select archived_at from app.projects where workspace_id = $1 and name = 'Comet'`, [w.ws.id]);
  t.not(comet.rows[0].archived_at, null, 'the dissolved team keeps its project, archived');
  const rows = (await show(w.owner.key)).body.items;
  const ann = rows.find((r: { email: string }) => r.email === 'ANN@x.test');
  t.like(ann, { name: 'Ann B', role: 'participant', team: 'Rocket' });
  t.like(rows.find((r: { email: string }) => r.email === 'jo@x.test'), { role: 'advisor', team: null });
});

test('an empty list removes everyone and dissolves every team', async (t) => {
  const w = await event();
  await importRoster(s.url, w.owner.key, [{ email: 'a@x.test', team: 'A' }, { email: 'b@x.test', team: 'B' }, { email: 'o@x.test', role: 'organizer' }]);
  const r = await importRoster(s.url, w.owner.key, []);
  t.is(r.imported, 0);
  t.deepEqual(r.removed.map((x: { email: string }) => x.email), ['a@x.test', 'b@x.test', 'o@x.test']);
  t.deepEqual(r.dissolved, ['A', 'B']);
  t.deepEqual(await teamsOf(w.owner.key), []);
  t.deepEqual((await show(w.owner.key)).body.items, []);
});

test('a person removed from the roster is no longer on it', async (t) => {
  const w = await event();
  const p = await person(s.db.pool, w.ws.id, `gone${n}@x.test`);
  await importRoster(s.url, w.owner.key, [{ email: p.email, team: 'A' }]);
  t.is((await http(s.url, 'GET', '/api/v1/event/status', { key: p.key })).status, 200);
  await importRoster(s.url, w.owner.key, [{ email: 'someone@x.test', team: 'A' }]);
  const r = await http(s.url, 'GET', '/api/v1/event/status', { key: p.key });
  t.is(r.status, 403);
  t.is(r.body.error.code, 'not_on_roster');
});

test('team_archived: a team whose project was archived is refused until it is unarchived; then it comes back', async (t) => {
  const w = await event();
  await importRoster(s.url, w.owner.key, [{ email: 'a@x.test', team: 'Rocket' }, { email: 'b@x.test', team: 'Comet' }]);
  await importRoster(s.url, w.owner.key, [{ email: 'a@x.test', team: 'Rocket' }]); // Comet dissolved, its project archived
  const r = await put(w.owner.key, [{ email: 'a@x.test', team: 'Rocket' }, { email: 'b@x.test', team: 'COMET' }]);
  t.is(r.status, 409);
  t.is(r.body.error.code, 'team_archived');
  t.is(r.body.error.team, 'COMET');
  t.deepEqual(await teamsOf(w.owner.key), ['Rocket'], 'the refused import changed nothing');
  await s.db.pool.query(`update app.projects set archived_at = null where workspace_id = $1 and name = 'Comet'`, [w.ws.id]);
  const back = await importRoster(s.url, w.owner.key, [{ email: 'a@x.test', team: 'Rocket' }, { email: 'b@x.test', team: 'Comet' }]);
  t.deepEqual(back.created, [], 'the project comes back, not a new one');
  t.deepEqual(await teamsOf(w.owner.key), ['Comet', 'Rocket']);
});

test('rows are checked and a refusal names participants.<n>.<field>', async (t) => {
  const w = await event();
  const cases: [unknown[], string][] = [
    [[{ email: 'a@x.test', team: 'A' }, { name: 'no email', team: 'A' }], 'participants.1.email'],
    [[{ email: 'not-an-address', team: 'A' }], 'participants.0.email'],
    [[{ email: 'a@x.test' }], 'participants.0.team'],
    [[{ email: 'a@x.test', role: 'jury', team: 'A' }], 'participants.0.team'],
    [[{ email: 'a@x.test', role: 'judge' }], 'participants.0.role'],
    [[{ email: 'a@x.test', team: 'A', shoe: 42 }], 'participants.0.shoe'],
    [[{ email: 'a@x.test', team: 'A' }, { email: 'A@x.test', team: 'B' }], 'participants.1.email'],
    [[{ email: 'a@x.test', team: 'x'.repeat(101) }], 'participants.0.team'],
    [['a@x.test'], 'participants.0'],
    [[{ email: 'a@x.test', team: 'A', github: 'a-gh' }], 'participants.0.github'],
    [[{ email: 'a@x.test', role: 'jury', github: null }], 'participants.0.github'],
    [[{ email: 'a@x.test', role: 'advisor', github: 'a--gh' }], 'participants.0.github'],
    [[{ email: 'a@x.test', role: 'advisor', github: 'x'.repeat(40) }], 'participants.0.github'],
    [[{ email: 'a@x.test', role: 'advisor', github: 42 }], 'participants.0.github'],
    [[{ email: 'a@x.test', role: 'advisor', github: 'Coach' }, { email: 'b@x.test', role: 'advisor', github: '@coach' }], 'participants.1.github'],
  ];
  for (const [rows, field] of cases) {
    const r = await put(w.owner.key, rows);
    t.is(r.status, 400, field);
    t.is(r.body.error.code, 'invalid_input', field);
    t.is(r.body.error.field, field);
  }
  const extra = await http(s.url, 'PUT', '/api/v1/event/roster', { key: w.owner.key, body: { participants: [], lock: true } });
  t.is(extra.body.error.field, 'lock');
});

test('roster lock: unlocked -> locked, idempotent; import refused roster_locked while locked', async (t) => {
  const w = await event();
  const a = await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: w.owner.key });
  t.is(a.status, 200);
  t.regex(a.body.rosterLockedAt, /Z$/);
  const b = await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: w.owner.key });
  t.is(b.body.rosterLockedAt, a.body.rosterLockedAt, 'a second lock keeps the first instant');
  const r = await put(w.owner.key, [{ email: 'a@x.test', team: 'A' }]);
  t.is(r.status, 409);
  t.is(r.body.error.code, 'roster_locked');
  t.is((await show(w.owner.key)).body.rosterLockedAt, a.body.rosterLockedAt);
});

test('roster unlock: locked -> unlocked when voting is not open, idempotent; then import works again', async (t) => {
  const w = await event();
  await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: w.owner.key });
  const a = await http(s.url, 'DELETE', '/api/v1/event/roster/lock', { key: w.owner.key });
  t.is(a.status, 200);
  t.deepEqual(a.body, { rosterLockedAt: null });
  const b = await http(s.url, 'DELETE', '/api/v1/event/roster/lock', { key: w.owner.key });
  t.deepEqual(b.body, { rosterLockedAt: null });
  t.is((await put(w.owner.key, [{ email: 'a@x.test', team: 'A' }])).status, 200);
});

test('roster unlock once voting opened is voting_open, and the roster stays locked', async (t) => {
  const w = await event();
  await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: w.owner.key });
  // The community vote issue sets this column; here it stands in for an opened vote.
  await s.db.pool.query('update app.events set voting_opened_at = app.now() where workspace_id = $1', [w.ws.id]);
  const r = await http(s.url, 'DELETE', '/api/v1/event/roster/lock', { key: w.owner.key });
  t.is(r.status, 409);
  t.is(r.body.error.code, 'voting_open');
  t.not((await show(w.owner.key)).body.rosterLockedAt, null);
});

test('roster show: organizers only, with signed-in state (a session counts, an operator-made key does not)', async (t) => {
  const w = await event();
  const p = await person(s.db.pool, w.ws.id, `show${n}@x.test`);
  await seed.password(s.db.pool, p.userId, 'correct horse battery');
  await importRoster(s.url, w.owner.key, [{ email: p.email, name: 'Pat', team: 'A' }, { email: 'never@x.test', team: 'A' }]);
  const before = (await show(w.owner.key)).body.items;
  t.false(before.find((r: { email: string }) => r.email === p.email).signedIn);
  const login = await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: p.email, password: 'correct horse battery' } });
  t.is(login.status, 200);
  const after = (await show(w.owner.key)).body.items;
  t.like(after.find((r: { email: string }) => r.email === p.email), { signedIn: true, name: 'Pat', role: 'participant', team: 'A' });
  t.false(after.find((r: { email: string }) => r.email === 'never@x.test').signedIn);
  const refused = await show(p.key);
  t.is(refused.status, 403);
  t.is(refused.body.error.code, 'insufficient_event_role');
});

test('signed-in state only for members of the workspace: an account only in workspace B reads no in A (REST, team members, page)', async (t) => {
  const a = await event();
  const b = await event();
  const signIn = async (p: { email: string; userId: string }) => {
    await seed.password(s.db.pool, p.userId, PASSWORD);
    t.is((await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: p.email, password: PASSWORD } })).status, 200);
  };
  const bee = await person(s.db.pool, b.ws.id, `bee${n}@x.test`); // has an account and signed in, in B only
  await signIn(bee);
  const ann = await person(s.db.pool, a.ws.id, `ann${n}@x.test`); // A's own member, signed in
  await signIn(ann);
  await signIn(a.owner);
  // A's organizer imports B's person without inviting her: nothing may say she has an account here.
  const imported = await http(s.url, 'PUT', '/api/v1/event/roster', { key: a.owner.key, body: { participants: [{ email: bee.email, team: 'T' }, { email: ann.email, team: 'T' }], invite: false } });
  t.is(imported.status, 200, imported.text);
  const signedIn = (rows: { email: string; signedIn: boolean }[]) => Object.fromEntries(rows.map((r) => [r.email, r.signedIn]));
  t.deepEqual(signedIn((await show(a.owner.key)).body.items), { [bee.email]: false, [ann.email]: true });
  const team = await http(s.url, 'GET', '/api/v1/event/team-members?team=T', { key: a.owner.key });
  t.is(team.status, 200, team.text);
  t.deepEqual(signedIn(team.body.members), { [bee.email]: false, [ann.email]: true });
  const page = await http(s.url, 'GET', '/event/admin/roster', { cookie: await pageSignIn(s.url, a.owner.email) });
  t.is(page.status, 200);
  const cellOf = (email: string) => new RegExp(`<tr><td>${email.replace(/\./g, '\\.')}</td>(?:<td>[^<]*</td>){3}<td>(yes|no)</td></tr>`).exec(page.text)?.[1];
  t.is(cellOf(bee.email), 'no');
  t.is(cellOf(ann.email), 'yes');
  // In B, where she is a member, the same person reads signed in.
  await importRoster(s.url, b.owner.key, [{ email: bee.email, team: 'T' }]);
  t.deepEqual(signedIn((await show(b.owner.key)).body.items), { [bee.email]: true });
});

test('roster show pages with limit and cursor', async (t) => {
  const w = await event();
  await importRoster(s.url, w.owner.key, Array.from({ length: 5 }, (_, i) => ({ email: `p${i}@x.test`, team: 'A' })));
  const seen: string[] = [];
  let cursor = '';
  let pages = 0;
  do {
    const r = await show(w.owner.key, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    t.is(r.status, 200);
    seen.push(...r.body.items.map((x: { email: string }) => x.email));
    cursor = r.body.nextCursor ?? '';
    pages++;
  } while (cursor);
  t.is(pages, 3);
  t.deepEqual(seen.sort(), ['p0@x.test', 'p1@x.test', 'p2@x.test', 'p3@x.test', 'p4@x.test']);
  t.is((await show(w.owner.key, '?limit=101')).body.error.field, 'limit');
});

test('participants, jury and advisors may not import or lock the roster', async (t) => {
  const w = await event();
  const adv = await person(s.db.pool, w.ws.id, `adv${n}@x.test`);
  await importRoster(s.url, w.owner.key, [{ email: adv.email, role: 'advisor' }]);
  t.is((await put(adv.key, [])).body.error.code, 'insufficient_event_role');
  t.is((await http(s.url, 'PUT', '/api/v1/event/roster/lock', { key: adv.key })).body.error.code, 'insufficient_event_role');
});

test('an advisor\'s row names the coach\'s code-host username (github): saved, kept by an import without the field, taken away by null; a participant\'s is refused', async (t) => {
  const w = await event();
  const rows = async () => Object.fromEntries((await show(w.owner.key)).body.items.map((r: { email: string; github: string | null }) => [r.email, r.github]));
  await importRoster(s.url, w.owner.key, [{ email: 'pat@x.test', team: 'A' }, { email: 'coach@x.test', role: 'advisor', github: ' @Coach-GH ' }]);
  t.deepEqual(await rows(), { 'pat@x.test': null, 'coach@x.test': 'Coach-GH' });
  await importRoster(s.url, w.owner.key, [{ email: 'pat@x.test', team: 'A' }, { email: 'coach@x.test', role: 'advisor', name: 'Coach' }]);
  t.deepEqual(await rows(), { 'pat@x.test': null, 'coach@x.test': 'Coach-GH' }, 'a row without the field keeps the username');

  // A participant names theirs with connect --github; the roster cannot give it to a coach too.
  const pat = await person(s.db.pool, w.ws.id, `pat${n}@x.test`);
  await importRoster(s.url, w.owner.key, [{ email: pat.email, team: 'A' }, { email: 'coach@x.test', role: 'advisor' }]);
  t.is((await http(s.url, 'PUT', '/bootstrap/github', { key: pat.key, body: { login: 'pat-gh' } })).status, 200);
  const taken = await put(w.owner.key, [{ email: pat.email, team: 'A' }, { email: 'coach@x.test', role: 'advisor', github: 'PAT-gh' }, { email: 'new@x.test', team: 'B' }]);
  t.is(taken.status, 409);
  t.like(taken.body.error, { code: 'github_login_taken', field: 'participants.1.github', login: 'PAT-gh' });
  t.regex(taken.body.error.message, /^participants\.1\.github: the GitHub username PAT-gh is already named by pat\d+@x\.test on the roster$/);
  t.deepEqual(await rows(), { [pat.email]: 'pat-gh', 'coach@x.test': 'Coach-GH' }, 'nothing of the refused import is kept');
  t.deepEqual(await teamsOf(w.owner.key), ['A']);
  const refused = await put(w.owner.key, [{ email: pat.email, team: 'A', github: 'pat-gh' }]);
  t.is(refused.status, 400);
  t.is(refused.body.error.field, 'participants.0.github');
  t.regex(refused.body.error.message, /only an advisor's row names a code-host username .*hackathon connect --github/);

  await importRoster(s.url, w.owner.key, [{ email: pat.email, team: 'A' }, { email: 'coach@x.test', role: 'advisor', github: null }]);
  t.deepEqual(await rows(), { [pat.email]: 'pat-gh', 'coach@x.test': null }, 'null takes the coach\'s username away; the participant keeps theirs');
});
