// Profiles and identity commands of the hackathon CLI, run as the built binary against a
// real server (emailed codes through a real SMTP listener and worker).
import test from 'ava';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { until } from '../../../ops/harness/until.ts';
import { codeIn, startSmtp } from '../../../ops/harness/smtp.ts';
import { hackathon, makeHome, start } from './run.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let alpha: { id: string }, beta: { id: string };
let host: string;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ worker: true, env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  alpha = await seed.workspace(s.db.pool, 'Alpha');
  beta = await seed.workspace(s.db.pool, 'Beta Team', 'org_beta');
  await seed.member(s.db.pool, alpha.id, 'pat@x.test', 'admin', 'Pat');
  await seed.member(s.db.pool, beta.id, 'pat@x.test', 'member');
  // Dee's default workspace is moved by one test; pat's stays Alpha for the others (run concurrently).
  await seed.member(s.db.pool, alpha.id, 'dee@x.test', 'admin', 'Dee');
  await seed.member(s.db.pool, beta.id, 'dee@x.test', 'member');
  host = new URL(s.url).host;
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

const key = (opts: seed.KeyOptions = {}) => seed.key(s.db.pool, 'pat@x.test', 'hackathon', opts);

test('with nothing on disk the cloud profile exists, not signed in', async (t) => {
  const { env } = makeHome();
  const r = await hackathon(['profiles'], env);
  t.is(r.code, 0);
  t.is(r.stdout, '* cloud  https://cloud.podium.test  not signed in\n', 'piped: no header row');
});

test('a pasted key must start with hck_ and is checked before it is saved', async (t) => {
  const { env, config } = makeHome();
  const deck = await seed.key(s.db.pool, 'pat@x.test', 'deck');
  const wrong = await hackathon(['login', '--api-url', s.url, '--api-key-stdin'], env, deck.key + '\n');
  t.is(wrong.code, 2);
  t.regex(wrong.stderr, /start with hck_/);
  const bogus = await hackathon(['login', '--api-url', s.url, '--api-key-stdin'], env, 'hck_' + 'x'.repeat(43) + '\n');
  t.is(bogus.code, 3);
  const file = path.join(config, 'podium', 'tools', 'hackathon.json');
  t.throws(() => statSync(file), undefined, 'nothing saved after refusals');
  const good = await key();
  const ok = await hackathon(['login', '--api-url', s.url, '--api-key-stdin'], env, good.key + '\n');
  t.is(ok.code, 0, ok.stderr);
  t.regex(ok.stdout, new RegExp(`Signed in to ${s.url} as pat@x.test \\(profile ${host.replace('.', '\\.')}, now active\\)`));
  t.is(statSync(file).mode & 0o777, 0o600);
  t.is(statSync(path.dirname(file)).mode & 0o777, 0o700);
  t.is(statSync(path.join(config, 'podium')).mode & 0o777, 0o700);
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  t.is(saved.active, host);
  t.deepEqual(saved.profiles[host], { baseUrl: s.url, apiKey: good.key });
  t.false('workspace' in saved, 'the file names no workspace');
  const list = await hackathon(['profiles'], env);
  const w = Math.max('cloud'.length, host.length);
  const u = Math.max('https://cloud.podium.test'.length, s.url.length);
  t.is(list.stdout, `  ${'cloud'.padEnd(w)}  ${'https://cloud.podium.test'.padEnd(u)}  not signed in\n* ${host.padEnd(w)}  ${s.url.padEnd(u)}  API key\n`);
});

test.serial('login by emailed code: both legs in one command, key saved on the instance profile', async (t) => {
  const { env, config } = makeHome();
  const before = smtp.mails.length;
  const p = start(['login', '--api-url', s.url, '--email', 'pat@x.test', '--key-name', 'laptop', '--expires-in-days', '30'], env);
  const mails = await smtp.waitFor(before + 1);
  p.write(codeIn(mails[before]) + '\n');
  const r = await p.done;
  t.is(r.code, 0, r.stderr);
  t.regex(r.stderr, /a sign-in code is on its way/);
  const saved = JSON.parse(readFileSync(path.join(config, 'podium', 'tools', 'hackathon.json'), 'utf8'));
  const k = saved.profiles[host].apiKey as string;
  t.regex(k, /^hck_/);
  const me = await http(s.url, 'GET', '/api/v1/me', { key: k });
  t.is(me.body.key.name, 'laptop');
  t.deepEqual(me.body.key.scopes, ['hackathon:read', 'hackathon:write']);
  t.truthy(me.body.key.expiresAt);
});

