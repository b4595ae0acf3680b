// The GitHub App driver against a local stand-in that speaks the few REST routes it uses
// (and serves git over smart HTTP for the capture), with its request log asserted: the app
// JWT (verified here with the public key) buys one installation token per organization,
// repositories are generated from the template once, collaborators invited at maintain and
// pull, standing and push permission read live, a capture fetches exactly one sha with the
// token, and a revocation removes the collaborator and cancels a pending invitation. The
// stand-in is test/helpers/github-standin.ts.
import test from 'ava';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codeHostProblems } from '../../core/codehost/check.ts';
import { GithubCodeHost } from '../../core/codehost/github.ts';
import type { CodeHostError } from '../../core/codehost/types.ts';
import { loadConfig } from '../../core/config.ts';
import { git, tempDir } from '../helpers/codehost.ts';
import { privateKey, startGithubStandin, TOKEN, type GithubStandin } from '../helpers/github-standin.ts';
import { gitSpawner } from '../../core/codehost/git.ts';

let sd: GithubStandin;
let log: string[];
let collaborators: Map<string, string>;
let accepted: Set<string>;
let gitRoot: string;
let templateSha = '';

test.before(async () => {
  sd = await startGithubStandin();
  ({ log, collaborators, accepted, gitRoot, templateSha } = sd);
});
test.after.always(() => sd?.close());

const host = () => sd.host();

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
  // Every git the capture starts, as the spawner is asked to run it (the real git still runs).
  const spawned: string[][] = [];
  const spawn = gitSpawner.spawn;
  gitSpawner.spawn = function (command, args, options) {
    spawned.push([command, ...args]);
    return spawn.call(this, command, args, options);
  };
  try {
    await gh.archive('acme/template', templateSha, out);
  } finally {
    gitSpawner.spawn = spawn;
  }
  t.true(spawned.some((argv) => argv.includes('fetch')), 'the capture fetched through git');
  const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
  t.deepEqual(spawned.filter((argv) => argv.some((a) => a.includes(TOKEN) || a.includes(basic))), [], 'no git argv holds the installation token (ps shows argv to everyone)');
  const expected = path.join(tempDir(), 'b.tar.gz');
  await git(gitRoot, ['--git-dir', path.join(gitRoot, 'acme', 'template.git'), 'archive', '--format=tar.gz', '-o', expected, templateSha]);
  t.true(readFileSync(out).equals(readFileSync(expected)), 'git archive of exactly that sha');
  t.true(log.every((l) => l.startsWith('GET /git/acme/template.git/') || l.startsWith('POST /git/acme/template.git/')), log.join('\n'));
  t.true(log.some((l) => l.endsWith('basic')), 'the fetch carried the installation token');
});

test.serial('revoke removes the collaborator and cancels a pending invitation; nothing to remove is no error; a 5xx throws unavailable', async (t) => {
  const gh = host();
  await gh.createFromTemplate('acme/template', 'acme/orbit', 'main');
  await gh.invite('acme/orbit', 'ann', 'maintain');
  await gh.invite('acme/orbit', 'bea', 'maintain');
  accepted.add('acme/orbit ann');
  t.is(await gh.standing('acme/orbit', 'ann'), 'member');
  t.is(await gh.standing('acme/orbit', 'bea'), 'invited');
  log.length = 0;
  await gh.revoke('acme/orbit', 'ANN');
  await gh.revoke('acme/orbit', 'bea');
  t.is(await gh.standing('acme/orbit', 'ann'), 'none', 'the collaborator is gone');
  t.is(await gh.standing('acme/orbit', 'bea'), 'none', 'the pending invitation is cancelled');
  t.deepEqual(log.slice(0, 4), [
    'DELETE /repos/acme/orbit/collaborators/ANN token',
    'GET /repos/acme/orbit/invitations?per_page=100&page=1 token',
    'DELETE /repos/acme/orbit/collaborators/bea token',
    'GET /repos/acme/orbit/invitations?per_page=100&page=1 token',
  ]);
  t.regex(log[4]!, /^DELETE \/repos\/acme\/orbit\/invitations\/\d+ token$/, 'only bea\'s invitation is cancelled');
  await gh.revoke('acme/orbit', 'bea'); // idempotent: nothing left to remove
  await gh.revoke('acme/gone', 'bea'); // no repository: nothing to remove
  sd.failures.set('DELETE /repos/acme/orbit/collaborators/', 1);
  await t.throwsAsync(gh.revoke('acme/orbit', 'ann'), { message: /GitHub answered 502 to DELETE/ });
  await gh.revoke('acme/orbit', 'ann');
});

