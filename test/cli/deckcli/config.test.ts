// deckcli configuration: the file's home and modes, the legacy import rules, no default
// instance, and the key precedence.
import test from 'ava';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Context } from '../../../cli/deckcli/context.ts';
import { readStdinLineOnce, type Io } from '../../../cli/lib/io.ts';
import { makeHome, runDeckcli as deckcli } from './run.ts';

function legacy(home: string, body: unknown): string {
  const dir = path.join(home, '.config', 'deckcli');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(body));
  return file;
}

test('no instance named anywhere is a clear error: deckcli has no default instance', async (t) => {
  const { env } = makeHome();
  const r = await deckcli(['logout', '--yes'], env);
  t.is(r.code, 1);
  t.regex(r.stderr, /no instance named: pass --api-url <url>, set DECKS_API_URL/);
});

test('push before any sign-in names the sign-in command deckcli has: deckcli login', async (t) => {
  const { env, home } = makeHome();
  const folder = path.join(home, 'deck');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'index.html'), '<h1>Deck</h1>');
  const r = await deckcli(['push', folder], env);
  t.is(r.code, 1);
  t.is(r.stderr, 'deckcli: no instance named: pass --api-url <url>, set DECKS_API_URL, or sign in once with deckcli login --api-url <url> (deckcli has no default instance) (no_instance)\n');
});

test('the legacy file is imported once, never modified, then no longer read; config clear brings it back', async (t) => {
  const { env, home, config } = makeHome();
  const file = legacy(home, { profiles: { old: { apiUrl: 'https://decks.old.test/', apiKey: 'dk_legacy' } }, activeProfile: 'old' });
  const before = readFileSync(file);
  const mtime = statSync(file).mtimeMs;
  const r = await deckcli(['logout', '--yes'], env);
  t.is(r.code, 0, r.stderr);
  t.regex(r.stderr, /Imported profiles from .*deckcli\/config\.json \(left untouched\)/);
  t.regex(r.stdout, /Forgot the key of profile old/);
  const newFile = path.join(config, 'podium', 'tools', 'deckcli.json');
  t.deepEqual(JSON.parse(readFileSync(newFile, 'utf8')), { profiles: { old: { baseUrl: 'https://decks.old.test' } }, active: 'old' });
  t.deepEqual(readFileSync(file), before, 'legacy bytes unchanged');
  t.is(statSync(file).mtimeMs, mtime);
  t.is(statSync(newFile).mode & 0o777, 0o600);
  t.is(statSync(path.dirname(newFile)).mode & 0o777, 0o700);
  // Afterwards the legacy file is not read again, even if it changes.
  legacy(home, { profiles: { other: { baseUrl: 'https://other.test', apiKey: 'dk_x' } } });
  const again = await deckcli(['logout', '--yes'], env);
  t.notRegex(again.stderr, /Imported/);
  t.regex(again.stdout, /No saved sign-in for https:\/\/decks\.old\.test/);
  // config clear, then the still-present legacy file is imported on the next run.
  const cleared = await deckcli(['config', 'clear'], env);
  t.is(cleared.stdout, `Cleared 1 profile(s) from ${newFile}\n`);
  t.notRegex(cleared.stderr, /Imported/);
  const next = await deckcli(['logout', '--yes'], env);
  t.regex(next.stderr, /Imported profiles/);
  t.regex(next.stdout, /Forgot the key of profile other/);
});

test('a legacy file with no profile is not imported', async (t) => {
  const { env, home } = makeHome();
  legacy(home, { profiles: {} });
  const r = await deckcli(['logout', '--yes'], env);
  t.is(r.code, 1);
  t.notRegex(r.stderr, /Imported/);
});

function fakeIo(env: NodeJS.ProcessEnv, stdin = ''): Io {
  const s = new PassThrough();
  s.end(stdin);
  return { stdout: { write: () => true }, stderr: { write: () => true }, stdin: s, env };
}

test('key precedence: --api-key or --api-key-stdin (never both), DECKS_API_KEY, then the profile of that instance', async (t) => {
  const { env, config } = makeHome();
  mkdirSync(path.join(config, 'podium', 'tools'), { recursive: true });
  writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'a', profiles: { a: { baseUrl: 'https://a.test', apiKey: 'dk_profile' } } }));
  // No network here: the exchange of a hub login (cloud instances) is tested in test/cli/hub-sign-in.test.ts.
  const cred = (flags: object, e: NodeJS.ProcessEnv = env, stdin = '') => new Context(fakeIo(e, stdin), flags as never, []).credential({ exchange: false });
  // Both flags at once are a conflict (one usage exit code for conflicting options), not a precedence.
  await t.throwsAsync(cred({ apiKey: 'dk_flag', apiKeyStdin: true }, { ...env, DECKS_API_KEY: 'dk_env' }, 'dk_stdin\n'), { message: '--api-key and --api-key-stdin conflict' });
  t.deepEqual(await cred({ apiKeyStdin: true }, { ...env, DECKS_API_KEY: 'dk_env' }, 'dk_stdin\n'), { key: 'dk_stdin', source: '--api-key-stdin' });
  t.deepEqual(await cred({}, { ...env, DECKS_API_KEY: 'dk_env' }), { key: 'dk_env', source: 'DECKS_API_KEY' });
  t.deepEqual(await cred({}), { key: 'dk_profile', source: 'profile' });
  // A profile's key is never sent to another instance.
  t.is(await cred({ apiUrl: 'https://b.test' }), null);
  t.deepEqual(await cred({ apiUrl: 'https://a.test/' }), { key: 'dk_profile', source: 'profile' });
  // Then the cached hub key of a stored hub login, for the instance it was minted on only.
  const login = { hubUrl: 'https://hub.test', account: { id: 'x', email: 'me@x.test', name: null }, token: 'hl_x', savedAt: '' };
  writeFileSync(path.join(config, 'podium', 'hub.json'), JSON.stringify({ logins: { 'https://hub.test': login } }));
  writeFileSync(path.join(config, 'podium', 'tools', 'deckcli.json'), JSON.stringify({ active: 'a', profiles: {
    a: { baseUrl: 'https://a.test', connectKeys: { 'hub.test/me@x.test': { key: 'dk_hub', instance: 'https://a.test' }, 'hub.test/gone@x.test': { key: 'dk_orphan', instance: 'https://a.test' } } },
    moved: { baseUrl: 'https://b.test', connectKeys: { 'hub.test/me@x.test': { key: 'dk_minted_on_a', instance: 'https://a.test' } } },
  } }));
  t.deepEqual(await cred({}), { key: 'dk_hub', source: 'hub login' });
  t.deepEqual(await cred({}, { ...env, DECKS_API_KEY: 'dk_env' }), { key: 'dk_env', source: 'DECKS_API_KEY' });
  t.is(await cred({ profile: 'moved' }), null, 'a key minted on a.test is not replayed on b.test');
});

test('stdin is spent once per invocation: a second ask is a usage error', async (t) => {
  const io = fakeIo({}, 'first\nsecond\n');
  t.is(await readStdinLineOnce(io, 'key'), 'first');
  const err = await t.throwsAsync(() => readStdinLineOnce(io, 'password'));
  t.regex(err!.message, /stdin was already read once/);
  t.is((err as { exitCode?: number }).exitCode, 1);
});
