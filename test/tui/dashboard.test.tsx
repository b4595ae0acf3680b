// hackathon tui, screen by screen, against a real server (ink-testing-library): the Overview
// counts down from the server clock; the screens switch by number, Tab and `?`; receipts
// arrive live (accepted and refused, filterable by team); the Submissions screen opens a
// team and runs the reconcile behind a confirmation; help requests and feed posts move the
// Help & feed screen; workspace B's dashboard never shows A's receipts.
import test from 'ava';
import { pushFixture, sendDelivery } from '../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, teamIds, type Person } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { dashboard, KEY } from './helpers.tsx';

let s: TestServer;
let clock: Clock;
let owner: Person, ann: Person, otherOwner: Person;
let eventId: string, otherEventId: string;
let start: number;
const SHA = (c: string) => c.repeat(40);

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  const w = await eventWorkspace(s.db.pool, 'Tui');
  owner = w.owner;
  start = Date.now() + 2 * HOUR;
  eventId = (await createEvent(s.url, owner.key, start, 1)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'TuiOrg', template: 'TuiOrg/template' } });
  ann = await person(s.db.pool, w.ws.id, 'ann@tui.test');
  await person(s.db.pool, w.ws.id, 'bob@tui.test');
  await importRoster(s.url, owner.key, [{ email: ann.email, team: 'Rocket' }, { email: 'bob@tui.test', team: 'Comet' }]);
  const teams = await teamIds(s.db.pool, w.ws.id);
  await assignRepository(s.db.pool, teams.Rocket!, 'TuiOrg/Rocket', 'ready');
  await assignRepository(s.db.pool, teams.Comet!, 'TuiOrg/Comet', 'ready');
  const o = await eventWorkspace(s.db.pool, 'Other');
  otherOwner = o.owner;
  otherEventId = (await createEvent(s.url, otherOwner.key, start, 1)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: otherOwner.key, body: { organization: 'OtherOrg', template: 'OtherOrg/template' } });
  await importRoster(s.url, otherOwner.key, [{ email: 'zed@other.test', team: 'Zephyr' }]);
  await assignRepository(s.db.pool, (await teamIds(s.db.pool, o.ws.id)).Zephyr!, 'OtherOrg/Zephyr', 'ready');
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

test.serial('Overview: name, phase, the next deadline counted down from the server clock, intake and health', async (t) => {
  const d = dashboard(s.url, owner.key);
  try {
    const f = await d.until('the overview', (f) => f.includes('Spring Hack') && f.includes('Next deadline: start') && f.includes('API replicas') && f.includes('Intake: Intake') && f.includes('● live'));
    t.regex(f, /Phase: scheduled/);
    t.regex(f, /Intake: Intake is open until the freeze at /);
    t.regex(f, /API replicas \d+ · /);
    t.regex(f, /● live/, 'the stream is live');
    // The server clock moves one hour ahead: the countdown follows it, not this machine's clock.
    await clock.to(start - 30 * MINUTE);
    const after = await d.until('the countdown from the moved server clock', (f) => /\(0h (29|30)m \d\ds left\)/.test(f), 20_000);
    t.regex(after, /Next deadline: start at /);
  } finally {
    d.close();
    await clock.reset();
  }
});

test.serial('navigation: number keys, Tab and Shift-Tab switch screens; ? shows the keys and any key closes them; fits 80 columns', async (t) => {
  const d = dashboard(s.url, owner.key);
  try {
    await d.until('the overview', (f) => f.includes('Spring Hack'));
    await d.press('3');
    await d.until('Submissions', (f) => /2 teams: /.test(f));
    await d.press(KEY.tab);
    await d.until('Runs', (f) => f.includes('The vote section is off'));
    await d.press('\u001B[Z'); // Shift-Tab
    await d.until('Submissions again', (f) => /2 teams: /.test(f));
    await d.press('?');
    const help = await d.until('the help', (f) => f.includes('Keys') && f.includes('q                       quit'));
    t.regex(help, /Every action asks for y before it runs/);
    await d.press('x');
    await d.until('help closed', (f) => !f.includes('Every action asks') && /2 teams: /.test(f));
    await d.press('6');
    await d.until('Help & feed', (f) => f.includes('Waiting for an advisor: 0'));
    for (const line of d.frame().split('\n')) t.true(line.length <= 80, `line too wide: ${line}`);
  } finally {
    d.close();
  }
});