test.serial('a 502 is unavailable at once (the job queue retries, not the driver); a short secondary rate limit is waited out once, an exhausted quota is unavailable', async (t) => {
  const gh = host();
  await gh.branchHead('acme/template', 'main'); // buys the installation token
  log.length = 0;
  sd.failures.set('GET /repos/acme/template/branches/', 1);
  const e = await t.throwsAsync(gh.branchHead('acme/template', 'main'), { message: /GitHub answered 502 to GET \/repos\/acme\/template\/branches\/main/ });
  t.is((e as CodeHostError).code, 'unavailable');
  t.deepEqual(log, ['GET /repos/acme/template/branches/main token'], 'asked once');

  log.length = 0;
  sd.limits.set('GET /repos/acme/template/branches/', { kind: 'secondary', n: 1 });
  t.is(await gh.branchHead('acme/template', 'main'), templateSha);
  t.deepEqual(log, ['GET /repos/acme/template/branches/main token', 'GET /repos/acme/template/branches/main token'], 'asked again after retry-after');

  log.length = 0;
  sd.limits.set('GET /repos/acme/template/branches/', { kind: 'primary', n: 1 });
  const limited = await t.throwsAsync(gh.branchHead('acme/template', 'main'), { message: /GitHub answered 403 to GET \/repos\/acme\/template\/branches\/main \(rate limited\)/ });
  t.is((limited as CodeHostError).code, 'unavailable', 'later, not refused');
  t.deepEqual(log, ['GET /repos/acme/template/branches/main token'], 'an hour\'s wait is not waited out');
});

test.serial('github-check reads the installation live with the app JWT and lists distinct problems', async (t) => {
  const gh = host();
  log.length = 0;
  t.true(await gh.appInstalled('acme'));
  t.false(await gh.appInstalled('elsewhere'));
  await t.throwsAsync(gh.appInstalled('locked'), { message: /GitHub refused GET \/orgs\/locked\/installation: Resource not accessible by integration/ });
  t.deepEqual(log, ['GET /orgs/acme/installation jwt', 'GET /orgs/elsewhere/installation jwt', 'GET /orgs/locked/installation jwt'], 'the JWT, never a cached token');

  t.deepEqual(await codeHostProblems(gh, 'acme', 'acme/template', 'main'), { templateRevision: templateSha, problems: [], templatePushUrl: null });
  t.deepEqual((await codeHostProblems(gh, 'elsewhere', 'elsewhere/template', 'main')).problems,
    ['The GitHub App is not installed on the organization elsewhere'], 'one cause, one problem');
  t.deepEqual((await codeHostProblems(gh, 'locked', 'locked/template', 'main')).problems,
    ['The code host could not check the app on the organization locked: GitHub refused GET /orgs/locked/installation: Resource not accessible by integration']);
  t.deepEqual((await codeHostProblems(gh, 'acme', 'elsewhere/template', 'main')).problems,
    ['The template elsewhere/template is not reachable on the code host: The GitHub App is not installed on elsewhere'], 'the host\'s reason');
  t.deepEqual(await codeHostProblems(gh, 'acme', 'acme/nothing', 'main'), { templateRevision: null, problems: ['The template acme/nothing has no branch main on the code host'], templatePushUrl: null }, 'GitHub: no push URL to give');

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
  // committer date and parents for the provenance screen; GitHub's list has no stats
  t.deepEqual(all[0], { sha: 'c'.repeat(40), author: all[0]!.author, at: '2030-01-01T00:00:00.000Z', subject: 'change 0', committedAt: '2030-01-01T00:00:05.000Z', parents: ['1'.padStart(40, '0')] });
  t.deepEqual(all[149]!.parents, []);
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
