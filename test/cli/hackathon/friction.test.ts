// Friction found by a first-time run, in process against a real server: logout of
// the --api-url instance's profile (read-only keys revoke themselves, an older instance is
// named only for its own 403), and the hint when no instance is configured at all.
import test from 'ava';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../cli/hackathon/main.ts';
import { eventWorkspace, person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import * as seed from '../../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { pickByName } from '../../../cli/hackathon/names.ts';
import { CliError } from '../../../cli/lib/errors.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome } from './run.ts';

let s: TestServer;
let wsId: string;
test.before(async () => {
  s = await startTestServer();
  wsId = (await eventWorkspace(s.db.pool, 'Friction')).ws.id;
});
test.after.always(() => s?.close());

const run = (args: string[], env: NodeJS.ProcessEnv) => runInProcess('hackathon', main, args, env);
const toolFile = (config: string) => path.join(config, 'podium', 'tools', 'hackathon.json');
function writeProfiles(config: string, data: unknown) {
  mkdirSync(path.dirname(toolFile(config)), { recursive: true });
  writeFileSync(toolFile(config), JSON.stringify(data));
}

test('logout --api-url picks that instance profile (not the active one) and revokes its key, a read-only one too', async (t) => {
  const { env, config } = makeHome();
  const ro = await person(s.db.pool, wsId, 'reader@friction.test', 'member', ['hackathon:read']);
  const host = new URL(s.url).host;
  writeProfiles(config, { active: 'elsewhere', profiles: { elsewhere: { baseUrl: 'http://127.0.0.1:9' }, [host]: { baseUrl: s.url, connectKeys: { 'me@hub': { key: ro.key, instance: s.url } } } } });
  const r = await run(['logout', '--yes', '--api-url', s.url], env);
  t.is(r.code, 0, r.stderr);
  t.is(r.stdout, `Revoked a key on ${s.url}\nSigned out of profile ${host}; its keys are forgotten on this machine\n`);
  t.notRegex(r.stdout, /older instance|holds no key/);
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: ro.key })).status, 401, 'revoked server-side');
  const saved = JSON.parse(readFileSync(toolFile(config), 'utf8'));
  t.deepEqual(saved.profiles[host], { baseUrl: s.url });
  t.deepEqual(saved.profiles.elsewhere, { baseUrl: 'http://127.0.0.1:9' }, 'the active profile is untouched');
  t.is(saved.active, 'elsewhere');
});

test('logout of a profile key: the read-only key revokes itself; an unknown --api-url holds no key', async (t) => {
  const { env, config } = makeHome();
  const ro = await person(s.db.pool, wsId, 'reader2@friction.test', 'member', ['hackathon:read']);
  const host = new URL(s.url).host;
  writeProfiles(config, { active: host, profiles: { [host]: { baseUrl: s.url, apiKey: ro.key } } });
  const none = await run(['logout', '--api-url', 'http://127.0.0.1:9'], env);
  t.is(none.code, 0, none.stderr);
  t.is(none.stdout, 'Profile 127.0.0.1:9 holds no key; nothing to do\n');
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: ro.key })).status, 200, 'no key was sent anywhere');
  const r = await run(['logout', '--yes', '--json'], env);
  t.is(r.code, 0, r.stderr);
  t.deepEqual(JSON.parse(r.stdout), { profile: host, url: s.url, keys: [{ outcome: 'revoked' }] });
  t.is((await http(s.url, 'GET', '/api/v1/me', { key: ro.key })).status, 401);
});

test('an instance without self-revocation (403 key_not_allowed) is called older; any other 403 prints its own sentence', async (t) => {
  const answers: Record<string, { code: string; message: string }> = {
    older: { code: 'key_not_allowed', message: 'API keys may not call DELETE /cli/auth/key' },
    other: { code: 'insufficient_scope', message: 'This key lacks the scope for DELETE /cli/auth/key' },
  };
  let answer = answers.older;
  const server = createServer((req, res) => {
    if (req.method === 'DELETE' && req.url === '/cli/auth/key') return res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: answer }));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const which of ['older', 'other'] as const) {
      answer = answers[which];
      const { env, config } = makeHome();
      writeProfiles(config, { active: 'x', profiles: { x: { baseUrl: url, apiKey: 'hck_' + 'a'.repeat(43) } } });
      const r = await run(['logout', '--yes'], env);
      t.is(r.code, 0, r.stderr);
      if (which === 'older') t.regex(r.stdout, new RegExp(`^${url.replace(/[.]/g, '\\.')} does not let a key revoke itself \\(older instance\\)`, 'm'));
      else {
        t.notRegex(r.stdout, /older instance/);
        t.regex(r.stdout, /refused to revoke a key \(This key lacks the scope for DELETE \/cli\/auth\/key\): that key stays valid on the server/);
      }
      t.deepEqual(JSON.parse(readFileSync(toolFile(config), 'utf8')).profiles.x, { baseUrl: url }, 'forgotten locally');
    }
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('no profile and no --api-url: an unreachable default names --api-url and hackathon login --api-url (exit 4)', async (t) => {
  const { env } = makeHome(); // EVENT_CLOUD_URL is https://cloud.podium.test, which resolves nowhere
  const r = await run(['event', 'status', '--api-key', 'hck_' + 'a'.repeat(43)], env);
  t.is(r.code, 4, r.stderr);
  t.regex(r.stderr, /^hackathon: cannot reach https:\/\/cloud\.podium\.test \([A-Z_]+\)\. No instance is configured: name yours with --api-url <url>, or sign in once with hackathon login --api-url <url>/);
  // Naming the instance (or having a profile) drops the hint: the URL was chosen, not defaulted.
  const named = await run(['event', 'status', '--api-key', 'hck_' + 'a'.repeat(43), '--api-url', 'http://127.0.0.1:9'], env);
  t.is(named.code, 4);
  t.regex(named.stderr, /cannot reach http:\/\/127\.0\.0\.1:9 /);
  t.notRegex(named.stderr, /No instance is configured/);
});

