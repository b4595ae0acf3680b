// `hackathon git-credential get` hands a key only to the instance it was made for,
// whatever --api-url the helper line names: EVENT_API_KEY to the instance of EVENT_URL
// (else the active profile's), a profile's key to its baseUrl. Another instance gets nothing
// on stdout (git asks its other helpers) and a line on stderr saying why. No request leaves
// the process: fetch refuses, so nothing here may reach the network.
import test from 'ava';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../cli/hackathon/main.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome } from './run.ts';

const OURS = 'https://ours.podium.test';
const EVIL = 'https://evil.podium.test';
const ENV_KEY = 'hck_from_the_environment';
const PROFILE_KEY = 'hck_stored_for_ours';

const noNetwork = (async (url: string | URL | Request) => {
  throw new Error(`no request may leave the helper: ${String(url)}`);
}) as typeof fetch;

/** A config home whose hackathon profiles are `profiles` (active: the first). */
function home(profiles: Record<string, { baseUrl: string; apiKey?: string }> = {}): NodeJS.ProcessEnv {
  const h = makeHome();
  const dir = path.join(h.config, 'podium', 'tools');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'hackathon.json'), JSON.stringify({ active: Object.keys(profiles)[0], profiles }));
  return h.env;
}

const ask = (env: NodeJS.ProcessEnv, apiUrl: string, host = new URL(apiUrl).host) =>
  runInProcess('hackathon', main, ['git-credential', 'get', '--api-url', apiUrl], env, `protocol=https\nhost=${host}\n\n`, noNetwork);

test('EVENT_API_KEY goes to the instance EVENT_URL names, and to no other --api-url', async (t) => {
  const env = { ...home(), EVENT_URL: OURS, EVENT_API_KEY: ENV_KEY };
  const ours = await ask(env, OURS);
  t.is(ours.code, 0, ours.stderr);
  t.is(ours.stdout, `username=hackathon\npassword=${ENV_KEY}\n`);
  const evil = await ask(env, EVIL);
  t.is(evil.code, 0, evil.stderr);
  t.is(evil.stdout, '', 'nothing for an instance the key was not made for');
  t.is(evil.stderr, `hackathon git-credential: EVENT_API_KEY is for ${OURS} (EVENT_URL), not ${EVIL}: not handed to it\n`);
});

test('without EVENT_URL, EVENT_API_KEY belongs to the active profile\'s instance', async (t) => {
  const env = { ...home({ ours: { baseUrl: OURS } }), EVENT_API_KEY: ENV_KEY };
  t.is((await ask(env, OURS)).stdout, `username=hackathon\npassword=${ENV_KEY}\n`);
  const evil = await ask(env, EVIL);
  t.is(evil.stdout, '');
  t.regex(evil.stderr, new RegExp(`EVENT_API_KEY is for ${OURS} \\(the active profile\\), not ${EVIL}`));
});

test('an EVENT_API_KEY of another instance steps aside for the key stored for the one asked about', async (t) => {
  const env = { ...home({ ours: { baseUrl: OURS, apiKey: PROFILE_KEY } }), EVENT_URL: EVIL, EVENT_API_KEY: ENV_KEY };
  const r = await ask(env, OURS);
  t.is(r.stdout, `username=hackathon\npassword=${PROFILE_KEY}\n`);
  t.regex(r.stderr, /EVENT_API_KEY is for https:\/\/evil\.podium\.test \(EVENT_URL\), not https:\/\/ours\.podium\.test/);
});

test('a profile\'s key goes to its baseUrl only, even when --api-url lands on a profile of that name', async (t) => {
  const env = home({ ours: { baseUrl: OURS, apiKey: PROFILE_KEY }, 'evil.podium.test': { baseUrl: OURS, apiKey: PROFILE_KEY } });
  t.is((await ask(env, OURS)).stdout, `username=hackathon\npassword=${PROFILE_KEY}\n`);
  const evil = await ask(env, EVIL);
  t.is(evil.stdout, '');
  t.is(evil.stderr, `hackathon git-credential: the key of profile evil.podium.test is for ${OURS}, not ${EVIL}: not handed to it\n`);
});

test('a request for another host than the helper\'s instance gets nothing, as before', async (t) => {
  const env = { ...home(), EVENT_URL: OURS, EVENT_API_KEY: ENV_KEY };
  const r = await ask(env, OURS, 'github.com');
  t.is(r.stdout, '');
});
