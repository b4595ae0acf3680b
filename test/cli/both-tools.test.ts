// One sign-in for both clients on a self-hosted instance: one emailed
// code, two keys (one per tool), each saved on its tool's profile of that instance. The built
// binaries run against a real server; codes come through a real SMTP listener and worker.
import test from 'ava';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { codeIn, startSmtp, type ReceivedMail } from '../../ops/harness/smtp.ts';
import { start as startDeckcli, deckcli } from './deckcli/run.ts';
import { makeHome, start as startHackathon } from './hackathon/run.ts';

let s: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let host: string;
test.before(async () => {
  smtp = await startSmtp();
  s = await startTestServer({ worker: true, env: { EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url } });
  const { ws } = await seed.basicWorkspace(s.db.pool);
  for (const who of ['ann', 'bea', 'cal', 'dot', 'eve', 'fay', 'gus', 'hal']) await seed.member(s.db.pool, ws.id, `${who}@acme.test`, 'member');
  host = new URL(s.url).host;
});
test.after.always(async () => {
  await s?.close();
  await smtp?.close();
});

const fileOf = (config: string, tool: 'deckcli' | 'hackathon') => path.join(config, 'podium', 'tools', `${tool}.json`);
const read = (config: string, tool: 'deckcli' | 'hackathon') => JSON.parse(readFileSync(fileOf(config, tool), 'utf8'));
function write(config: string, tool: 'deckcli' | 'hackathon', data: unknown): void {
  mkdirSync(path.dirname(fileOf(config, tool)), { recursive: true });
  writeFileSync(fileOf(config, tool), JSON.stringify(data));
}

/** Runs a login that asks for a code (the one mail that arrives answers it); serial tests only. */
async function login(bin: 'hackathon' | 'deckcli', args: string[], env: NodeJS.ProcessEnv, url = s.url) {
  const before = smtp.mails.length;
  const p = (bin === 'hackathon' ? startHackathon : startDeckcli)([...args, '--api-url', url], env);
  const mail: ReceivedMail = (await smtp.waitFor(before + 1))[before];
  const code = codeIn(mail);
  p.write(code + '\n');
  return { r: await p.done, mail, code };
}

const me = async (key: string) => (await http(s.url, 'GET', '/api/v1/me', { key })).body;

