// The GitHub App driver against a local stand-in that speaks the few REST routes it uses
// (and serves git over smart HTTP for the capture), with its request log asserted: the app
// JWT (verified here with the public key) buys one installation token per organization,
// repositories are generated from the template once, collaborators invited at maintain and
// pull, standing and push permission read live, and a capture fetches exactly one sha with
// the token.
import test from 'ava';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runHttpBackend } from '../../api/routes/git/cgi.ts';
import { codeHostProblems } from '../../core/codehost/check.ts';
import { GithubCodeHost } from '../../core/codehost/github.ts';
import { loadConfig } from '../../core/config.ts';
import { commitFile, git, tempDir } from '../helpers/codehost.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const TOKEN = 'ghs_standin_token';
const log: string[] = [];
const repos = new Set(['acme/template']);
const collaborators = new Map<string, string>(); // "repo login" -> permission
const accepted = new Set<string>(); // "repo login"
const gitRoot = tempDir('standin-git-');
let templateSha = '';
let server: http.Server;
let base = '';

function jwtOk(auth: string | undefined): boolean {
  const [h, p, sig] = (auth ?? '').replace(/^Bearer /, '').split('.');
  if (!h || !p || !sig) return false;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  return createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(sig, 'base64url')) && claims.iss === '4242' && claims.exp > Date.now() / 1000;
}