test.serial('Receipts: pushes arrive live, refusals marked, late marked; / filters by team; another workspace\'s never show', async (t) => {
  await clock.to(start + 10 * MINUTE);
  const d = dashboard(s.url, owner.key);
  try {
    await d.until('live', (f) => f.includes('● live'));
    await d.press('2');
    await d.until('the receipts screen', (f) => f.includes('Receipts ('));
    const a = await sendDelivery(s.url, { eventId, payload: pushFixture('TuiOrg/Rocket', { organization: { login: 'TuiOrg' }, after: SHA('1') }) });
    t.is(a.status, 202, JSON.stringify(a.body));
    await sendDelivery(s.url, { eventId, payload: pushFixture('TuiOrg/Comet', { organization: { login: 'TuiOrg' }, ref: 'refs/heads/dev', after: SHA('2') }) });
    await sendDelivery(s.url, { eventId: otherEventId, payload: pushFixture('OtherOrg/Zephyr', { organization: { login: 'OtherOrg' }, after: SHA('9') }) });
    const f = await d.until('both receipts', (f) => f.includes('Rocket 111111111111 accepted') && f.includes('Comet 222222222222 refused wrong_branch'));
    t.regex(f, /✗ #\d+ \S+ Comet 222222222222 refused wrong_branch/);
    t.regex(f, /✓ #\d+ \S+ Rocket 111111111111 accepted/);
    t.notRegex(f, /Zephyr|999999999999/);
    t.regex(f, /Receipts \(2, 1 refused\)/);
    await d.press('/', 'r', 'o', 'c', KEY.enter);
    const filtered = await d.until('the filter', (f) => f.includes('for "roc"'));
    t.notRegex(filtered, /Comet/);
    t.regex(filtered, /Rocket 111111111111/);
    await d.press(KEY.esc);
    await d.until('filter cleared', (f) => f.includes('Comet'));
    // After the freeze a push is late.
    await clock.to(start + HOUR + 20 * MINUTE);
    await sendDelivery(s.url, { eventId, payload: pushFixture('TuiOrg/Rocket', { organization: { login: 'TuiOrg' }, after: SHA('3') }) });
    await d.until('the late push', (f) => /Rocket 333333333333 accepted LATE/.test(f));
  } finally {
    d.close();
  }
});

test.serial('Submissions: every team with its state; Enter opens a team\'s receipts; r reconciles after y, and n cancels', async (t) => {
  const d = dashboard(s.url, owner.key);
  try {
    await d.press('3');
    const list = await d.until('teams', (f) => f.includes('Comet') && f.includes('Rocket') && /2 teams: /.test(f));
    t.regex(list, /Rocket\s+\S+\s+ready\s+last 333333333333 late/);
    await d.press(KEY.down, KEY.enter); // Comet, Rocket by name: the second row is Rocket
    const detail = await d.until('the detail', (f) => f.includes('Receipts (last'));
    t.regex(detail, /Rocket: /);
    t.regex(detail, /#\d+ \S+ 111111111111 accepted/);
    await d.press(KEY.esc);
    await d.until('the list again', (f) => /2 teams: /.test(f));
    await d.press('r');
    await d.until('the confirmation', (f) => f.includes('Reconcile submissions now (the freeze sweep)? [y/N]'));
    await d.press('n');
    await d.until('cancelled', (f) => f.includes('Cancelled'));
    await d.press('r');
    await d.until('the confirmation', (f) => f.includes('[y/N]'));
    await d.press('y');
    await d.until('reconciled', (f) => /Reconciled at \S+: \d+ captured, \d+ frozen/.test(f));
  } finally {
    d.close();
  }
});

test.serial('Help & feed: a help request waits with its age; a feed post appears live', async (t) => {
  const d = dashboard(s.url, owner.key);
  try {
    await d.press('6');
    await d.until('the help screen', (f) => f.includes('Waiting for an advisor: 0'));
    const r = await http(s.url, 'POST', '/api/v1/event/requests', { key: ann.key, body: { title: 'Docker will not start', body: 'help' } });
    t.is(r.status, 201, r.text);
    const p = await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: owner.key, body: { body: 'Lunch is served' } });
    t.is(p.status, 201, p.text);
    const f = await d.until('the request and the post', (f) => f.includes('Waiting for an advisor: 1') && f.includes('Lunch is served'));
    t.regex(f, /\d+m \d\ds {2}Rocket: Docker will not start/);
    t.regex(f, /owner \[organizer\]: Lunch is served/);
  } finally {
    d.close();
  }
});

test.serial('NO_COLOR: no colour codes; with colours on, a refused receipt is drawn in colour', async (t) => {
  const plain = dashboard(s.url, owner.key, { env: { NO_COLOR: '1' } });
  const coloured = dashboard(s.url, owner.key, { env: { FORCE_COLOR: '1' } });
  try {
    await plain.press('2');
    await coloured.press('2');
    await plain.until('receipts', (f) => f.includes('refused wrong_branch'));
    await coloured.until('receipts', (f) => f.includes('refused wrong_branch'));
    t.notRegex(plain.frame(), /\u001B\[3\dm/);
  } finally {
    plain.close();
    coloured.close();
  }
});

test.serial('without the stream (a network that drops it: the edge stands in) the status says reconnecting and the screens poll every 5 s', async (t) => {
  let states = 0;
  const d = dashboard(s.url, owner.key, {
    refreshMs: 60_000,
    wrap: (real) => ({ ...real, follow: (_onEvent, onState) => (onState('reconnecting'), states++, () => undefined) }),
  });
  try {
    await d.press('6');
    const before = await d.until('the help screen, reconnecting', (f) => f.includes('Newest feed posts') && f.includes('○ reconnecting'));
    t.notRegex(before, /Fallback news/);
    t.is((await http(s.url, 'POST', '/api/v1/event/feed/posts', { key: owner.key, body: { body: 'Fallback news' } })).status, 201);
    // No live change can come: only the 5 s poll brings the post (bounded wait, not a speed check).
    await d.until('the post by polling', (f) => f.includes('Fallback news'), 20_000);
    t.is(states, 1);
  } finally {
    d.close();
  }
});
