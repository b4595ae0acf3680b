// Webhook intake: signature checked against the event's secret, failures counted (count,
// first, last, reason) and answered without detail; every signed delivery one receipt with
// sequence, verdict and refusal code; a replayed delivery id recorded once, and so is an
// accepted push replayed under a new delivery id; an unsigned request cannot tell which event
// ids exist; pull request events become activity, any other event (a star) is ignored with no
// receipt; a form-encoded delivery is refused naming the content type. Payloads follow GitHub's
// public examples (octokit/webhooks payload-examples).
import test from 'ava';
import { signBody } from '../../../core/codehost/webhook.ts';
import { pushFixture, receipts, sendDelivery } from '../../helpers/codehost.ts';
import { assignRepository, Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let clock: Clock;
let owner: Person, part: Person;
let eventId: string;
let rocket: string;
let start: number;

const logLines: string[] = [];

test.before(async () => {
  s = await startTestServer({ logLines });
  clock = new Clock(s.url);
  const w = await eventWorkspace(s.db.pool, 'Hooks');
  owner = w.owner;
  start = Date.now() + HOUR;
  eventId = (await createEvent(s.url, owner.key, start, 1)).id;
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'Octocoders', template: 'Octocoders/template' } });
  part = await person(s.db.pool, w.ws.id, 'part@x.test');
  await importRoster(s.url, owner.key, [{ email: part.email, team: 'Rocket' }]);
  rocket = (await teamIds(s.db.pool, w.ws.id)).Rocket!;
  await assignRepository(s.db.pool, rocket, 'Octocoders/Rocket', 'ready');
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

const repo = 'Octocoders/Rocket';

