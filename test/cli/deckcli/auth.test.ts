// Emailed-code sign-in and logout with deckcli against a real server.
import test from 'ava';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { http } from '../../helpers/http.ts';
import * as seed from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { codeIn, startSmtp } from '../../helpers/smtp.ts';
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
  const out = await deckcli(['logout'], env);
  t.regex(out.stdout, /Forgot the key of profile/);
  t.false('apiKey' in configOf(config).profiles[host]);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: c.profiles[host].apiKey })).status, 200);
});

test('a wrong code fails with the server\'s words and stores nothing', async (t) => {
  const { env, config } = makeHome();
  const r = await deckcli(['auth', 'login-complete', '--email', 'owner@acme.test', '--code', '000000', '--api-url', s.url], env);
  t.is(r.code, 1);
  t.regex(r.stderr, /invalid_code|wrong or has expired/);
  t.throws(() => configOf(config));
});

test('a hub-connected profile revokes its cached keys server-side, then evicts them', async (t) => {
  const { env, config } = makeHome();
  const k = await seed.key(s.db.pool, 'owner@acme.test', 'deck');
  mkdirSync(path.join(config, 'podium', 'tools'), { recursive: true });
  writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'i', profiles: { i: { baseUrl: s.url, connectKeys: { 'me@hub': k.key } } } }));
  const r = await deckcli(['logout'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /Revoked the key of hub login me@hub/);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: k.key })).status, 401);
  t.deepEqual(configOf(config).profiles.i, { baseUrl: s.url });
});

test('an instance refusing self-revocation (403): the key stays valid server-side, said so; evicted locally', async (t) => {
  const { env, config } = makeHome();
  const ro = await seed.key(s.db.pool, 'owner@acme.test', 'deck', { scopes: ['presentations:read'] });
  mkdirSync(path.join(config, 'podium', 'tools'), { recursive: true });
  writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'i', profiles: { i: { baseUrl: s.url, connectKeys: { 'me@hub': ro.key } } } }));
  const r = await deckcli(['logout'], env);
  t.regex(r.stdout, /stays valid on the server; revoke it from the dashboard/);
  t.deepEqual(configOf(config).profiles.i, { baseUrl: s.url });
});

test('a cloud instance is detected by discovery and steered to the hub, nothing sent', async (t) => {
  const cloud = await startTestServer({ db: s.db, env: { HUB_URL: 'https://hub.podium.test' } });
  try {
    const { env } = makeHome();
    const r = await deckcli(['auth', 'login-request', '--email', 'owner@acme.test', '--api-url', cloud.url], env);
    t.is(r.code, 2);
    t.regex(r.stderr, /cloud instance: it signs in with your hub login/);
  } finally {
    await cloud.close();
  }
});
