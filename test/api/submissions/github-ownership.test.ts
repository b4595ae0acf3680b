// Code-host ownership on GitHub (CODE_HOST=github against a stand-in for the REST routes, with
// its request log): the app installation proves an organization. The first workspace to
// verify an installation holds it (event github when the app is already there, else when
// provisioning starts); another workspace naming that organization, or a template in it, is
// refused organization_taken, gets the problem from github-check and the plan (its template
// never read), no standing read from its repositories, and installation_mismatch for a
// delivery naming an installation it does not hold.
import test from 'ava';
import { generateKeyPairSync } from 'node:crypto';
import nodeHttp from 'node:http';
import { pushFixture, sendDelivery } from '../../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SHA = '1'.repeat(40);
const installations: Record<string, number> = { acme: 9, other: 10 }; // organization -> installation id
const log: string[] = [];
let gh: nodeHttp.Server;
let s: TestServer;
let ownerA: Person, ownerB: Person, ann: Person, bob: Person;
let eventA: string, eventB: string, wsB: string;

test.before(async () => {
  gh = nodeHttp.createServer((req, res) => {
    const send = (status: number, json?: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(json === undefined ? '' : JSON.stringify(json));
    const p = new URL(req.url!, 'http://x').pathname;
    log.push(`${req.method} ${p}`);
    let m: RegExpExecArray | null;
    if ((m = /^\/orgs\/([^/]+)\/installation$/.exec(p))) {
      const id = installations[m[1]!.toLowerCase()];
      return id ? send(200, { id, account: { login: m[1] } }) : send(404, { message: 'Not Found' });
    }
    if (/^\/app\/installations\/\d+\/access_tokens$/.test(p)) return send(201, { token: 'ghs_x', expires_at: new Date(Date.now() + HOUR).toISOString() });
    if (/^\/repos\/[^/]+\/template\/branches\/main$/.test(p)) return send(200, { name: 'main', commit: { sha: SHA } });
    if (/^\/repos\/[^/]+\/[^/]+\/collaborators\/[^/]+$/.test(p)) return send(404, { message: 'Not Found' });
    if (/^\/repos\/[^/]+\/[^/]+\/invitations$/.test(p)) return send(200, []);
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => gh.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(gh.address() as { port: number }).port}`;
  s = await startTestServer({ env: { CODE_HOST: 'github', GITHUB_APP_ID: '4242', GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), GITHUB_API_URL: base, GITHUB_GIT_URL: `${base}/git` } });
  const a = await eventWorkspace(s.db.pool, 'GhAlpha');
  ownerA = a.owner;
  ann = await person(s.db.pool, a.ws.id, 'ann@ghalpha.test');
  eventA = (await createEvent(s.url, ownerA.key, Date.now() + HOUR)).id;
  await importRoster(s.url, ownerA.key, [{ email: ann.email, team: 'Rocket' }]);
  const b = await eventWorkspace(s.db.pool, 'GhBeta');
  ownerB = b.owner;
  wsB = b.ws.id;
  bob = await person(s.db.pool, wsB, 'bob@ghbeta.test');
  eventB = (await createEvent(s.url, ownerB.key, Date.now() + HOUR)).id;
  await importRoster(s.url, ownerB.key, [{ email: bob.email, team: 'Rocket' }]);
  for (const [p, login] of [[ann, 'ann-gh'], [bob, 'bob-gh']] as const) await http(s.url, 'PUT', '/bootstrap/github', { key: p.key, body: { login } });
});
test.after.always(async () => {
  await s?.close();
  gh?.close();
});

const github = (who: Person, organization: string, template: string) => http(s.url, 'PUT', '/api/v1/event/github', { key: who.key, body: { organization, template } });
const held = async () => (await s.db.pool.query('select installation_id, login, event_id from app_private.github_installations order by installation_id')).rows;

test.serial('event github holds the installation it finds; another workspace naming the organization, or a template in it, is refused', async (t) => {
  t.is((await github(ownerA, 'acme', 'acme/template')).status, 200);
  t.deepEqual(await held(), [{ installation_id: 9, login: 'acme', event_id: eventA }]);
  const taken = await github(ownerB, 'ACME', 'ACME/template');
  t.is(taken.status, 409);
  t.deepEqual(taken.body.error, { code: 'organization_taken', organization: 'ACME',
    message: 'The GitHub App installation on ACME is already used by another workspace on this instance; choose another organization' });
  t.like((await github(ownerB, 'other', 'acme/template')).body, { error: { code: 'organization_taken', organization: 'acme' } });
  t.deepEqual(await held(), [{ installation_id: 9, login: 'acme', event_id: eventA }], 'the refused request held nothing (other neither)');
  t.is((await http(s.url, 'GET', '/api/v1/event', { key: ownerB.key })).body.github, null);
});

test.serial('an organization without the app yet is saved, and held by the first event that provisions once it is installed', async (t) => {
  t.is((await github(ownerB, 'late', 'late/template')).status, 200, 'not installed: nothing to verify yet');
  installations.late = 12;
  const check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: ownerB.key });
  t.like(check.body, { ok: true, templateRevision: SHA, problems: [] });
  t.false((await held()).some((r) => r.installation_id === 12), 'a read holds nothing');
  const started = await http(s.url, 'POST', '/api/v1/admin/provision', { key: ownerB.key, body: { key: 'b1' } });
  t.is(started.status, 202, started.text);
  t.like((await held()).find((r) => r.installation_id === 12), { login: 'late', event_id: eventB });
  const c = await eventWorkspace(s.db.pool, 'GhGamma');
  await createEvent(s.url, c.owner.key, Date.now() + HOUR);
  t.like((await github(c.owner, 'Late', 'Late/template')).body, { error: { code: 'organization_taken', organization: 'Late' } });
});

test.serial('an event that names a held organization: github-check and the plan name the cause, the template is never read', async (t) => {
  await s.db.pool.query(`update app.events set github_organization = 'acme', github_template = 'acme/template' where id = $1`, [eventB]);
  log.length = 0;
  const check = await http(s.url, 'GET', '/api/v1/event/github-check', { key: ownerB.key });
  t.like(check.body, { ok: false, templateRevision: null, problems: ['The GitHub App installation on acme is held by another workspace on this instance'] });
  t.deepEqual(log, ['GET /orgs/acme/installation'], 'only the installation, with the app JWT; nothing of acme read');
  const refused = await http(s.url, 'POST', '/api/v1/admin/provision', { key: ownerB.key, body: { key: 'b2' } });
  t.is(refused.status, 409);
  t.deepEqual(refused.body.error.conflicts, ['The GitHub App installation on acme is held by another workspace on this instance']);
  t.like(await http(s.url, 'GET', '/api/v1/event/github-check', { key: ownerA.key }), { body: { ok: true, templateRevision: SHA } });
});

test.serial('standing is read only from repositories of organizations the event holds', async (t) => {
  const rocketA = (await teamIds(s.db.pool, (await s.db.pool.query('select workspace_id from app.events where id = $1', [eventA])).rows[0].workspace_id)).Rocket!;
  const rocketB = (await teamIds(s.db.pool, wsB)).Rocket!;
  await assignRepository(s.db.pool, rocketA, 'acme/rocket', 'invited');
  await t.throwsAsync(assignRepository(s.db.pool, rocketB, 'acme/rocket', 'invited'), { message: /acme\/rocket belongs to another workspace on the code host/ });
  // Recorded anyway (as a database from before ownership could hold it): still nothing is read.
  await s.db.pool.query(`insert into app.team_repositories (project_id, event_id, full_name, readiness) values ($1, $2, 'acme/rocket', 'invited')`, [rocketB, eventB]);
  log.length = 0;
  const boot = await http(s.url, 'GET', '/bootstrap', { key: bob.key });
  t.is(boot.status, 200, boot.text);
  t.deepEqual(boot.body.repository.access, { standing: 'none', canPush: false, invitationUrl: null,
    fix: 'acme/rocket is not a repository of this event on the code host; ask an organizer to run hackathon event github-check.' });
  t.false(log.some((l) => l.startsWith('GET /repos/')), log.join('\n'));
  log.length = 0;
  const mine = await http(s.url, 'GET', '/bootstrap', { key: ann.key });
  t.like(mine.body.repository.access, { standing: 'none', canPush: false });
  t.true(log.includes('GET /repos/acme/rocket/collaborators/ann-gh'), 'A\'s own repository is read live');
  // An installation nobody holds yet (an event provisioned before ownership was recorded) is
  // read, and the read holds nothing.
  const d = await eventWorkspace(s.db.pool, 'GhDelta');
  const dora = await person(s.db.pool, d.ws.id, 'dora@ghdelta.test');
  const eventD = (await createEvent(s.url, d.owner.key, Date.now() + HOUR)).id;
  await importRoster(s.url, d.owner.key, [{ email: dora.email, team: 'Rocket' }]);
  await http(s.url, 'PUT', '/bootstrap/github', { key: dora.key, body: { login: 'dora-gh' } });
  await s.db.pool.query(`update app.events set github_organization = 'other', github_template = 'other/template' where id = $1`, [eventD]);
  await assignRepository(s.db.pool, (await teamIds(s.db.pool, d.ws.id)).Rocket!, 'other/rocket', 'invited');
  log.length = 0;
  t.like((await http(s.url, 'GET', '/bootstrap', { key: dora.key })).body.repository.access, { standing: 'none', fix: 'dora-gh is not invited to other/rocket; check the username, or ask an organizer to run provisioning again.' });
  t.true(log.includes('GET /repos/other/rocket/collaborators/dora-gh'));
  t.false((await held()).some((r) => r.installation_id === 10));
});

test.serial('a delivery naming an installation the event does not hold is installation_mismatch', async (t) => {
  const push = (installation: unknown) => pushFixture('acme/rocket', { installation, after: 'a'.repeat(40) });
  t.like((await sendDelivery(s.url, { eventId: eventA, payload: push({ id: 9 }) })).body, { verdict: 'accepted', refusal: null });
  t.like((await sendDelivery(s.url, { eventId: eventA, payload: push({ id: 10 }) })).body, { verdict: 'refused', refusal: 'installation_mismatch' });
  t.like((await sendDelivery(s.url, { eventId: eventA, payload: push({ id: 'x' }) })).body, { verdict: 'refused', refusal: 'installation_mismatch' });
  t.like((await sendDelivery(s.url, { eventId: eventA, payload: push({ id: 12 }) })).body, { refusal: 'installation_mismatch' }, 'held, but by another event');
  // B's event names acme: every delivery of acme is refused there, with or without an installation.
  t.like((await sendDelivery(s.url, { eventId: eventB, payload: push({ id: 9 }) })).body, { refusal: 'installation_mismatch' });
  t.like((await sendDelivery(s.url, { eventId: eventB, payload: pushFixture('acme/rocket') })).body, { refusal: 'installation_mismatch' });
});