test('bad input to login is refused before any request', async (t) => {
  const { env } = makeHome();
  t.is((await hackathon(['login', '--api-url', s.url, '--expires-in-days', 'soon'], env)).code, 2);
  t.is((await hackathon(['login', '--api-url', 'ftp://x', '--email', 'a@b.c'], env)).code, 2);
  const noDriver = await startTestServer({ db: s.db, env: { EMAIL_DRIVER: 'none' } });
  try {
    const r = await hackathon(['login', '--api-url', noDriver.url, '--email', 'pat@x.test'], env);
    t.is(r.code, 4);
    t.regex(r.stderr, /cannot mail sign-in codes/);
  } finally {
    await noDriver.close();
  }
});

test('whoami says where and as whom, and what chose the workspace', async (t) => {
  const { env } = makeHome();
  const k = await key();
  const e = { ...env, EVENT_URL: s.url, EVENT_API_KEY: k.key };
  const def = await hackathon(['whoami'], e);
  t.is(def.code, 0, def.stderr);
  t.regex(def.stdout, /^Workspace: Alpha \(.*\), role admin$/m);
  t.regex(def.stdout, /^Chosen by: server default$/m);
  t.regex(def.stdout, /^Credential: API key "test key" from EVENT_API_KEY$/m);
  t.regex(def.stdout, /^Hub login: not used: self-hosted instances never contact the hub$/m);
  const byName = await hackathon(['whoami', '--workspace', 'beta team', '--json'], e);
  t.is(byName.code, 0, byName.stderr);
  const j = JSON.parse(byName.stdout);
  t.is(j.workspace.id, beta.id);
  t.is(j.chosenBy, '--workspace');
  const byOrg = await hackathon(['whoami'], { ...e, EVENT_ORG: 'org_beta' });
  t.regex(byOrg.stdout, /^Organization: org_beta$/m);
  t.regex(byOrg.stdout, /^Chosen by: EVENT_ORG$/m);
  const byId = await hackathon(['whoami', '--workspace', alpha.id], e);
  t.regex(byId.stdout, /^Chosen by: --workspace$/m);
});

test('workspace selection errors: both selectors, no match, a pinned key', async (t) => {
  const { env } = makeHome();
  const k = await key();
  const e = { ...env, EVENT_URL: s.url, EVENT_API_KEY: k.key };
  const both = await hackathon(['whoami', '--workspace', 'Alpha', '--org', 'org_beta'], e);
  t.is(both.code, 2);
  t.regex(both.stderr, /not both/);
  const none = await hackathon(['whoami', '--workspace', 'Gamma'], e);
  t.is(none.code, 2);
  t.regex(none.stderr, /no workspaces match "Gamma" \(--workspace\); candidates:\n  Alpha \(/);
  const pinned = await key({ workspaceId: beta.id });
  const r = await hackathon(['whoami', '--workspace', 'Alpha'], { ...env, EVENT_URL: s.url, EVENT_API_KEY: pinned.key });
  t.is(r.code, 3);
  t.regex(r.stderr, /pinned to workspace Beta Team/);
  const pin = await hackathon(['whoami'], { ...env, EVENT_URL: s.url, EVENT_API_KEY: pinned.key });
  t.regex(pin.stdout, /^Chosen by: key pin$/m);
});

test('--url is an alias of --api-url; EVENT_WORKSPACE selects a workspace by name', async (t) => {
  const { env } = makeHome();
  const k = await key();
  const byAlias = await hackathon(['whoami', '--url', s.url, '--workspace', 'alpha'], { ...env, EVENT_API_KEY: k.key });
  t.is(byAlias.code, 0, byAlias.stderr);
  t.regex(byAlias.stdout, /^Workspace: Alpha \(.*\), role admin$/m);
  t.is(JSON.parse((await hackathon(['whoami', '--url', s.url, '--workspace', 'alpha', '--json'], { ...env, EVENT_API_KEY: k.key })).stdout).workspace.id, alpha.id);
  const byEnv = await hackathon(['whoami', '--json'], { ...env, EVENT_URL: s.url, EVENT_API_KEY: k.key, EVENT_WORKSPACE: 'BETA TEAM' });
  t.is(byEnv.code, 0, byEnv.stderr);
  t.like(JSON.parse(byEnv.stdout), { workspace: { id: beta.id }, chosenBy: 'EVENT_WORKSPACE' });
  // The flag wins over the environment.
  const flag = await hackathon(['whoami', '--json', '--workspace', 'alpha'], { ...env, EVENT_URL: s.url, EVENT_API_KEY: k.key, EVENT_WORKSPACE: 'Beta Team' });
  t.like(JSON.parse(flag.stdout), { workspace: { id: alpha.id }, chosenBy: '--workspace' });
});

test('workspaces lists memberships with organizations; workspace default moves the default', async (t) => {
  const { env } = makeHome();
  // An account of its own: moving pat's default would race whoami's "server default" above.
  const e = { ...env, EVENT_URL: s.url, EVENT_API_KEY: (await seed.key(s.db.pool, 'dee@x.test', 'hackathon')).key };
  const list = await hackathon(['workspaces'], e);
  t.is(list.code, 0, list.stderr);
  t.notRegex(list.stdout, /NAME/, 'piped: no header row');
  t.regex(list.stdout, /^\* Alpha +\S+ +admin +-$/m);
  t.regex(list.stdout, /^  Beta Team +\S+ +member +organization org_beta$/m);
  const set = await hackathon(['workspace', 'default', 'BETA TEAM'], e);
  t.is(set.code, 0, set.stderr);
  t.is(set.stdout, `Default workspace: Beta Team (${beta.id})\n`);
  t.regex((await hackathon(['whoami'], e)).stdout, /^Workspace: Beta Team/m);
  t.regex((await hackathon(['workspaces'], e)).stdout, /^\* Beta Team +\S+ +member +organization org_beta$/m);
  t.is((await hackathon(['workspace', 'default', alpha.id], e)).stdout, `Default workspace: Alpha (${alpha.id})\n`);
  t.is((await hackathon(['workspace', 'default', 'Nope'], e)).code, 2);
});

test('use switches the active profile; unknown profiles are refused listing the others', async (t) => {
  const { env } = makeHome();
  await hackathon(['login', '--api-url', s.url, '--api-key-stdin'], env, (await key()).key + '\n');
  t.is((await hackathon(['use', 'cloud'], env)).stdout, 'Now using cloud (https://cloud.podium.test)\n');
  t.regex((await hackathon(['profiles'], env)).stdout, /^\* cloud/m);
  const bad = await hackathon(['use', 'nope'], env);
  t.is(bad.code, 2);
  t.regex(bad.stderr, new RegExp(`profiles: cloud, ${host.replace('.', '\\.')}`));
  t.is((await hackathon(['whoami', '--profile', 'nope'], env)).code, 2);
  // --profile picks the instance profile even while cloud is active.
  t.is((await hackathon(['whoami', '--profile', host], env)).code, 0);
});

test('logout revokes the key server-side, forgets it, and keeps the profile and url', async (t) => {
  const { env, config } = makeHome();
  const k = await key();
  await hackathon(['login', '--api-url', s.url, '--api-key-stdin'], env, k.key + '\n');
  const r = await hackathon(['logout', '--yes'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /Revoked a key on/);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: k.key })).status, 401);
  const saved = JSON.parse(readFileSync(path.join(config, 'podium', 'tools', 'hackathon.json'), 'utf8'));
  t.deepEqual(saved.profiles[host], { baseUrl: s.url });
  t.regex((await hackathon(['profiles'], env)).stdout, new RegExp(`${host.replace('.', '\\.')} .* not signed in`));
  t.regex((await hackathon(['logout', '--yes'], env)).stdout, /holds no key/);
});

