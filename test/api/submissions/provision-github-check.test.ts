// event github-check against CODE_HOST=github (a stand-in for the REST routes it reads): the
// app installation on the organization and the template read live, each problem its own
// sentence — the app not installed, the host not answering, the template's branch missing —
// never folded into "no branch"; provisioning is refused on the same problems.
import test from 'ava';
import { generateKeyPairSync } from 'node:crypto';
import nodeHttp from 'node:http';
import { createEvent, eventWorkspace, HOUR, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SHA = '1'.repeat(40);
const standin = { installation: 404 as number, templateBranch: false };
let gh: nodeHttp.Server;
let s: TestServer;
let owner: Person;

test.before(async () => {
  gh = nodeHttp.createServer((req, res) => {
    const send = (status: number, json?: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(json === undefined ? '' : JSON.stringify(json));
    const p = new URL(req.url!, 'http://x').pathname;
    if (p === '/orgs/acme/installation') return standin.installation === 200 ? send(200, { id: 9 }) : send(standin.installation, { message: standin.installation === 404 ? 'Not Found' : 'Server Error' });
    if (p === '/app/installations/9/access_tokens') return send(201, { token: 'ghs_x', expires_at: new Date(Date.now() + HOUR).toISOString() });
    if (p === '/repos/acme/template/branches/main') return standin.templateBranch ? send(200, { name: 'main', commit: { sha: SHA } }) : send(404, { message: 'Branch not found' });
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => gh.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(gh.address() as { port: number }).port}`;
  s = await startTestServer({ env: { CODE_HOST: 'github', GITHUB_APP_ID: '4242', GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), GITHUB_API_URL: base, GITHUB_GIT_URL: `${base}/git` } });
  const w = await eventWorkspace(s.db.pool, 'GhCheck');
  owner = w.owner;
  await createEvent(s.url, owner.key, Date.now() + HOUR);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'acme', template: 'acme/template' } });
});
test.after.always(async () => {
  await s?.close();
  gh?.close();
});

const check = async () => (await http(s.url, 'GET', '/api/v1/event/github-check', { key: owner.key })).body;

test.serial('the app not installed on the organization is its own problem, not a missing branch', async (t) => {
  standin.installation = 404;
  t.deepEqual(await check(), {
    ok: false, codeHost: 'github', organization: 'acme', template: 'acme/template', branch: 'main', templateRevision: null, templatePushUrl: null,
    problems: ['The GitHub App is not installed on the organization acme'], notes: [], revocations: [],
  });
  const refused = await http(s.url, 'POST', '/api/v1/admin/provision', { key: owner.key, body: { key: 'k1' } });
  t.is(refused.status, 409);
  t.deepEqual(refused.body.error.conflicts, ['The GitHub App is not installed on the organization acme']);
});

test.serial('a host that does not answer is named with its reason', async (t) => {
  standin.installation = 502;
  const r = await check();
  t.false(r.ok);
  t.deepEqual(r.problems, ['The code host could not check the app on the organization acme: GitHub answered 502 to GET /orgs/acme/installation']);
});

test.serial('installed, the template branch is read live: missing, then present', async (t) => {
  standin.installation = 200;
  t.like(await check(), { ok: false, templateRevision: null, templatePushUrl: null, problems: ['The template acme/template has no branch main on the code host'] });
  standin.templateBranch = true;
  t.deepEqual(await check(), { ok: true, codeHost: 'github', organization: 'acme', template: 'acme/template', branch: 'main', templateRevision: SHA, templatePushUrl: null, problems: [], notes: [], revocations: [] });
  const plan = await http(s.url, 'GET', '/api/v1/admin/provision/plan', { key: owner.key });
  t.like(plan.body, { templateRevision: SHA, conflicts: [] });
});