test('a name matching several candidates is refused (exit 2) listing only those, to be named by id', (t) => {
  const c = [
    { id: 'a1', names: ['Rocket'], label: 'team Rocket' },
    { id: 'b2', names: ['rocket'], label: 'request rocket' },
    { id: 'c3', names: ['Comet'], label: 'team Comet' },
  ];
  t.is(pickByName(' comet ', c, 'channel'), 'c3');
  const e = t.throws(() => pickByName('ROCKET', c, 'channel'), { instanceOf: CliError }) as CliError;
  t.is(e.exitCode, 2);
  t.is(e.code, 'ambiguous_name');
  t.is(e.message, 'several channels are named "ROCKET"; name one by its id:\n  team Rocket (a1)\n  request rocket (b2)');
  const none = t.throws(() => pickByName('x', [], 'channel')) as CliError;
  t.is(none.message, 'no channel named "x" that you can read (there is none)');
});

test('every conflicting pair of options is exit 2 before any request (the spec: option conflicts are input rejected by the client)', async (t) => {
  const { env } = makeHome();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hackathon-conflicts-'));
  const f = path.join(dir, 'body.txt');
  writeFileSync(f, 'x');
  const ID = '0b6f2a9e-0000-4000-8000-000000000001';
  const pairs: [string[], RegExp][] = [
    [['teams', 'list', '--workspace', 'A', '--org', 'B'], /name a workspace .* or an organization .*, not both/],
    [['teams', 'list', '--api-key', 'hck_' + 'a'.repeat(43), '--api-key-stdin'], /--api-key and --api-key-stdin conflict/],
    [['projects', 'update', ID, '--description', 'x', '--clear-description'], /--description and --clear-description conflict/],
    [['showcase', 'set', '--description', 'x', '--description-file', f], /--description and --description-file conflict/],
    [['showcase', 'set', '--tagline', 'x', '--clear-tagline'], /--tagline and --clear-tagline conflict/],
    [['decks', 'link', '--pitch', 'https://h.test/v/a/', '--clear', 'pitch'], /--pitch and --clear pitch conflict/],
    [['decks', 'show', ID, '--team', 'Rocket'], /a deck id or --team, not both/],
    [['demo', 'link', '--email', 'a@b.test', '--hours', '1', '--minutes', '5'], /--hours and --minutes conflict/],
    [['event', 'vote', '--on', '--off'], /exactly one of --on or --off/],
    [['decks', 'review', ID, '--approve', '--reject'], /exactly one of --approve or --reject/],
    [['submissions', 'exception', ID, '--sha', 'a'.repeat(40), '--missing', '--reason', 'r'], /exactly one of --sha or --missing/],
    [['admin', 'provision', '--dry-run', '--key', 'k1'], /exactly one of --dry-run or --key/],
    [['projects', 'members', 'add', ID, 'a@b.test', '--team', 'ops', '--role', 'viewer'], /exactly one member: a person argument or --team/],
    [['chats', 'post', ID, 'hi', '--file', f], /exactly one of the words of the post or --file/],
    [['projects', 'list', '--all', '--cursor', 'c1'], /--all and --cursor conflict/],
    [['feed', 'list', '--all', '--cursor', 'c1'], /--all and --cursor conflict/],
  ];
  let requests = 0;
  const counting: typeof fetch = async () => {
    requests++;
    throw new Error('no request may be sent');
  };
  for (const [args, message] of pairs) {
    const r = await runInProcess('hackathon', main, args, { ...env, EVENT_URL: 'http://127.0.0.1:9', EVENT_API_KEY: 'hck_' + 'b'.repeat(43), EVENT_OWNER_EMAIL: 'o@b.test', EVENT_OWNER_PASSWORD: 'pw' }, 'x\n', counting);
    t.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    t.regex(r.stderr, message, args.join(' '));
  }
  t.is(requests, 0);
});

test('--org <id> is sent as is (no lookup); a name costs one lookup; an unknown id is the server answer', async (t) => {
  const orgId = randomUUID();
  const ws = await seed.workspace(s.db.pool, 'Org Space', orgId);
  await seed.member(s.db.pool, ws.id, 'orgie@friction.test', 'admin', 'Orgie');
  const k = await seed.key(s.db.pool, 'orgie@friction.test', 'hackathon');
  const { env } = makeHome();
  const seen: string[] = [];
  const recording: typeof fetch = (input, init) => {
    seen.push(`${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
    return fetch(input, init);
  };
  const go = (args: string[]) => runInProcess('hackathon', main, args, { ...env, EVENT_URL: s.url, EVENT_API_KEY: k.key }, undefined, recording);
  const byId = await go(['whoami', '--org', orgId]);
  t.is(byId.code, 0, byId.stderr);
  t.regex(byId.stdout, new RegExp(`^Organization: ${orgId}$`, 'm'));
  t.false(seen.includes('GET /api/v1/workspaces'), 'an id costs no lookup');
  seen.length = 0;
  const byName = await go(['whoami', '--org', 'org space']);
  t.is(byName.code, 0, byName.stderr);
  t.is(seen.filter((x) => x === 'GET /api/v1/workspaces').length, 1, 'a name costs one lookup');
  const other = randomUUID();
  const unknown = await go(['whoami', '--org', other]);
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, new RegExp(`No workspace of yours belongs to organization ${other}`));
});
