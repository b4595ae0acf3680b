// Emailed-code sign-in and logout with deckcli against a real server.
import test from 'ava';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { codeIn, startSmtp } from '../../../ops/harness/smtp.ts';
import { deckcli, makeHome } from './run.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ worker: true, env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  await seed.basicWorkspace(s.db.pool);
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

const configOf = (config: string) => JSON.parse(readFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), 'utf8'));

test.serial('login-request then login-complete stores the key as the active profile of that instance', async (t) => {
  const { env, config } = makeHome();
  const before = smtp.mails.length;
  const req = await deckcli(['auth', 'login-request', '--email', 'owner@acme.test', '--api-url', s.url], env);
  t.is(req.code, 0, req.stderr);
  t.regex(req.stdout, /If an account uses this address/);
  const code = codeIn((await smtp.waitFor(before + 1))[before]);
  const done = await deckcli(['auth', 'login-complete', '--email', 'owner@acme.test', '--key-name', 'laptop', '--api-url', s.url], env, code + '\n');
  t.is(done.code, 0, done.stderr);
  const host = new URL(s.url).host;
  t.regex(done.stdout, new RegExp(`key "laptop" stored in profile ${host.replace('.', '\\.')} \\(now active\\)`));
  const c = configOf(config);
  t.is(c.active, host);
  t.regex(c.profiles[host].apiKey, /^dk_/);
  const me = await http(s.url, 'GET', '/api/v1/me', { key: c.profiles[host].apiKey });
  t.deepEqual(me.body.key.scopes, ['presentations:read', 'presentations:write']);
  // The classic profile logs out locally: the key stays valid on the server.
  const out = await deckcli(['logout', '--yes'], env);
  t.regex(out.stdout, /Forgot the key of profile/);
  t.false('apiKey' in configOf(config).profiles[host]);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: c.profiles[host].apiKey })).status, 200);
});

test.serial('--url is an alias of --api-url; login-complete --expires-in-days sets the key expiry; --profile <name> picks that profile', async (t) => {
  const { env, config } = makeHome();
  const before = smtp.mails.length;
  const req = await deckcli(['auth', 'login-request', '--email', 'owner@acme.test', '--url', s.url], env);
  t.is(req.code, 0, req.stderr);
  const code = codeIn((await smtp.waitFor(before + 1))[before]);
  const done = await deckcli(['auth', 'login-complete', '--email', 'owner@acme.test', '--code', code, '--expires-in-days', '3', '--url', s.url, '--json'], env);
  t.is(done.code, 0, done.stderr);
  const out = JSON.parse(done.stdout);
  t.is(out.baseUrl, s.url, '--url named the instance');
  const days = (Date.parse(out.expiresAt) - Date.now()) / 86_400_000;
  t.true(days > 2.9 && days <= 3.01, `expires in ${days} days`);
  t.is((await deckcli(['auth', 'login-complete', '--email', 'owner@acme.test', '--code', '123456', '--expires-in-days', 'soon', '--url', s.url], env)).code, 2);
  // --profile: the active profile points at a dead address; --profile mine reaches the server.
  const host = new URL(s.url).host;
  const key = configOf(config).profiles[host].apiKey;
  writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'dead', profiles: { dead: { baseUrl: 'http://127.0.0.1:9', apiKey: 'dk_dead' }, mine: { baseUrl: s.url, apiKey: key } } }));
  t.is((await deckcli(['list', '--json'], env)).code, 4, 'the active profile is used without --profile');
  const picked = await deckcli(['list', '--profile', 'mine', '--json'], env);
  t.is(picked.code, 0, picked.stderr);
  t.true(Array.isArray(JSON.parse(picked.stdout).items));
  const unknown = await deckcli(['list', '--profile', 'nope'], env);
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /no profile named nope; profiles: dead, mine/);
});

test('a wrong code fails with the server\'s words and stores nothing', async (t) => {
  const { env, config } = makeHome();
  const r = await deckcli(['auth', 'login-complete', '--email', 'owner@acme.test', '--code', '000000', '--api-url', s.url], env);
  t.is(r.code, 1);
  t.is(r.stderr, 'deckcli: The code is wrong or has expired; request a new one (invalid_code)\n');
  t.throws(() => configOf(config));
});

