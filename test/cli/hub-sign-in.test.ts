// One login for both CLIs: a hub, two cloud instances and a self-hosted one on
// loopback, both CLIs run in this process (`main(argv, io)`) with a network edge that
// records every request. Hub calls are counted at the hub (its request log).
import test from 'ava';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { main as deckcliMain } from '../../cli/deckcli/main.ts';
import { main as hackathonMain } from '../../cli/hackathon/main.ts';
import type { Io } from '../../cli/lib/io.ts';
import { startTestHub, type TestHub } from '../helpers/hub.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { codeIn } from '../../ops/harness/smtp.ts';

type Main = (argv: string[], io: Io) => Promise<number>;
interface Sent { url: string; key: string | null }
interface Run { code: number; stdout: string; stderr: string }

let hub: TestHub;
let a: TestServer & { secret: string };
let b: TestServer & { secret: string };
let selfHosted: TestServer;
let acme: { id: string }, studio: { id: string }, deckOnly: { id: string };
const sent: Sent[] = []; // every request the CLIs made, with the key it carried

test.before(async () => {
  hub = await startTestHub();
  a = await hub.instance('Cloud A');
  b = await hub.instance('Cloud B');
  selfHosted = await startTestServer();
  acme = await hub.organization('Acme', a.url, ['deck', 'hackathon']);
  studio = await hub.organization('Acme Studio', a.url, ['deck', 'hackathon']);
  deckOnly = await hub.organization('Acme B', b.url, ['deck']);
  // One account per test: the hub's sign-in wall counts 10 attempts per address and IP.
  for (const who of ['ann', 'org', 'deck', 'edge', 'retry', 'denied', 'again', 'out', 'pick']) {
    for (const o of [acme, studio, deckOnly]) await hub.member(o.id, `${who}@acme.test`, 'admin', who);
  }
  await hub.pool.query('select hub_private.set_team($1, $2, $3, $4)', [acme.id, 'design', 'Design', ['ann@acme.test', 'retry@acme.test']]);
});
test.after.always(async () => {
  await hub?.close();
  await selfHosted?.close();
});

function home(): { env: NodeJS.ProcessEnv; config: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-hub-home-'));
  const config = path.join(dir, '.config');
  return { config, env: { HOME: dir, XDG_CONFIG_HOME: config, EVENT_CLOUD_URL: a.url, PATH: process.env.PATH } };
}

const recorder: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const auth = (init?.headers as Record<string, string> | undefined)?.authorization ?? null;
  sent.push({ url, key: auth ? auth.replace(/^Bearer /, '') : null });
  return fetch(input, init);
};

/** Starts a CLI in this process; stdin stays open until `end` (a code arrives by mail later). */
function start(main: Main, args: string[], env: NodeJS.ProcessEnv, fetchImpl: typeof fetch = recorder): { write(s: string): void; done: Promise<Run> } {
  const stdin = new PassThrough();
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: { write: (s: string) => (stdout += s), isTTY: false }, stderr: { write: (s: string) => (stderr += s) }, stdin, env: { ...env }, fetch: fetchImpl };
  const done = main(args, io)
    .catch((err) => {
      stderr += `unexpected: ${(err as Error).stack}`;
      return 1;
    })
    .then((code) => ({ code, stdout, stderr }));
  return { write: (s) => stdin.write(s), done };
}

function run(main: Main, args: string[], env: NodeJS.ProcessEnv, stdin?: string, fetchImpl?: typeof fetch): Promise<Run> {
  const p = start(main, args, env, fetchImpl);
  if (stdin !== undefined) p.write(stdin);
  return p.done;
}

const hackathon = (args: string[], env: NodeJS.ProcessEnv, stdin?: string, f?: typeof fetch) => run(hackathonMain, args, env, stdin, f);
const deckcli = (args: string[], env: NodeJS.ProcessEnv, stdin?: string, f?: typeof fetch) => run(deckcliMain, args, env, stdin, f);

