import test from 'ava';
import { readFileSync } from 'node:fs';
import { ConfigError, ENV_SHAPE, loadConfig } from '../../core/config.ts';
import { codeSpans } from '../helpers/markdown.ts';

const base = { DATABASE_URL: 'postgres://x/y', AUTH_SECRET: 'x'.repeat(32) };

test('defaults: 127.0.0.1:8080, role all, mail kept in the outbox, 100 MB cap, 10 minute view window', (t) => {
  const c = loadConfig(base);
  t.is(c.host, '127.0.0.1');
  t.is(c.port, 8080);
  t.is(c.serviceRole, 'all');
  t.is(c.emailDriver, 'outbox');
  t.is(loadConfig({ ...base, EMAIL_DRIVER: 'none' }).emailDriver, null);
  t.is(c.logFormat, 'auto');
  t.is(c.maxFileSizeMb, 100);
  t.is(c.viewDedupeWindowMinutes, 10);
  t.is(c.publicUrl, 'http://127.0.0.1:8080');
  t.false(c.testMode);
});

test('bad values are refused naming the variable', (t) => {
  t.throws(() => loadConfig({ ...base, PORT: 'eighty' }), { instanceOf: ConfigError, message: /PORT must be a whole number/ });
  t.throws(() => loadConfig({ ...base, SERVICE_ROLE: 'boss' }), { message: /SERVICE_ROLE must be one of all, api, worker/ });
  t.throws(() => loadConfig({ ...base, EMAIL_DRIVER: 'smtp' }), { message: /EMAIL_DRIVER=smtp needs SMTP_URL/ });
  t.throws(() => loadConfig({ ...base, EMAIL_DRIVER: 'resend' }), { message: /RESEND_API_KEY/ });
  t.throws(() => loadConfig({ ...base, EMAIL_DRIVER: 'brevo' }), { message: /BREVO_API_KEY/ });
  t.throws(() => loadConfig({ ...base, AUTH_SECRET: 'short' }), { message: /at least 32/ });
  t.throws(() => loadConfig({ ...base, MAX_FILE_SIZE_MB: '0' }), { message: /MAX_FILE_SIZE_MB must be between/ });
  t.throws(() => loadConfig({ DATABASE_URL: 'postgres://x/y', NODE_ENV: 'production' }), { message: /AUTH_SECRET is required/ });
});

test('GENERATOR_URL is optional; with it GENERATOR_MODEL is required and the URL must be http(s)', (t) => {
  const env = { AUTH_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://x' };
  t.is(loadConfig(env).generator, null, 'unset: the built-in generator');
  t.throws(() => loadConfig({ ...env, GENERATOR_URL: 'https://llm.test/v1' }), { message: /GENERATOR_MODEL/ });
  t.throws(() => loadConfig({ ...env, GENERATOR_URL: 'file:///etc/passwd', GENERATOR_MODEL: 'm' }), { message: /GENERATOR_URL must be an http\(s\) URL/ });
  t.deepEqual(loadConfig({ ...env, GENERATOR_URL: 'https://llm.test/v1/', GENERATOR_MODEL: 'm', GENERATOR_API_KEY: 'sk' }).generator, { url: 'https://llm.test/v1', model: 'm', apiKey: 'sk' });
});

test('one schema: every problem is reported at once, each naming its variable; empty counts as unset', (t) => {
  const err = t.throws(() => loadConfig({ ...base, PORT: '99999', LOG_FORMAT: 'loud', EMAIL_DRIVER: 'smtp' }), { instanceOf: ConfigError });
  t.regex(err!.message, /PORT must be between 0 and 65535, got 99999/);
  t.regex(err!.message, /LOG_FORMAT must be one of auto, json, pretty, got "loud"/);
  const c = loadConfig({ ...base, PORT: '', SERVICE_ROLE: '', PUBLIC_URL: 'https://podium.test//', ALLOWED_DECK_LINK_HOSTS: 'Decks.Test, x.test:8443' });
  t.is(c.port, 8080);
  t.is(c.serviceRole, 'all');
  t.is(c.publicUrl, 'https://podium.test');
  t.deepEqual(c.allowedDeckLinkHosts, ['decks.test', 'x.test:8443']);
  t.throws(() => loadConfig({ ...base, ALLOWED_DECK_LINK_HOSTS: 'ok.test, bad/host' }), { message: /ALLOWED_DECK_LINK_HOSTS: "bad\/host" is not a host or host:port/ });
  t.throws(() => loadConfig({ ...base, HUB_URL: 'https://hub.test' }), { message: /HUB_URL needs HUB_INSTANCE_SECRET/ });
  t.throws(() => loadConfig({ ...base, HUB_URL: 'https://hub.test', HUB_INSTANCE_SECRET: 's'.repeat(32), SERVICE_ROLE: 'hub' }), { message: /SERVICE_ROLE=hub is the hub itself/ });
  t.is(loadConfig({ ...base, HUB_URL: 'https://hub.test/', HUB_INSTANCE_SECRET: 's'.repeat(32) }).hubUrl, 'https://hub.test');
  t.throws(() => loadConfig({ ...base, LIVE_MAX_BUFFER_BYTES: '1024' }), { message: /LIVE_MAX_BUFFER_BYTES must be between 16384 and 268435456, got 1024/ });
});

test('docs/OPERATIONS.md names every variable the configuration reads', (t) => {
  const documented = new Set(codeSpans(readFileSync('docs/OPERATIONS.md', 'utf8')));
  const names = Object.keys(ENV_SHAPE);
  t.true(names.length > 40, `${names.length} variables`);
  t.deepEqual(names.filter((n) => !documented.has(n)), [], 'variables docs/OPERATIONS.md does not name in a code span');
});

test('TRUST_PROXY: a hop count or the proxies\' addresses, never every hop', (t) => {
  t.false(loadConfig(base).trustProxy, 'unset: no proxy');
  t.false(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy);
  t.is(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy, 1, '1 keeps meaning one proxy in front');
  t.is(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy, 2);
  t.deepEqual(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback' }).trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  t.throws(() => loadConfig({ ...base, TRUST_PROXY: 'true' }), { instanceOf: ConfigError, message: /TRUST_PROXY=true would trust every X-Forwarded-For entry/ });
  t.throws(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.internal' }), { message: /TRUST_PROXY must be a hop count .* got "proxy.internal"/ });
  t.throws(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' }), { message: /TRUST_PROXY must be a hop count/ });
  t.throws(() => loadConfig({ ...base, TRUST_PROXY: '99' }), { message: /at most 32/ });
});