test.serial('hackathon login: one code signs in both clients, each key its own tool\'s, both files 0600, another instance\'s profile untouched', async (t) => {
  const { env, config } = makeHome();
  const elsewhere = { baseUrl: 'http://127.0.0.1:9', apiKey: 'dk_elsewhere' };
  write(config, 'deckcli', { profiles: { elsewhere } });
  const { r, mail, code } = await login('hackathon', ['login', '--email', 'ann@acme.test'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(mail.raw, /sign in both hackathon and deckcli/);
  t.regex(r.stderr, /a sign-in code is on its way \(one code for hackathon and deckcli\)\./);
  t.is(r.stdout, `Signed in to ${s.url} as ann@acme.test (profile ${host}, now active)\ndeckcli is signed in to ${s.url} too (profile ${host}, now active)\n`);

  const hck = read(config, 'hackathon').profiles[host].apiKey as string;
  const deck = read(config, 'deckcli');
  const dk = deck.profiles[host].apiKey as string;
  t.regex(hck, /^hck_/);
  t.regex(dk, /^dk_/);
  t.false((r.stdout + r.stderr).includes(hck) || (r.stdout + r.stderr).includes(dk), 'no key printed');
  for (const tool of ['hackathon', 'deckcli'] as const) t.is(statSync(fileOf(config, tool)).mode & 0o777, 0o600, tool);
  t.deepEqual(deck.profiles.elsewhere, elsewhere, 'another instance\'s profile is untouched');
  t.is(deck.active, host, 'deckcli had no active profile: this one');
  t.deepEqual(deck.profiles[host], { baseUrl: s.url, apiKey: dk });

  // Each key answers /me with its tool's scopes, named after the login that made it.
  t.like((await me(hck)).key, { tool: 'hackathon', name: 'hackathon sign-in', scopes: ['hackathon:read', 'hackathon:write'] });
  t.like((await me(dk)).key, { tool: 'deck', name: 'deckcli sign-in (by hackathon login)', scopes: ['presentations:read', 'presentations:write'] });
  t.is((await http(s.url, 'GET', '/api/v1/event/chats', { key: dk })).status, 403, 'a deck key cannot call a hackathon route');
  t.is((await http(s.url, 'GET', '/api/v1/presentations', { key: hck })).status, 403, 'a hackathon key cannot call a deck route');
  // deckcli works with no flag at all; the code was spent once.
  const list = await deckcli(['list', '--json'], env);
  t.is(list.code, 0, list.stderr);
  const again = await http(s.url, 'POST', '/api/v1/cli/auth/complete', { body: { email: 'ann@acme.test', code, tools: ['hackathon', 'deck'] } });
  t.is(again.body.error.code, 'invalid_code');
});

test.serial('deckcli login: the same the other way; hackathon\'s active profile elsewhere stays, and --json says where each key went', async (t) => {
  const { env, config } = makeHome();
  const elsewhere = { baseUrl: 'http://127.0.0.1:9', apiKey: 'hck_elsewhere' };
  write(config, 'hackathon', { active: 'elsewhere', profiles: { elsewhere } });
  const { r } = await login('deckcli', ['login', '--email', 'bea@acme.test', '--json'], env);
  t.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  t.like(out, { profile: host, baseUrl: s.url, name: 'deckcli sign-in', hackathon: { signedIn: true, profile: host, active: false, replaced: false } });
  const hackathon = read(config, 'hackathon');
  t.is(hackathon.active, 'elsewhere');
  t.deepEqual(hackathon.profiles.elsewhere, elsewhere);
  const hck = hackathon.profiles[host].apiKey as string;
  t.like((await me(hck)).key, { tool: 'hackathon', name: 'hackathon sign-in (by deckcli login)', scopes: ['hackathon:read', 'hackathon:write'] });
  t.like((await me(read(config, 'deckcli').profiles[host].apiKey)).key, { tool: 'deck', scopes: ['presentations:read', 'presentations:write'] });
  // Without --json it says which profile to pick.
  const human = await login('deckcli', ['login', '--email', 'bea@acme.test'], makeHomeWith('hackathon', { active: 'elsewhere', profiles: { elsewhere } }).env);
  t.regex(human.r.stdout, new RegExp(`^hackathon is signed in to ${esc(s.url)} too \\(profile ${esc(host)}; the active one stays elsewhere: pass --profile ${esc(host)} or --api-url ${esc(s.url)}\\)$`, 'm'));
});

test.serial('a key the other tool holds and the instance accepts is kept: the code is asked for this tool alone', async (t) => {
  const { env, config } = makeHome();
  const held = await seed.key(s.db.pool, 'cal@acme.test', 'deck', { name: 'mine' });
  write(config, 'deckcli', { active: 'mine', profiles: { mine: { baseUrl: s.url, apiKey: held.key } } });
  const { r, mail } = await login('hackathon', ['login', '--email', 'cal@acme.test'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(mail.raw, /sign in the hackathon CLI on/);
  t.notRegex(mail.raw, /deckcli/);
  t.regex(r.stderr, new RegExp(`deckcli was already signed in to ${esc(s.url)} \\(profile mine, as cal@acme\\.test\\): its key is kept`));
  t.deepEqual(read(config, 'deckcli'), { active: 'mine', profiles: { mine: { baseUrl: s.url, apiKey: held.key } } });
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.api_keys k join app.users u on u.id = k.user_id where u.email = 'cal@acme.test' and k.tool = 'deck'`)).rows[0].n, 1, 'no deck key was made');
});

test.serial('a key the other tool holds that the instance refuses is replaced, and the sign-in says so', async (t) => {
  const { env, config } = makeHome();
  const dead = await seed.key(s.db.pool, 'dot@acme.test', 'deck');
  await http(s.url, 'DELETE', '/cli/auth/key', { key: dead.key });
  write(config, 'deckcli', { active: host, profiles: { [host]: { baseUrl: s.url, apiKey: dead.key, timezone: 'Europe/Berlin' } } });
  const { r } = await login('hackathon', ['login', '--email', 'dot@acme.test'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /deckcli is signed in to .* too \(profile [^)]+\); the key it held there was refused by the instance \(expired or revoked\) and is replaced\n$/);
  const p = read(config, 'deckcli').profiles[host];
  t.not(p.apiKey, dead.key);
  t.is(p.timezone, 'Europe/Berlin', 'the rest of the profile stays');
  t.is((await me(p.apiKey)).key.tool, 'deck');
});

test.serial('a profile named for this instance but bound to another is left alone: no key for that tool', async (t) => {
  const { env, config } = makeHome();
  const other = { baseUrl: `${s.url}/elsewhere`, apiKey: 'dk_other' }; // same host and port, another instance
  write(config, 'deckcli', { active: host, profiles: { [host]: other } });
  const { r, mail } = await login('hackathon', ['login', '--email', 'eve@acme.test'], env);
  t.is(r.code, 0, r.stderr);
  t.notRegex(mail.raw, /deckcli/, 'the code was asked for hackathon alone');
  t.regex(r.stderr, new RegExp(`deckcli is not signed in: the profile ${esc(host)} in its file is bound to ${esc(s.url)}/elsewhere, and is left alone`));
  t.deepEqual(read(config, 'deckcli'), { active: host, profiles: { [host]: other } });
});

test.serial('deckcli auth login-request and login-complete: one code for both; a hackathon key no profile takes is revoked at once', async (t) => {
  // Both legs ask for both tools; hackathon's profile takes the key.
  const { env, config } = makeHome();
  let before = smtp.mails.length;
  t.is((await deckcli(['auth', 'login-request', '--email', 'fay@acme.test', '--api-url', s.url], env)).code, 0);
  let code = codeIn((await smtp.waitFor(before + 1))[before]);
  const done = await deckcli(['auth', 'login-complete', '--email', 'fay@acme.test', '--code', code, '--api-url', s.url], env);
  t.is(done.code, 0, done.stderr);
  t.regex(done.stdout, new RegExp(`^hackathon is signed in to ${esc(s.url)} too \\(profile ${esc(host)}, now active\\)$`, 'm'));
  t.is((await me(read(config, 'hackathon').profiles[host].apiKey)).key.tool, 'hackathon');

  // hackathon already holds a working key: the second leg's hackathon key is revoked, nothing else changes.
  const held = await seed.key(s.db.pool, 'fay@acme.test', 'hackathon', { name: 'held' });
  const second = makeHomeWith('hackathon', { profiles: { [host]: { baseUrl: s.url, apiKey: held.key } } });
  before = smtp.mails.length;
  t.is((await deckcli(['auth', 'login-request', '--email', 'fay@acme.test', '--api-url', s.url], second.env)).code, 0);
  code = codeIn((await smtp.waitFor(before + 1))[before]);
  const kept = await deckcli(['auth', 'login-complete', '--email', 'fay@acme.test', '--code', code, '--api-url', s.url, '--json'], second.env);
  t.is(kept.code, 0, kept.stderr);
  t.like(JSON.parse(kept.stdout).hackathon, { signedIn: false });
  t.regex(JSON.parse(kept.stdout).hackathon.reason, /hackathon was already signed in .*: its key is kept; the hackathon key this sign-in made was revoked$/);
  t.deepEqual(read(second.config, 'hackathon'), { profiles: { [host]: { baseUrl: s.url, apiKey: held.key } } });
  const made = await s.db.pool.query(`select k.revoked_at is not null as revoked from app_private.api_keys k join app.users u on u.id = k.user_id
    where u.email = 'fay@acme.test' and k.tool = 'hackathon' and k.name = 'hackathon sign-in (by deckcli login)' order by k.created_at`);
  t.deepEqual(made.rows, [{ revoked: false }, { revoked: true }], 'the first leg pair\'s key works; the unused one is revoked');
});

/** An older instance: the real server, but its discovery names no emailCodeTools (one code per tool). */
async function olderInstance() {
  const server = createServer((req, res) => {
    const target = new URL(s.url);
    const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (r) => {
      if (req.url !== '/api/v1/instance') {
        res.writeHead(r.statusCode ?? 502, r.headers);
        return r.pipe(res);
      }
      let body = '';
      r.on('data', (c) => (body += c));
      r.on('end', () => {
        const d = JSON.parse(body);
        delete d.auth.emailCodeTools;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(d));
      });
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test.serial('an older instance (no emailCodeTools in discovery): the one-tool sign-in as before, and it says how to sign the other in', async (t) => {
  const older = await olderInstance();
  try {
    const { env, config } = makeHome();
    const { r, mail } = await login('hackathon', ['login', '--email', 'gus@acme.test'], env, older.url);
    t.is(r.code, 0, r.stderr);
    t.regex(mail.raw, /sign in the hackathon CLI on/);
    t.regex(r.stderr, new RegExp(`deckcli is not signed in: ${esc(older.url)} mails one code per tool \\(an older instance\\); sign in with deckcli login --api-url ${esc(older.url)}`));
    t.regex(read(config, 'hackathon').profiles[new URL(older.url).host].apiKey, /^hck_/);
    t.throws(() => read(config, 'deckcli'), undefined, 'deckcli\'s file is not written');
    const d = await login('deckcli', ['login', '--email', 'hal@acme.test'], env, older.url);
    t.is(d.r.code, 0, d.r.stderr);
    t.regex(d.mail.raw, /sign in deckcli on/);
  } finally {
    await older.close();
  }
});

function makeHomeWith(tool: 'deckcli' | 'hackathon', data: unknown) {
  const home = makeHome();
  write(home.config, tool, data);
  return home;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