/** Runs a login that waits for the hub's mailed code on stdin. */
async function loginWithCode(main: Main, args: string[], env: NodeJS.ProcessEnv, suffix = ''): Promise<Run> {
  const before = hub.smtp.mails.length;
  const p = start(main, args, env);
  const mails = await hub.smtp.waitFor(before + 1);
  p.write(codeIn(mails[mails.length - 1]) + suffix + '\n');
  return p.done;
}

const exchanges = () => hub.count('/hub/v1/exchange');
const hubCalls = () => hub.count('/hub/');
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const toolFile = (config: string, tool: string) => path.join(config, 'podium', 'tools', `${tool}.json`);
const keyOf = (e: { key: string } | string) => (typeof e === 'string' ? e : e.key);

test.serial('hackathon login on cloud: email and code inline, one hub login for the family, a key cached for this instance only, then zero hub calls', async (t) => {
  const { env, config } = home();
  const r = await loginWithCode(hackathonMain, ['login', '--email', 'ann@acme.test'], env);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, `Signed in to ${a.url} as ann@acme.test through the hub ${hub.url} (profile cloud, now active)\n`);
  t.regex(r.stderr, /a sign-in code is on its way/);
  const hubFile = path.join(config, 'podium', 'hub.json');
  t.is(statSync(hubFile).mode & 0o777, 0o600);
  const stored = json(hubFile).logins[hub.url];
  t.regex(stored.token, /^hl_/);
  t.is(stored.account.email, 'ann@acme.test');
  const profile = json(toolFile(config, 'hackathon')).profiles.cloud;
  const name = `${new URL(hub.url).host}/ann@acme.test`;
  t.deepEqual(Object.keys(profile.connectKeys), [name]);
  t.regex(profile.connectKeys[name].key, /^hck_/);
  t.is(profile.connectKeys[name].instance, a.url);
  const files = readFileSync(hubFile, 'utf8') + readFileSync(toolFile(config, 'hackathon'), 'utf8');
  t.false(/hg_|eyJ/.test(files), 'neither the grant nor the token is stored');
  // The hub login went to the hub only; the instances never saw it.
  t.false(sent.some((s) => s.key === stored.token && !s.url.startsWith(hub.url)));

  const calls = hubCalls();
  for (const args of [['whoami'], ['teams', 'list'], ['whoami', '--org', 'Acme Studio']]) {
    const x = await hackathon(args, env);
    t.is(x.code, 0, x.stderr);
  }
  t.is(hubCalls(), calls, 'later runs make zero hub calls');
  const who = await hackathon(['whoami'], env);
  t.regex(who.stdout, new RegExp(`^Hub login: used \\(${name.replace(/[.]/g, '\\.')}\\)$`, 'm'));
  t.regex(who.stdout, /^Workspace: Acme \(/m);
  const teams = await hackathon(['teams', 'list'], env);
  t.regex(teams.stdout, /^design\s+Design\s+1 member\s+hub$/m);
  const prof = await hackathon(['profiles'], env);
  t.regex(prof.stdout, new RegExp(`^\\* cloud\\s+${a.url.replace(/[.]/g, '\\.')}\\s+hub login ${name.replace(/[.]/g, '\\.')}$`, 'm'));
});

test.serial('--org by name and by id (and EVENT_ORG) picks the organization per command; nothing is saved', async (t) => {
  const { env } = home();
  t.is((await loginWithCode(hackathonMain, ['login', '--email', 'org@acme.test'], env)).code, 0);
  const byName = await hackathon(['whoami', '--org', 'acme studio'], env);
  t.is(byName.code, 0, byName.stderr);
  t.regex(byName.stdout, new RegExp(`^Organization: ${studio.id}$`, 'm'));
  t.regex(byName.stdout, /^Chosen by: --org$/m);
  const byId = await hackathon(['whoami', '--org', acme.id], env);
  t.regex(byId.stdout, new RegExp(`^Organization: ${acme.id}$`, 'm'));
  const viaEnv = await hackathon(['whoami'], { ...env, EVENT_ORG: 'Acme Studio' });
  t.regex(viaEnv.stdout, /^Chosen by: EVENT_ORG$/m);
  t.regex(viaEnv.stdout, /^Workspace: Acme Studio /m);
  const none = await hackathon(['whoami', '--org', 'Globex'], env);
  t.is(none.code, 2);
  t.regex(none.stderr, /no organizations match "Globex"/);
  t.is((await http(hub.url, 'GET', '/account')).status, 200, 'the page exists at the hub');
});