test('logout of a read-only key: the key revokes itself (an older instance answering 403 is tested in friction.test.ts)', async (t) => {
  const { env, config } = makeHome();
  const ro = await key({ scopes: ['hackathon:read'] });
  await hackathon(['login', '--api-url', s.url, '--api-key-stdin'], env, ro.key + '\n');
  const r = await hackathon(['logout', '--yes'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, new RegExp(`^Revoked a key on ${s.url.replace(/[.]/g, '\\.')}$`, 'm'));
  t.notRegex(r.stdout, /older instance|stays valid/);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: ro.key })).status, 401);
  const saved = JSON.parse(readFileSync(path.join(config, 'podium', 'tools', 'hackathon.json'), 'utf8'));
  t.false('apiKey' in saved.profiles[host]);
});

test('--json errors go to stderr as JSON with the code', async (t) => {
  const { env } = makeHome();
  const r = await hackathon(['whoami', '--api-url', s.url, '--json'], env);
  t.is(r.code, 3);
  t.is(r.stdout, '');
  t.is(JSON.parse(r.stderr).error.code, 'unauthorized');
});

test.serial('login prompts for the email and the code on a terminal', async (t) => {
  const { spawn } = await import('node:child_process');
  const { env, config } = makeHome();
  const before = smtp.mails.length;
  const cmd = `'${process.execPath}' '${path.resolve('dist/hackathon.mjs')}' login --api-url '${s.url}'`;
  const child = spawn('script', ['-qec', cmd, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const prompt = (re: RegExp) => until(`the prompt ${re} on the terminal`, async () => re.test(out), 30_000, 50);
  const exited = new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  await prompt(/Email: /);
  child.stdin.write('pat@x.test\r');
  const code = codeIn((await smtp.waitFor(before + 1))[before]);
  await prompt(/Code: /);
  child.stdin.write(code + '\r');
  t.is(await exited, 0, out);
  t.regex(out, /Signed in to .* as pat@x\.test/);
  t.regex(JSON.parse(readFileSync(path.join(config, 'podium', 'tools', 'hackathon.json'), 'utf8')).profiles[host].apiKey, /^hck_/);
});