test.serial('a bad signature is counted and answered without detail; nothing is recorded', async (t) => {
  const before = (await receipts(s.db.pool, eventId)).length;
  const bad = await sendDelivery(s.url, { eventId, payload: pushFixture(repo), secret: 'not-the-secret' });
  t.is(bad.status, 401);
  t.deepEqual(bad.body, { error: { code: 'signature_invalid', message: 'Signature check failed' } });
  const none = await fetch(`${s.url}/webhooks/github/${eventId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': 'd1' }, body: '{}' });
  t.is(none.status, 401);
  t.is((await receipts(s.db.pool, eventId)).length, before);
  const f = await http(s.url, 'GET', '/api/v1/submissions/failures', { key: owner.key });
  t.like(f.body.signatureFailures, { count: 2, reason: 'missing X-Hub-Signature-256' });
  t.true(f.body.signatureFailures.first <= f.body.signatureFailures.last);
  // Only organizers read failures.
  t.is((await http(s.url, 'GET', '/api/v1/submissions/failures', { key: part.key })).body.error.code, 'insufficient_event_role');
  // Another event's secret does not open this one; an unknown event is 404.
  const unknown = await sendDelivery(s.url, { eventId: '00000000-0000-4000-8000-000000000000', payload: pushFixture(repo) });
  t.is(unknown.status, 404);
});

test.serial('an unsigned or wrongly signed delivery gets one answer whether the event exists or not', async (t) => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  const answers = [];
  for (const id of [eventId, unknown, 'not-an-event-id']) {
    for (const secret of ['not-the-secret', undefined]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': 'probe-1' };
      const body = JSON.stringify(pushFixture(repo));
      if (secret) headers['x-hub-signature-256'] = signBody(secret, body);
      const r = await fetch(`${s.url}/webhooks/github/${id}`, { method: 'POST', headers, body });
      answers.push({ id, status: r.status, body: await r.json() });
    }
  }
  for (const a of answers) t.deepEqual({ status: a.status, body: a.body }, { status: 401, body: { error: { code: 'signature_invalid', message: 'Signature check failed' } } }, a.id);
  // Only a delivery signed with the id's own secret (which only this server derives) learns the event is missing.
  t.like(await sendDelivery(s.url, { eventId: unknown, payload: pushFixture(repo) }), { status: 404, body: { error: { code: 'event_not_found' } } });
});

test.serial('each refusal code, in receipt order', async (t) => {
  await clock.to(start + 10 * MINUTE);
  const cases: [Record<string, unknown>, string][] = [
    [pushFixture('Someone/Rocket', { organization: { login: 'Someone' } }), 'installation_mismatch'],
    [pushFixture('Octocoders/Unknown'), 'unknown_repository'],
    [pushFixture(repo, { ref: 'refs/heads/dev' }), 'wrong_branch'],
    [pushFixture(repo, { deleted: true, after: '0'.repeat(40) }), 'deleted'],
    [pushFixture(repo, { after: 'not-a-sha' }), 'unresolvable_revision'],
  ];
  const seqs: number[] = [];
  for (const [payload, code] of cases) {
    const r = await sendDelivery(s.url, { eventId, payload });
    t.is(r.status, 202);
    t.like(r.body, { verdict: 'refused', refusal: code, late: false, duplicate: false });
    seqs.push(r.body.sequence);
  }
  t.deepEqual([...seqs].sort((a, b) => a - b), seqs);
});

test.serial('a push to the event\'s own template repository is its revision, not a refused receipt', async (t) => {
  const before = (await receipts(s.db.pool, eventId)).length;
  const sha = 'd4'.repeat(20);
  const r = await sendDelivery(s.url, { eventId, payload: pushFixture('Octocoders/Template', { after: sha }), delivery: 'template-1' });
  t.is(r.status, 202);
  t.deepEqual(r.body, { sequence: null, verdict: 'template', refusal: null, late: false, duplicate: false,
    template: { repository: 'Octocoders/Template', ref: 'refs/heads/main', sha } });
  t.is((await receipts(s.db.pool, eventId)).length, before, 'no receipt');
  const f = await http(s.url, 'GET', '/api/v1/submissions/failures', { key: owner.key });
  t.false(f.body.refused.some((x: { repository: string }) => /template/i.test(x.repository)), 'not among the refused deliveries');
  const { rows } = await s.db.pool.query('select ref, sha, delivery_id from app_private.template_revisions where event_id = $1', [eventId]);
  t.deepEqual(rows, [{ ref: 'refs/heads/main', sha, delivery_id: 'template-1' }]);
  // The same repository name from another organization is still refused.
  const other = await sendDelivery(s.url, { eventId, payload: pushFixture('Someone/template', { organization: { login: 'Someone' } }) });
  t.like(other.body, { verdict: 'refused', refusal: 'installation_mismatch' });
});

test.serial('a push replayed under a new delivery id is a duplicate: the last received revision does not move back', async (t) => {
  const [x, a, b] = ['a1', 'b2', 'c3'].map((h) => h.repeat(20));
  const first = pushFixture(repo, { before: x, after: a });
  const r1 = await sendDelivery(s.url, { eventId, payload: first, delivery: 'move-1' });
  t.like(r1.body, { verdict: 'accepted', duplicate: false });
  const r2 = await sendDelivery(s.url, { eventId, payload: pushFixture(repo, { before: a, after: b }), delivery: 'move-2' });
  t.like(r2.body, { verdict: 'accepted', duplicate: false });
  // The same signed body again under fresh delivery ids: recognised, answered with the first receipt.
  for (const id of ['replay-1', 'replay-2']) {
    const again = await sendDelivery(s.url, { eventId, payload: first, delivery: id });
    t.is(again.status, 202);
    t.deepEqual(again.body, { sequence: r1.body.sequence, verdict: 'accepted', refusal: null, late: false, duplicate: true });
  }
  const rows = await receipts(s.db.pool, eventId);
  t.false(rows.some((r) => r.delivery_id.startsWith('replay-')), 'no receipt for a replay');
  const show = await http(s.url, 'GET', `/api/v1/submissions/${rocket}`, { key: owner.key });
  t.like(show.body.lastReceived, { sequence: r2.body.sequence, sha: b });
  const { rows: [e] } = await s.db.pool.query('select (app_private.eligible_receipt($1)).sha', [rocket]);
  t.is(e.sha, b);
  // Another move (a new commit, or the same after from another before) is a new receipt.
  const next = await sendDelivery(s.url, { eventId, payload: pushFixture(repo, { before: b, after: a }) });
  t.like(next.body, { verdict: 'accepted', duplicate: false });
  t.true(next.body.sequence > r2.body.sequence);
  // A refused delivery is not a move: sent twice under two ids, two receipts.
  const wrong = pushFixture(repo, { ref: 'refs/heads/dev', before: x, after: b });
  const w1 = await sendDelivery(s.url, { eventId, payload: wrong });
  const w2 = await sendDelivery(s.url, { eventId, payload: wrong });
  t.like(w2.body, { refusal: 'wrong_branch', duplicate: false });
  t.not(w1.body.sequence, w2.body.sequence);
});

test.serial('a replayed delivery is recorded once; the last accepted receipt before the freeze is eligible, by receipt order', async (t) => {
  const first = pushFixture(repo, { after: 'a'.repeat(40) });
  const r1 = await sendDelivery(s.url, { eventId, payload: first, delivery: 'dup-1' });
  t.like(r1.body, { verdict: 'accepted', duplicate: false });
  const again = await sendDelivery(s.url, { eventId, payload: first, delivery: 'dup-1' });
  t.like(again.body, { sequence: r1.body.sequence, duplicate: true });
  t.is((await receipts(s.db.pool, eventId)).filter((r) => r.delivery_id === 'dup-1').length, 1);
  // An older commit received later still wins: receipt order, never commit time.
  await sendDelivery(s.url, { eventId, payload: pushFixture(repo, { after: 'b'.repeat(40), head_commit: { id: 'b'.repeat(40), timestamp: '2001-01-01T00:00:00Z', message: 'old' } }) });
  await clock.to(start + HOUR + 15 * MINUTE + 2000); // just past the freeze (the clock moves in whole seconds)
  const late = await sendDelivery(s.url, { eventId, payload: pushFixture(repo, { after: 'c'.repeat(40) }) });
  t.like(late.body, { verdict: 'accepted', late: true });
  const { rows: [e] } = await s.db.pool.query('select (app_private.eligible_receipt($1)).sha', [rocket]);
  t.is(e.sha, 'b'.repeat(40));
});

test.serial('pull request events are accepted as activity; ping is answered', async (t) => {
  const pr = await sendDelivery(s.url, { eventId, kind: 'pull_request', payload: {
    action: 'opened', number: 2, pull_request: { number: 2, title: 'Update the README', head: { ref: 'changes', sha: 'd'.repeat(40) } },
    repository: pushFixture(repo).repository, organization: { login: 'Octocoders' }, sender: { login: 'Codertocat' },
  } });
  t.like(pr.body, { verdict: 'accepted', refusal: null });
  const { rows } = await s.db.pool.query(`select kind, summary from app.team_activity where project_id = $1 order by seq desc limit 1`, [rocket]);
  t.deepEqual(rows[0], { kind: 'pull_request', summary: { action: 'opened', title: 'Update the README', number: 2 } });
  const ping = await sendDelivery(s.url, { eventId, kind: 'ping', payload: { zen: 'Keep it logically awesome.' } });
  t.is(ping.status, 200);
  const bad = await sendDelivery(s.url, { eventId, raw: 'not json' });
  t.is(bad.body.error.code, 'invalid_json');
});

test.serial('submissions show answers the last 50 receipts, newest first, after 55 more deliveries', async (t) => {
  const sent: number[] = [];
  for (let i = 0; i < 55; i++) {
    const r = await sendDelivery(s.url, { eventId, payload: pushFixture(repo, { after: i.toString(16).padStart(40, '0') }) });
    t.is(r.status, 202);
    sent.push(r.body.sequence);
  }
  const show = await http(s.url, 'GET', `/api/v1/submissions/${rocket}`, { key: owner.key });
  t.is(show.status, 200, show.text);
  const seqs = show.body.receipts.map((r: { sequence: number }) => r.sequence);
  t.is(seqs.length, 50);
  t.deepEqual(seqs, sent.slice(-50).reverse(), 'the 50 newest deliveries, newest first');
  t.is(show.body.receipts[0].sha, (54).toString(16).padStart(40, '0'));
  t.is(show.body.receipts[49].sha, (5).toString(16).padStart(40, '0'));
  const { rows } = await s.db.pool.query('select count(*)::int as n from app.submission_receipts where project_id = $1', [rocket]);
  t.true(rows[0].n > 55, 'older receipts exist and are left out');
});

test.serial('a burst of deliveries at once is recorded as one at a time would be: each its own answer, each move once, a replay its duplicate', async (t) => {
  const before = (await receipts(s.db.pool, eventId)).length;
  const moves = Array.from({ length: 30 }, (_, i) => pushFixture(repo, { before: 'e'.repeat(40), after: (1000 + i).toString(16).padStart(40, '0') }));
  const sends = [
    ...moves.map((payload, i) => ({ payload, delivery: `burst-${i}` })),
    ...moves.slice(0, 10).map((payload, i) => ({ payload, delivery: `burst-replay-${i}` })), // the same move, another id
    ...moves.slice(10, 15).map((payload, i) => ({ payload, delivery: `burst-${10 + i}` })), // the same delivery again
  ];
  const answers = await Promise.all(sends.map((x) => sendDelivery(s.url, { eventId, ...x })));
  for (const a of answers) t.is(a.status, 202, JSON.stringify(a.body));
  const rows = (await receipts(s.db.pool, eventId)).slice(before);
  t.is(rows.length, 30, 'one receipt per move');
  t.is(new Set(rows.map((r) => r.sha)).size, 30);
  // Each move and its repeats share one receipt, exactly one of them recorded it.
  for (let i = 0; i < 30; i++) {
    const mine = sends.flatMap((x, j) => (x.payload === moves[i] ? [answers[j]!.body] : []));
    const row = rows.find((r) => r.sha === moves[i]!.after)!;
    t.true(mine.every((b) => b.sequence === Number(row.seq)), `move ${i}: every answer names its receipt`);
    t.is(mine.filter((b) => !b.duplicate).length, 1, `move ${i}: recorded once`);
  }
});

test.serial('a star or an issue on a team repository is ignored and logged by its event name: no receipt, no activity', async (t) => {
  const before = (await receipts(s.db.pool, eventId)).length;
  const { rows: [a] } = await s.db.pool.query('select count(*)::int as n from app.team_activity where project_id = $1', [rocket]);
  // Shapes of octokit/webhooks payload-examples/api.github.com/star/created and issues/opened.
  const repository = pushFixture(repo).repository;
  const sender = { login: 'Codertocat', id: 21031067, type: 'User' };
  const star = await sendDelivery(s.url, { eventId, kind: 'star', delivery: 'star-1', payload: { action: 'created', starred_at: '2019-05-15T15:20:40Z', repository, organization: { login: 'Octocoders' }, sender } });
  t.is(star.status, 202);
  t.deepEqual(star.body, { sequence: null, verdict: 'ignored', refusal: null, late: false, duplicate: false, event: 'star' });
  const issue = await sendDelivery(s.url, { eventId, kind: 'issues', delivery: 'issue-1', payload: {
    action: 'opened', issue: { number: 1, title: 'Spelling error in the README file', state: 'open', user: sender }, repository, organization: { login: 'Octocoders' }, sender } });
  t.like(issue.body, { verdict: 'ignored', event: 'issues', sequence: null });
  t.is((await receipts(s.db.pool, eventId)).length, before, 'no receipt');
  const { rows: [b] } = await s.db.pool.query('select count(*)::int as n from app.team_activity where project_id = $1', [rocket]);
  t.is(b.n, a.n, 'no activity item');
  const logged = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg?.startsWith('webhook delivery ignored'));
  t.deepEqual(logged.map((l) => [l.githubEvent, l.delivery]), [['star', 'star-1'], ['issues', 'issue-1']]);
  // A push of no commits is still a push: a deleted branch or tag keeps today's refusals.
  const deletedTag = await sendDelivery(s.url, { eventId, payload: pushFixture(repo, { ref: 'refs/tags/simple-tag', deleted: true, after: '0'.repeat(40), commits: [] }) });
  t.like(deletedTag.body, { verdict: 'refused', refusal: 'wrong_branch' });
  const deletedMain = await sendDelivery(s.url, { eventId, payload: pushFixture(repo, { deleted: true, after: '0'.repeat(40), commits: [] }) });
  t.like(deletedMain.body, { verdict: 'refused', refusal: 'deleted' });
  t.is((await receipts(s.db.pool, eventId)).length, before + 2);
});

test.serial('a form-encoded delivery is refused naming the content type GitHub must send; nothing is recorded', async (t) => {
  const before = (await receipts(s.db.pool, eventId)).length;
  const form = `payload=${encodeURIComponent(JSON.stringify(pushFixture(repo)))}`;
  for (const kind of ['push', 'ping']) {
    const r = await sendDelivery(s.url, { eventId, kind, raw: form, contentType: 'application/x-www-form-urlencoded' });
    t.is(r.status, 400);
    t.is(r.body.error.code, 'invalid_input');
    t.is(r.body.error.field, 'Content-Type');
    t.regex(r.body.error.message, /content type must be application\/json.*not application\/x-www-form-urlencoded/);
  }
  t.is((await receipts(s.db.pool, eventId)).length, before);
});