test.serial('workspace default on a cloud instance sets the hub account\'s default organization, and this instance takes it at once', async (t) => {
  const { env, config } = home();
  t.is((await loginWithCode(hackathonMain, ['login', '--email', 'pick@acme.test'], env)).code, 0);
  t.regex((await hackathon(['whoami'], env)).stdout, /^Workspace: Acme \(/m, 'the first organization is the default at first');
  const name = `${new URL(hub.url).host}/pick@acme.test`;
  const oldKey = keyOf(json(toolFile(config, 'hackathon')).profiles.cloud.connectKeys[name]);
  const def = await hackathon(['workspace', 'default', 'Acme Studio'], env);
  t.is(def.code, 0, def.stderr);
  t.is(def.stdout.split('\n')[0], `Default organization of your hub account: Acme Studio (${studio.id})`);
  t.regex(def.stdout, new RegExp(`^Default workspace on ${a.url.replace(/[.]/g, '\\.')}: Acme Studio \\(`, 'm'));
  const who = await hackathon(['whoami'], env);
  t.regex(who.stdout, /^Workspace: Acme Studio \(/m);
  t.regex(who.stdout, /^Chosen by: server default$/m);
  const hubRow = (await hub.pool.query(`select o.name from hub.accounts x join hub.organizations o on o.id = x.default_organization_id where x.email = 'pick@acme.test'`)).rows;
  t.deepEqual(hubRow, [{ name: 'Acme Studio' }], 'the hub account holds it');
  // The key it replaced was revoked on the instance, not merely forgotten.
  const newKey = keyOf(json(toolFile(config, 'hackathon')).profiles.cloud.connectKeys[name]);
  t.not(newKey, oldKey);
  t.is((await http(a.url, 'GET', '/api/v1/me', { key: oldKey })).status, 401);
  // Without a hub login there is nothing to set it with: the sentence says how to sign in.
  const bare = home();
  const refused = await hackathon(['workspace', 'default', 'Acme'], { ...bare.env, EVENT_API_KEY: newKey });
  t.is(refused.code, 3, refused.stderr);
  t.regex(refused.stderr, /sign in through the hub .* with hackathon login/);
});

test.serial('one login serves deckcli: its first command exchanges once for a dk_ key, later ones call the hub zero times', async (t) => {
  const { env, config } = home();
  t.is((await loginWithCode(hackathonMain, ['login', '--email', 'deck@acme.test'], env)).code, 0);
  const before = exchanges();
  const first = await deckcli(['list', '--api-url', a.url], env);
  t.is(first.code, 0, first.stderr);
  t.is(first.stdout, 'No decks\n');
  t.is(exchanges(), before + 1);
  const deckProfile = json(toolFile(config, 'deckcli')).profiles[new URL(a.url).host];
  const entry = Object.values(deckProfile.connectKeys)[0] as { key: string; instance: string };
  t.regex(entry.key, /^dk_/);
  t.is(entry.instance, a.url);
  const calls = hubCalls();
  for (let i = 0; i < 3; i++) t.is((await deckcli(['list', '--api-url', a.url], env)).code, 0);
  t.is(hubCalls(), calls, 'zero hub calls after the first exchange');
  const who = await deckcli(['whoami', '--api-url', a.url], env);
  t.regex(who.stdout, /^Hub login: used /m);
  t.regex(who.stdout, /^Credential: API key "deckcli hub sign-in" \(presentations:read, presentations:write\) from hub login$/m);
});

test.serial('a cached key is only ever sent to the instance it was minted on (counted at the network edge)', async (t) => {
  const { env, config } = home();
  t.is((await loginWithCode(deckcliMain, ['login', '--api-url', a.url, '--email', 'edge@acme.test'], env)).code, 0);
  const keyA = keyOf(Object.values(json(toolFile(config, 'deckcli')).profiles[new URL(a.url).host].connectKeys)[0] as string);
  sent.length = 0;
  const onB = await deckcli(['list', '--api-url', b.url], env);
  t.is(onB.code, 0, onB.stderr);
  const keyB = keyOf(Object.values(json(toolFile(config, 'deckcli')).profiles[new URL(b.url).host].connectKeys)[0] as string);
  t.not(keyA, keyB);
  t.is(sent.filter((s) => s.key === keyA).length, 0, "A's key never left for B");
  t.true(sent.some((s) => s.url.startsWith(b.url) && s.key === keyB));
  // A profile whose instance moved: its cached key is not replayed on the new address.
  const file = toolFile(config, 'deckcli');
  const data = json(file);
  const hostA = new URL(a.url).host;
  data.profiles[hostA].baseUrl = selfHosted.url;
  writeFileSync(file, JSON.stringify(data));
  sent.length = 0;
  const moved = await deckcli(['list', '--profile', hostA], env);
  t.is(moved.code, 3);
  t.is(sent.filter((s) => s.key === keyA).length, 0);
  t.true(sent.every((s) => s.key === null), 'only discovery, without a key');
  t.is(sent.filter((s) => s.url.startsWith(hub.url)).length, 0, 'a self-hosted instance never takes the hub branch');
});

test.serial('a cached key refused with 401 is evicted, exchanged once more and the command retried once (stderr says so)', async (t) => {
  const { env, config } = home();
  t.is((await loginWithCode(hackathonMain, ['login', '--email', 'retry@acme.test'], env)).code, 0);
  const file = toolFile(config, 'hackathon');
  const old = keyOf(Object.values(json(file).profiles.cloud.connectKeys)[0] as string);
  await a.db.pool.query(`update app_private.api_keys set revoked_at = now() where created_via = 'hub' and revoked_at is null`);
  const before = exchanges();
  const r = await hackathon(['teams', 'list'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /design/);
  t.is(r.stderr, `The cached key for ${a.url} was refused (401): it was forgotten and the sign-in was redone through the hub ${hub.url}; retrying once\n`);
  t.is(exchanges(), before + 1);
  const now = keyOf(Object.values(json(file).profiles.cloud.connectKeys)[0] as string);
  t.not(now, old);
  t.is(Object.keys(json(file).profiles.cloud.connectKeys).length, 1, 'the refused key was evicted');

  // Not twice: every keyed answer of the instance is a 401 here; one exchange, one retry, then exit 3.
  const refusing: typeof fetch = async (input, init) => {
    const url = String(input);
    if (url.startsWith(a.url) && (init?.headers as Record<string, string>)?.authorization) {
      return new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'The API key is unknown, expired or revoked' } }), { status: 401, headers: { 'content-type': 'application/json' } });
    }
    return fetch(input, init);
  };
  const again = exchanges();
  const twice = await hackathon(['teams', 'list'], env, undefined, refusing);
  t.is(twice.code, 3);
  t.is(exchanges(), again + 1, 'exchanged once, not twice');
  t.is(twice.stderr.match(/retrying once/g)?.length, 1);
  t.regex(twice.stderr, /hackathon: The API key is unknown, expired or revoked/);
});