test.before(async () => {
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  templateSha = await commitFile(path.join(work, 'w'), 'README.md', 'template\n');
  mkdirSync(path.join(gitRoot, 'acme'), { recursive: true });
  await git(work, ['clone', '-q', '--bare', path.join(work, 'w'), path.join(gitRoot, 'acme', 'template.git')]);
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const auth = req.headers.authorization;
    const kind = auth?.startsWith('Bearer ') ? (jwtOk(auth) ? 'jwt' : 'bad-jwt') : auth === `token ${TOKEN}` ? 'token' : auth?.startsWith('Basic ') ? 'basic' : 'none';
    log.push(`${req.method} ${url.pathname}${url.search} ${kind}`);
    if (url.pathname.startsWith('/git/')) {
      if (auth !== `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' }).end();
        return;
      }
      void runHttpBackend({ projectRoot: gitRoot, pathInfo: url.pathname.slice(4), query: url.search.slice(1), method: req.method!, remoteUser: 'app', raw: req, body: req.method === 'POST' ? req : null }, res);
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, json?: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(json === undefined ? '' : JSON.stringify(json));
      const m = (re: RegExp) => re.exec(url.pathname);
      let x: RegExpExecArray | null;
      if (url.pathname === '/orgs/acme/installation') return kind === 'jwt' ? send(200, { id: 77 }) : send(401, { message: 'Bad credentials' });
      // An organization the app is not installed on, and one whose answer is a refusal.
      if (url.pathname === '/orgs/elsewhere/installation') return kind === 'jwt' ? send(404, { message: 'Not Found' }) : send(401, { message: 'Bad credentials' });
      if (url.pathname === '/orgs/locked/installation') return send(403, { message: 'Resource not accessible by integration' });
      if (url.pathname === '/app/installations/77/access_tokens' && req.method === 'POST') return kind === 'jwt' ? send(201, { token: TOKEN, expires_at: new Date(Date.now() + 3600_000).toISOString() }) : send(401, {});
      if (kind !== 'token') return send(401, { message: 'Bad credentials' });
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/branches\/main$/))) return repos.has(x[1]!) ? send(200, { name: 'main', commit: { sha: templateSha } }) : send(404, { message: 'Not Found' });
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)$/))) return repos.has(x[1]!) ? send(200, { full_name: x[1] }) : send(404, { message: 'Not Found' });
      if ((x = m(/^\/repos\/acme\/template\/generate$/))) {
        const b = JSON.parse(body);
        repos.add(`${b.owner}/${b.name}`);
        return send(201, { full_name: `${b.owner}/${b.name}`, private: b.private });
      }
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/collaborators\/([^/]+)\/permission$/))) {
        // GitHub's answer: `permission` folds maintain into write and pull is read.
        const k = `${x[1]} ${x[2]!.toLowerCase()}`;
        if (x[2] === 'ghost') return send(404, { message: 'Not Found' });
        const p = accepted.has(k) ? collaborators.get(k) : undefined;
        return send(200, p === 'maintain' ? { permission: 'write', role_name: 'maintain' } : p === 'pull' ? { permission: 'read', role_name: 'read' } : { permission: 'none', role_name: '' });
      }
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/collaborators\/([^/]+)$/))) {
        const k = `${x[1]} ${x[2]!.toLowerCase()}`;
        if (x[2] === 'ghost') return send(404, { message: 'Not Found' });
        if (req.method === 'PUT') { collaborators.set(k, JSON.parse(body).permission); return send(201, { id: 1 }); }
        return accepted.has(k) ? send(204) : send(404);
      }
      if ((x = m(/^\/repos\/acme\/template\/commits$/))) {
        // GitHub's list-commits shape, 150 commits newest first from the sha asked, 100 a page.
        if (url.searchParams.get('sha') !== 'c'.repeat(40)) return send(404, { message: 'No commit found for SHA' });
        const page = Number(url.searchParams.get('page'));
        const all = Array.from({ length: 150 }, (_, i) => ({
          sha: i === 0 ? 'c'.repeat(40) : i.toString(16).padStart(40, '0'),
          commit: { author: { name: `Dev ${i % 3}`, email: i % 3 === 0 ? 'Dev0@team.test' : `dev${i % 3}@team.test`, date: new Date(Date.UTC(2030, 0, 1) - i * 60_000).toISOString() }, message: `change ${i}\n\nbody` },
        }));
        return send(200, all.slice((page - 1) * 100, page * 100));
      }
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/invitations$/))) {
        return send(200, [...collaborators.keys()].filter((k) => k.startsWith(`${x![1]} `) && !accepted.has(k)).map((k) => ({ invitee: { login: k.split(' ')[1] } })));
      }
      send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
test.after.always(() => server?.close());

const host = () => new GithubCodeHost({ appId: '4242', privateKey: loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://x', CODE_HOST: 'github', GITHUB_APP_ID: '4242', GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), GITHUB_API_URL: base, GITHUB_GIT_URL: `${base}/git` }).github!.privateKey, apiUrl: base, gitUrl: `${base}/git` });

test.serial('repositories from the template, invitations, standing and a capture, through one installation token', async (t) => {
  const gh = host();
  log.length = 0;
  t.deepEqual(await gh.createFromTemplate('acme/template', 'acme/rocket', 'main'), { created: true, sha: templateSha });
  t.deepEqual(await gh.createFromTemplate('acme/template', 'acme/rocket', 'main'), { created: false, sha: templateSha }, 'kept when it exists');
  await gh.invite('acme/rocket', 'ann', 'maintain');
  await gh.invite('acme/rocket', 'coach', 'read');
  await t.throwsAsync(gh.invite('acme/rocket', 'ghost', 'read'), { message: /No GitHub account ghost/ });
  t.is(await gh.standing('acme/rocket', 'ann'), 'invited');
  accepted.add('acme/rocket ann');
  t.is(await gh.standing('acme/rocket', 'ann'), 'member');
  t.is(await gh.standing('acme/rocket', 'zed'), 'none');
  accepted.add('acme/rocket coach');
  t.true(await gh.canPush('acme/rocket', 'ann'), 'a member at maintain pushes');
  t.false(await gh.canPush('acme/rocket', 'coach'), 'a member at pull reads only');
  t.false(await gh.canPush('acme/rocket', 'zed'), 'no collaborator, no push');
  await t.throwsAsync(gh.canPush('acme/rocket', 'ghost'), { message: /GitHub answered 404 for the permission of ghost/ });
  t.deepEqual(Object.fromEntries(collaborators), { 'acme/rocket ann': 'maintain', 'acme/rocket coach': 'pull' });
  t.deepEqual(log, [
    'GET /orgs/acme/installation jwt',
    'POST /app/installations/77/access_tokens jwt',
    'GET /repos/acme/template/branches/main token',
    'GET /repos/acme/rocket token',
    'POST /repos/acme/template/generate token',
    'GET /repos/acme/template/branches/main token',
    'GET /repos/acme/rocket token',
    'GET /repos/acme/rocket/branches/main token',
    'PUT /repos/acme/rocket/collaborators/ann token',
    'PUT /repos/acme/rocket/collaborators/coach token',
    'PUT /repos/acme/rocket/collaborators/ghost token',
    'GET /repos/acme/rocket/collaborators/ann token',
    'GET /repos/acme/rocket/invitations?per_page=100 token',
    'GET /repos/acme/rocket/collaborators/ann token',
    'GET /repos/acme/rocket/collaborators/zed token',
    'GET /repos/acme/rocket/invitations?per_page=100 token',
    'GET /repos/acme/rocket/collaborators/ann/permission token',
    'GET /repos/acme/rocket/collaborators/coach/permission token',
    'GET /repos/acme/rocket/collaborators/zed/permission token',
    'GET /repos/acme/rocket/collaborators/ghost/permission token',
  ]);

  log.length = 0;
  const out = path.join(tempDir(), 'a.tar.gz');
  await gh.archive('acme/template', templateSha, out);
  const expected = path.join(tempDir(), 'b.tar.gz');
  await git(gitRoot, ['--git-dir', path.join(gitRoot, 'acme', 'template.git'), 'archive', '--format=tar.gz', '-o', expected, templateSha]);
  t.true(readFileSync(out).equals(readFileSync(expected)), 'git archive of exactly that sha');
  t.true(log.every((l) => l.startsWith('GET /git/acme/template.git/') || l.startsWith('POST /git/acme/template.git/')), log.join('\n'));
  t.true(log.some((l) => l.endsWith('basic')), 'the fetch carried the installation token');
});

test.serial('github-check reads the installation live with the app JWT and lists distinct problems', async (t) => {
  const gh = host();
  log.length = 0;
  t.true(await gh.appInstalled('acme'));
  t.false(await gh.appInstalled('elsewhere'));
  await t.throwsAsync(gh.appInstalled('locked'), { message: /GitHub refused GET \/orgs\/locked\/installation: Resource not accessible by integration/ });
  t.deepEqual(log, ['GET /orgs/acme/installation jwt', 'GET /orgs/elsewhere/installation jwt', 'GET /orgs/locked/installation jwt'], 'the JWT, never a cached token');

  t.deepEqual(await codeHostProblems(gh, 'acme', 'acme/template', 'main'), { templateRevision: templateSha, problems: [] });
  t.deepEqual((await codeHostProblems(gh, 'elsewhere', 'elsewhere/template', 'main')).problems,
    ['The GitHub App is not installed on the organization elsewhere'], 'one cause, one problem');
  t.deepEqual((await codeHostProblems(gh, 'locked', 'locked/template', 'main')).problems,
    ['The code host could not check the app on the organization locked: GitHub refused GET /orgs/locked/installation: Resource not accessible by integration']);
  t.deepEqual((await codeHostProblems(gh, 'acme', 'elsewhere/template', 'main')).problems,
    ['The template elsewhere/template is not reachable on the code host: The GitHub App is not installed on elsewhere'], 'the host\'s reason');
  t.deepEqual(await codeHostProblems(gh, 'acme', 'acme/nothing', 'main'), { templateRevision: null, problems: ['The template acme/nothing has no branch main on the code host'] });

  const down = new GithubCodeHost({ appId: '4242', privateKey: (gh as any).s.privateKey, apiUrl: 'http://127.0.0.1:1', gitUrl: 'http://127.0.0.1:1' });
  const problems = (await codeHostProblems(down, 'acme', 'other/template', 'main')).problems;
  t.is(problems.length, 2);
  t.regex(problems[0]!, /^The code host could not check the app on the organization acme: GitHub did not answer GET \/orgs\/acme\/installation/);
  t.regex(problems[1]!, /^The template other\/template is not reachable on the code host: GitHub did not answer/);
});

test.serial('installationId: the id cached with the installation token, or read fresh with the app JWT; null when not installed', async (t) => {
  const gh = host();
  log.length = 0;
  t.is(await gh.installationId('acme'), 77);
  t.deepEqual(log, ['GET /orgs/acme/installation jwt'], 'no token yet: asked');
  await gh.branchHead('acme/template', 'main'); // buys the installation token
  log.length = 0;
  t.is(await gh.installationId('ACME'), 77);
  t.deepEqual(log, [], 'cached with the token');
  t.is(await gh.installationId('acme', true), 77);
  t.deepEqual(log, ['GET /orgs/acme/installation jwt'], 'fresh asks again');
  t.is(await gh.installationId('elsewhere'), null);
  await t.throwsAsync(gh.installationId('locked'), { message: /GitHub refused GET \/orgs\/locked\/installation/ });
});

test.serial('the history of a sha, page by page, newest first; authors as opaque keys; an unknown sha is not_found', async (t) => {
  const gh = host();
  await gh.branchHead('acme/template', 'main'); // buys the installation token
  log.length = 0;
  const all = await gh.commits('acme/template', 'c'.repeat(40), 500);
  t.is(all.length, 150);
  t.deepEqual(log, [
    `GET /repos/acme/template/commits?sha=${'c'.repeat(40)}&per_page=100&page=1 token`,
    `GET /repos/acme/template/commits?sha=${'c'.repeat(40)}&per_page=100&page=2 token`,
  ]);
  t.like(all[0], { sha: 'c'.repeat(40), subject: 'change 0', at: '2030-01-01T00:00:00.000Z' });
  t.is(new Set(all.map((c) => c.author)).size, 3, 'Dev0@ and dev0@ are one author');
  t.false(JSON.stringify(all).includes('team.test'), 'no address kept');
  t.is((await gh.commits('acme/template', 'c'.repeat(40), 30)).length, 30);
  await t.throwsAsync(gh.commits('acme/template', 'd'.repeat(40), 10), { message: /GitHub has no history/ });
  await t.throwsAsync(gh.commits('acme/template', 'HEAD', 10), { message: /full 40-hex sha/ });
});

test.serial('the configuration is validated: app id, a PEM key, http(s) bases', (t) => {
  const env = { AUTH_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://x', CODE_HOST: 'github' };
  t.throws(() => loadConfig(env), { message: /GITHUB_APP_ID/ });
  t.throws(() => loadConfig({ ...env, GITHUB_APP_ID: '1' }), { message: /GITHUB_APP_PRIVATE_KEY/ });
  t.throws(() => loadConfig({ ...env, GITHUB_APP_ID: '1', GITHUB_APP_PRIVATE_KEY: 'nope' }), { message: /not a PEM private key/ });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  t.throws(() => loadConfig({ ...env, GITHUB_APP_ID: '1', GITHUB_APP_PRIVATE_KEY: pem, GITHUB_API_URL: 'ftp://x' }), { message: /GITHUB_API_URL/ });
  t.is(loadConfig({ ...env, GITHUB_APP_ID: '1', GITHUB_APP_PRIVATE_KEY: pem }).github!.apiUrl, 'https://api.github.com');
  t.throws(() => loadConfig({ ...env, CODE_HOST: 'gitlab' }), { message: /CODE_HOST must be one of local, github/ });
});
