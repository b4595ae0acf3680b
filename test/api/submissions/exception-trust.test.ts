// The archive hash and revision of a submission exception come only from the server's own
// capture. recordSubmissionException used to be a GraphQL mutation taking the archive's
// sha256 and size from the caller: an organizer key of workspace B froze its own team on the
// sha256 of a deck file of workspace A and downloaded A's bytes from
// GET /api/v1/submissions/<team>/artifact.
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { publish, sha } from '../../helpers/deck.ts';
import { Clock, createEvent, eventWorkspace, HOUR, importRoster, MINUTE, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let clock: Clock;
let organizer: Person;
let rocket: string;
let secret: string;
test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  // Workspace A holds a private deck file.
  const a = await seed.basicWorkspace(s.db.pool, 'Alpha', 'ann@alpha.test');
  secret = `<h1>A's private slide ${randomBytes(8).toString('hex')}</h1>`;
  const p = await publish(s.url, a.deckKey.key, { 'index.html': secret }, { title: 'Private' });
  if (p.status !== 201) throw new Error(JSON.stringify(p.body));
  // Workspace B runs an event; its team Rocket has no repository.
  const b = await eventWorkspace(s.db.pool, 'Beta');
  organizer = b.owner;
  const start = Date.now() + HOUR;
  await createEvent(s.url, organizer.key, start, 1);
  await importRoster(s.url, organizer.key, [{ email: 'p@beta.test', team: 'Rocket' }]);
  rocket = (await teamIds(s.db.pool, b.ws.id)).Rocket!;
  await clock.to(start + HOUR + 20 * MINUTE); // after the freeze, before the vote opens
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

const artifact = () => http(s.url, 'GET', `/api/v1/submissions/${rocket}/artifact`, { key: organizer.key });

test.serial("an organizer cannot freeze its team on an archive hash of its choosing and download another workspace's file", async (t) => {
  const r = await http(s.url, 'POST', '/graphql', {
    key: organizer.key,
    body: {
      query: `mutation($p: UUID!, $h: String!, $n: BigInt!) { recordSubmissionException(input: {
        project: $p, reason: "evidence", sha: "${'e'.repeat(40)}", archiveSha256: $h, size: $n }) { result } }`,
      variables: { p: rocket, h: sha(secret), n: String(Buffer.byteLength(secret)) },
    },
  });
  t.truthy(r.body.errors, r.text);
  const got = await artifact();
  t.false(got.text.includes(secret), 'the bytes of workspace A never come out');
  t.is(got.status, 409, got.text);
  t.is(got.body.error.code, 'not_frozen');
  t.is((await s.db.pool.query('select count(*)::int as n from app.submission_exceptions')).rows[0].n, 0, 'nothing was recorded');
});

test.serial('over REST the archive comes only from the capture: the body cannot name one, and no repository means capture_failed', async (t) => {
  const url = `/api/v1/submissions/${rocket}/exception`;
  const named = await http(s.url, 'POST', url, { key: organizer.key, body: { reason: 'evidence', sha: 'e'.repeat(40), archiveSha256: sha(secret) } });
  t.is(named.status, 400, named.text);
  const noRepo = await http(s.url, 'POST', url, { key: organizer.key, body: { reason: 'evidence', sha: 'e'.repeat(40) } });
  t.is(noRepo.status, 409, noRepo.text);
  t.is(noRepo.body.error.code, 'capture_failed');
  // An exception without a revision still records (the route's private call works).
  const missing = await http(s.url, 'POST', url, { key: organizer.key, body: { reason: 'disqualified', missing: true } });
  t.is(missing.status, 200, missing.text);
  t.like(missing.body, { missing: true, sha: null });
  t.is((await artifact()).body.error.code, 'not_frozen');
});