test.serial('tool_access_denied: the hub sentence on stderr and exit 3; nothing cached', async (t) => {
  const { env, config } = home();
  const r = await loginWithCode(hackathonMain, ['login', '--api-url', b.url, '--email', 'denied@acme.test'], env);
  t.is(r.code, 3);
  t.regex(r.stderr, /^hackathon: None of the organizations of denied@acme\.test opens hackathon events \(hackathon\) on Cloud B: ask an owner of your organization to open it on the hub \(tool_access_denied\)$/m);
  t.false(existsSync(toolFile(config, 'hackathon')) && JSON.stringify(json(toolFile(config, 'hackathon'))).includes('hck_'));
  t.true(existsSync(path.join(config, 'podium', 'hub.json')), 'the hub login itself stays');
  const j = await hackathon(['teams', 'list', '--api-url', b.url, '--json'], env);
  t.is(j.code, 3);
  t.is(JSON.parse(j.stderr).error.code, 'tool_access_denied');
});

test.serial('a stored hub login the hub rejects is replaced once by login; other commands say to sign in again (exit 3)', async (t) => {
  const { env, config } = home();
  t.is((await loginWithCode(hackathonMain, ['login', '--email', 'again@acme.test'], env)).code, 0);
  const hubFile = path.join(config, 'podium', 'hub.json');
  const first = json(hubFile).logins[hub.url].token;
  await http(hub.url, 'DELETE', '/hub/v1/login', { key: first });
  // deckcli has no key for A yet: its exchange meets the rejected login.
  const d = await deckcli(['list', '--api-url', a.url], env);
  t.is(d.code, 3);
  t.regex(d.stderr, /refused the stored hub login .*sign in again with deckcli login --api-url/);
  const r = await loginWithCode(hackathonMain, ['login'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stderr, /rejected the stored hub login .*; sign in to the hub again\./);
  const second = json(hubFile).logins[hub.url].token;
  t.not(second, first);
  t.is((await deckcli(['list', '--api-url', a.url], env)).code, 0, 'the new login serves deckcli too');
});

test.serial('logout revokes every cached key of the profile on its own instance and forgets them; the hub login stays', async (t) => {
  const { env, config } = home();
  t.is((await loginWithCode(hackathonMain, ['login', '--email', 'out@acme.test'], env)).code, 0);
  const key = keyOf(Object.values(json(toolFile(config, 'hackathon')).profiles.cloud.connectKeys)[0] as string);
  sent.length = 0;
  const r = await hackathon(['logout', '--yes'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, new RegExp(`^Revoked a key on ${a.url.replace(/[.]/g, '\\.')}$`, 'm'));
  t.deepEqual(sent.map((s) => s.url), [`${a.url}/cli/auth/key`]);
  t.is((await http(a.url, 'GET', '/api/v1/me', { key })).status, 401, 'revoked server-side');
  t.is(json(toolFile(config, 'hackathon')).profiles.cloud.connectKeys, undefined);
  t.truthy(json(path.join(config, 'podium', 'hub.json')).logins[hub.url]);
  const prof = await hackathon(['profiles'], env);
  t.regex(prof.stdout, /^\* cloud .* not signed in$/m);
  // deckcli too, on its own profile.
  t.is((await deckcli(['list', '--api-url', a.url], env)).code, 0);
  const dk = keyOf(Object.values(json(toolFile(config, 'deckcli')).profiles[new URL(a.url).host].connectKeys)[0] as string);
  const out = await deckcli(['logout', '--yes', '--api-url', a.url], env);
  t.is(out.code, 0, out.stderr);
  t.regex(out.stdout, /^Revoked the key of hub login .* on /m);
  t.is((await http(a.url, 'GET', '/api/v1/me', { key: dk })).status, 401);
});

test.serial('deckcli auth save-key: a dashboard key from stdin, checked first, never from argv', async (t) => {
  const { env, config } = home();
  await seed.basicWorkspace(selfHosted.db.pool, 'Local', 'lou@local.test');
  const k = await seed.key(selfHosted.db.pool, 'lou@local.test', 'deck', { name: 'Laptop' });
  const argv = await deckcli(['auth', 'save-key', '--api-url', selfHosted.url, '--api-key', k.key], env);
  t.is(argv.code, 2);
  t.regex(argv.stderr, /never takes the key on the command line/);
  const wrongTool = await deckcli(['auth', 'save-key', '--api-url', selfHosted.url], env, (await seed.key(selfHosted.db.pool, 'lou@local.test', 'hackathon')).key + '\n');
  t.is(wrongTool.code, 2);
  const bogus = await deckcli(['auth', 'save-key', '--api-url', selfHosted.url], env, 'dk_' + 'x'.repeat(43) + '\n');
  t.is(bogus.code, 3);
  t.false(existsSync(toolFile(config, 'deckcli')), 'nothing saved after refusals');
  const ok = await deckcli(['auth', 'save-key', '--api-url', selfHosted.url], env, k.key + '\n');
  t.is(ok.code, 0, ok.stderr);
  const host = new URL(selfHosted.url).host;
  t.is(ok.stdout, `Saved the key "Laptop" (presentations:read, presentations:write) of lou@local.test in profile ${host} (now active)\n`);
  t.deepEqual(json(toolFile(config, 'deckcli')), { active: host, profiles: { [host]: { baseUrl: selfHosted.url, apiKey: k.key } } });
  const calls = hubCalls();
  const list = await deckcli(['list'], env);
  t.is(list.code, 0, list.stderr);
  const who = await deckcli(['whoami'], env);
  t.regex(who.stdout, /^Hub login: not used: self-hosted instances never contact the hub$/m);
  t.is(hubCalls(), calls, 'self-hosted: the hub is never contacted');
  const prof = await deckcli(['profiles'], env);
  t.is(prof.stdout, `* ${host}  ${selfHosted.url}  API key\n`, 'piped: no header row');
});

test.serial('a hub account with two-factor authentication: the authenticator code follows the emailed one', async (t) => {
  const { seal } = await import('../../core/crypto.ts');
  const { totpAt } = await import('../../core/totp.ts');
  const { TEST_AUTH_SECRET } = await import('../helpers/server.ts');
  await hub.member(acme.id, 'two@acme.test', 'member');
  await hub.pool.query('select hub_private.set_account_two_factor($1, $2)', ['two@acme.test', seal(TEST_AUTH_SECRET, 'JBSWY3DPEHPK3PXP')]);
  const { env } = home();
  const now = (await hub.pool.query('select extract(epoch from app.now())::float8 as n')).rows[0].n;
  const r = await loginWithCode(deckcliMain, ['login', '--api-url', a.url, '--email', 'two@acme.test'], env, ' ' + totpAt('JBSWY3DPEHPK3PXP', now));
  t.is(r.code, 0, r.stderr);
  t.regex(r.stdout, /as two@acme\.test through the hub/);
});

test.serial('on a terminal, deckcli login asks Email:, Code: and, for a two-factor account, Two-factor code: (the built binary)', async (t) => {
  const { spawn } = await import('node:child_process');
  const { seal } = await import('../../core/crypto.ts');
  const { totpAt } = await import('../../core/totp.ts');
  const { TEST_AUTH_SECRET } = await import('../helpers/server.ts');
  await hub.member(acme.id, 'tty@acme.test', 'member');
  await hub.pool.query('select hub_private.set_account_two_factor($1, $2)', ['tty@acme.test', seal(TEST_AUTH_SECRET, 'JBSWY3DPEHPK3PXP')]);
  const { env, config } = home();
  const before = hub.smtp.mails.length;
  const cmd = `'${process.execPath}' '${path.resolve('dist/deckcli.mjs')}' login --api-url '${a.url}'`;
  const child = spawn('script', ['-qec', cmd, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const seen = async (re: RegExp) => {
    for (let i = 0; i < 600 && !re.test(out); i++) await new Promise((r) => setTimeout(r, 50));
    if (!re.test(out)) throw new Error(`no ${re} in: ${out}`);
  };
  const exited = new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  await seen(/Email: /);
  child.stdin.write('tty@acme.test\r');
  const code = codeIn((await hub.smtp.waitFor(before + 1))[before]);
  await seen(/Code: /);
  child.stdin.write(code + '\r');
  await seen(/Two-factor code: /);
  const now = (await hub.pool.query('select extract(epoch from app.now())::float8 as n')).rows[0].n;
  child.stdin.write(totpAt('JBSWY3DPEHPK3PXP', now) + '\r');
  t.is(await exited, 0, out);
  t.regex(out, /Signed in to .* as tty@acme\.test through the hub/);
  t.is(json(path.join(config, 'podium', 'hub.json')).logins[hub.url].account.email, 'tty@acme.test');
});