test.serial('after a code request, a wrong code prints the same for a real account and an unknown address (000266)', async (t) => {
  const { env } = makeHome();
  await seed.member(s.db.pool, (await s.db.pool.query(`select id from app.workspaces limit 1`)).rows[0].id, 'probe@acme.test');
  const before = smtp.mails.length;
  for (const email of ['probe@acme.test', 'nobody-probe@acme.test']) {
    t.is((await deckcli(['auth', 'login-request', '--email', email, '--api-url', s.url], env)).code, 0);
  }
  const code = codeIn((await smtp.waitFor(before + 1))[before]);
  const wrong = code === '000000' ? '111111' : '000000';
  for (const json of [[], ['--json']]) {
    const complete = (email: string) => deckcli(['auth', 'login-complete', '--email', email, '--code', wrong, '--api-url', s.url, ...json], env);
    const real = await complete('probe@acme.test');
    const unknown = await complete('nobody-probe@acme.test');
    t.is(real.code, 1);
    t.regex(real.stderr, /The code is wrong or has expired; request a new one/);
    t.notRegex(real.stderr + real.stdout, /attempt/i);
    t.deepEqual({ code: unknown.code, stdout: unknown.stdout, stderr: unknown.stderr }, { code: real.code, stdout: real.stdout, stderr: real.stderr }, json.join(' '));
  }
});

test('a hub-connected profile revokes its cached keys server-side, then evicts them', async (t) => {
  const { env, config } = makeHome();
  const k = await seed.key(s.db.pool, 'owner@acme.test', 'deck');
  mkdirSync(path.join(config, 'podium', 'tools'), { recursive: true });
  writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'i', profiles: { i: { baseUrl: s.url, connectKeys: { 'me@hub': k.key } } } }));
  const r = await deckcli(['logout', '--yes'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /Revoked the key of hub login me@hub/);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: k.key })).status, 401);
  t.deepEqual(configOf(config).profiles.i, { baseUrl: s.url });
});

test('a read-only key on a current instance revokes itself; --api-url picks that instance profile, not the active one', async (t) => {
  const { env, config } = makeHome();
  const ro = await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] });
  mkdirSync(path.join(config, 'podium', 'tools'), { recursive: true });
  writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'other', profiles: { other: { baseUrl: 'http://127.0.0.1:9' }, i: { baseUrl: s.url, connectKeys: { 'me@hub': ro.key } } } }));
  const r = await deckcli(['logout', '--yes', '--api-url', s.url], env);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, `Revoked the key of hub login me@hub on ${s.url}\n`);
  t.notRegex(r.stdout, /older instance|read-only/);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: ro.key })).status, 401, 'revoked on the server');
  t.deepEqual(configOf(config).profiles.i, { baseUrl: s.url });
  t.deepEqual(configOf(config).profiles.other, { baseUrl: 'http://127.0.0.1:9' });
});

/** An older instance: the real server, except that its allowlist predates self-revocation. */
async function olderInstance() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.method === 'DELETE' && req.url === '/cli/auth/key') {
      return res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'key_not_allowed', message: 'API keys may not call DELETE /cli/auth/key' } }));
    }
    const target = new URL(s.url);
    const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('an older instance refusing self-revocation (403 key_not_allowed): the older-instance sentence; the key stays valid; evicted locally', async (t) => {
  const older = await olderInstance();
  try {
    const { env, config } = makeHome();
    const k = await seed.key(s.db.pool, 'owner@acme.test', 'deck');
    mkdirSync(path.join(config, 'podium', 'tools'), { recursive: true });
    writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'i', profiles: { i: { baseUrl: older.url, connectKeys: { 'me@hub': k.key } } } }));
    const r = await deckcli(['logout', '--yes'], env);
    t.is(r.code, 0, r.stderr);
    t.is(r.stdout, `${older.url} does not let a key revoke itself (older instance): the key of hub login me@hub stays valid on the server; revoke it from the dashboard\n`);
    t.true(older.seen.includes('DELETE /cli/auth/key'));
    t.is((await http(older.url, 'GET', '/api/v1/me', { key: k.key })).status, 200, 'forwarded to the real server: the key is still valid');
    t.deepEqual(configOf(config).profiles.i, { baseUrl: older.url });
  } finally {
    await older.close();
  }
});

test('a cloud instance is detected by discovery and steered to the hub, nothing sent', async (t) => {
  const cloud = await startTestServer({ db: s.db, env: { HUB_URL: 'https://hub.podium.test', HUB_INSTANCE_SECRET: 'test-instance-secret-0123456789abcdef' } });
  try {
    const { env } = makeHome();
    const r = await deckcli(['auth', 'login-request', '--email', 'owner@acme.test', '--api-url', cloud.url], env);
    t.is(r.code, 2);
    t.regex(r.stderr, /cloud instance: it signs in with your hub login/);
  } finally {
    await cloud.close();
  }
});
