// Typed configuration, read once from the environment at boot and validated by one zod
// schema (`ENV`): each variable's type, default and range where it is declared, the rules
// between variables in its refinement; loadConfig assembles the Config from what it parsed
// (and does the file and key work: the embedded AUTH_SECRET, the GitHub App key). Every
// message names the variable; all of them are reported at once. Every variable is documented in docs/OPERATIONS.md; add it
// there when you add it here.
import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import type { GithubSettings } from './codehost/github.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

export type ServiceRole = 'all' | 'api' | 'worker' | 'hub';
// outbox (the default): every mail is stored for the operator (`podium mail list`, /operator/mail); null: EMAIL_DRIVER=none, no mail at all.
export type EmailDriver = 'outbox' | 'smtp' | 'resend' | 'brevo' | null;

export interface Config {
  databaseUrl: string | null; // null: boot embedded Postgres under dataDir
  redisUrl: string | null;
  host: string;
  port: number;
  dataDir: string;
  publicUrl: string; // how people reach this instance (links in mails, setup link)
  authSecret: string;
  serviceRole: ServiceRole;
  trustProxy: TrustProxy; // TRUST_PROXY: which X-Forwarded-For hops are ours (false: none, the socket's address is the client)
  emailDriver: EmailDriver;
  smtpUrl: string | null;
  resendApiKey: string | null;
  resendApiUrl: string;
  brevoApiKey: string | null;
  brevoApiUrl: string;
  mailFrom: string;
  hubUrl: string | null; // set on cloud instances: sign-in goes through the hub
  hubInstanceSecret: string | null; // with HUB_URL: how this instance proves itself when it redeems a hub grant
  maxFileSizeMb: number;
  viewDedupeWindowMinutes: number;
  storage: StorageSettings;
  allowedDeckLinkHosts: string[] | null; // other hosts a team deck link may point at (https); null: none, only PUBLIC_URL's origin
  clientsTarball: string; // CLIENTS_TARBALL: the clients package GET /downloads/podium-clients.tgz serves
  demoSignin: boolean; // self-hosted operators turn demo passes on with DEMO_SIGNIN=1
  testMode: boolean; // allows the test-only clock offset; never set in production
  logLevel: string;
  logFormat: 'auto' | 'json' | 'pretty'; // LOG_FORMAT: auto = pretty lines on a terminal, JSON otherwise
  dbPoolSize: number;
  embeddedPgPort: number;
  codeHost: 'local' | 'github'; // where team repositories live (CODE_HOST)
  github: GithubSettings | null; // the GitHub App, with CODE_HOST=github
  chromiumPath: string | null; // headless Chromium for deck thumbnails; null: sharp title cards only
  generator: GeneratorSettings | null; // the optional chat-completions deck writer; null: the built-in generator
  live: LiveSettings; // GET /api/v1/event/stream
}

/** GENERATOR_URL / GENERATOR_MODEL / GENERATOR_API_KEY: an OpenAI-compatible chat-completions endpoint. */
export interface GeneratorSettings {
  url: string;
  model: string;
  apiKey: string | null;
}

/** The live stream (docs/WIRE.md "Live stream", docs/OPERATIONS.md). */
export interface LiveSettings {
  heartbeatSeconds: number; // a comment line to every open stream this often (LIVE_HEARTBEAT_SECONDS, default 20)
  recheckSeconds: number; // each stream's credential and roster role are read again this often (LIVE_RECHECK_SECONDS, default 30)
  retentionDays: number; // live rows older than this are pruned by live__prune (LIVE_RETENTION_DAYS, default 7)
  maxBufferBytes: number; // a stream whose unsent bytes exceed this is closed (LIVE_MAX_BUFFER_BYTES, default 1 MiB)
  listenUrl: string | null; // the LISTEN connection's own URL (LIVE_LISTEN_URL: direct, past a transaction pooler); null: the pool's
}

export interface S3Settings {
  endpoint: string | null; // null: AWS S3 by region
  bucket: string;
  region: string;
  accessKeyId: string | null; // both null: the SDK's default credential chain
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  prefix: string; // key prefix inside the bucket
}

/**
 * The proxies in front, as fastify's `trustProxy` takes them: a hop count (1: one proxy
 * whose own entry, the right-most of X-Forwarded-For, names the client) or the proxies'
 * addresses and CIDRs. Never `true`: that trusts the left-most entry, which the client writes.
 */
export type TrustProxy = false | number | string[];

export type StorageSettings = { driver: 'local' } | ({ driver: 's3' } & S3Settings);

export class ConfigError extends Error {}

// Variables ------------------------------------------------------------------------------
// An empty variable counts as unset (VAR= in a unit file or compose file).
const unset = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
const text = () => optional(z.string());
const trimSlash = (v: string) => v.replace(/\/+$/, '');

/** A whole number in [min, max]; unset: the fallback. */
const whole = (name: string, fallback: number, min: number, max: number) =>
  z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d+$/, { error: (i) => `${name} must be a whole number, got "${i.input}"` })
      .transform(Number)
      .pipe(z.number().min(min, { error: (i) => `${name} must be between ${min} and ${max}, got ${i.input}` }).max(max, { error: (i) => `${name} must be between ${min} and ${max}, got ${i.input}` }))
      .default(fallback),
  );

/** One of a few words; unset: the fallback. */
const oneOf = <const T extends readonly [string, ...string[]]>(name: string, allowed: T, fallback: T[number]) =>
  z.preprocess(unset, z.enum(allowed, { error: (i) => `${name} must be one of ${allowed.join(', ')}, got "${i.input}"` }).default(fallback as never));

/** 1/true/yes or 0/false/no; unset: undefined (the default may depend on another variable). */
const flag = (name: string) =>
  optional(z.enum(['1', 'true', 'yes', '0', 'false', 'no'], { error: (i) => `${name} must be true or false, got "${i.input}"` }).transform((v) => v === '1' || v === 'true' || v === 'yes'));

/** An http(s) base URL, without its trailing slashes. */
const httpUrl = (name: string, pattern = /^https?:\/\/[^/]+/) =>
  z.string().regex(pattern, { error: (i) => `${name} must be an http(s) URL, got "${i.input}"` }).transform(trimSlash);
const httpBase = (name: string, fallback: string) => z.preprocess((v) => trimSlash(typeof v === 'string' && v !== '' ? v : fallback), httpUrl(name));

/** ALLOWED_DECK_LINK_HOSTS: comma-separated host[:port] list, lowercased; unset means none (share links on PUBLIC_URL's own origin are always allowed). */
const deckLinkHosts = optional(
  z
    .string()
    .transform((raw) => raw.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/, { error: (i) => `ALLOWED_DECK_LINK_HOSTS: "${i.input}" is not a host or host:port` }))),
);

/** Proxy names proxy-addr (fastify's trustProxy) knows, besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an IPv4/IPv6 address, with an optional /prefix, or a proxy-addr name. */
function proxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [addr, prefix, more] = entry.split('/');
  const family = isIP(addr!);
  if (!family || more !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: unset/0/false: no proxy; a hop count (1 = one proxy in front); or a comma list
 * of the proxies' addresses/CIDRs. `true` is refused: trusting every hop lets a client choose
 * its own address (the login wall's bucket) by writing X-Forwarded-For.
 */
const trustProxy = optional(
  z.string().transform((raw, ctx): TrustProxy => {
    const v = raw.trim().toLowerCase();
    if (v === '0' || v === 'false' || v === 'no') return false;
    if (/^\d+$/.test(v)) {
      if (Number(v) <= 32) return Number(v);
    } else if (v === 'true' || v === 'yes') {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY=${raw} would trust every X-Forwarded-For entry, which the client writes: give the number of proxies in front (1) or their addresses`, input: raw });
      return z.NEVER;
    } else {
      const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
      const bad = entries.filter((e) => !proxyEntry(e));
      if (entries.length > 0 && bad.length === 0) return entries;
    }
    ctx.addIssue({ code: 'custom', message: `TRUST_PROXY must be a hop count (1 = one proxy in front, at most 32) or a comma-separated list of the proxies' addresses or CIDRs, got "${raw}"`, input: raw });
    return z.NEVER;
  }),
);

export const ENV_SHAPE = {
  HOST: text(),
  PORT: whole('PORT', 8080, 0, 65535),
  DATA_DIR: text(),
  DATABASE_URL: text(),
  REDIS_URL: text(),
  PUBLIC_URL: text(),
  AUTH_SECRET: optional(z.string().min(32, { error: 'AUTH_SECRET must be at least 32 characters' })),
  NODE_ENV: text(),
  SERVICE_ROLE: oneOf('SERVICE_ROLE', ['all', 'api', 'worker', 'hub'], 'all'),
  TRUST_PROXY: trustProxy,
  EMAIL_DRIVER: oneOf('EMAIL_DRIVER', ['outbox', 'smtp', 'resend', 'brevo', 'none'], 'outbox'),
  SMTP_URL: text(),
  RESEND_API_KEY: text(),
  RESEND_API_URL: httpBase('RESEND_API_URL', 'https://api.resend.com'),
  BREVO_API_KEY: text(),
  BREVO_API_URL: httpBase('BREVO_API_URL', 'https://api.brevo.com'),
  MAIL_FROM: text(),
  HUB_URL: optional(httpUrl('HUB_URL', /^https?:\/\/[^\s/]+(\/\S*)?$/)), // the hub's own address (its PUBLIC_URL, the issuer of its tokens)
  HUB_INSTANCE_SECRET: optional(z.string().min(32, { error: 'HUB_INSTANCE_SECRET must be at least 32 characters' })),
  MAX_FILE_SIZE_MB: whole('MAX_FILE_SIZE_MB', 100, 1, 10_000),
  VIEW_DEDUPE_WINDOW_MINUTES: whole('VIEW_DEDUPE_WINDOW_MINUTES', 10, 0, 24 * 60),
  STORAGE_DRIVER: oneOf('STORAGE_DRIVER', ['local', 's3'], 'local'),
  S3_BUCKET: text(),
  S3_ENDPOINT: optional(httpUrl('S3_ENDPOINT')),
  S3_REGION: text(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE'),
  ALLOWED_DECK_LINK_HOSTS: deckLinkHosts,
  CLIENTS_TARBALL: text(),
  DEMO_SIGNIN: text(),
  PODIUM_TEST_MODE: text(),
  LOG_LEVEL: text(),
  LOG_FORMAT: oneOf('LOG_FORMAT', ['auto', 'json', 'pretty'], 'auto'),
  DB_POOL_SIZE: whole('DB_POOL_SIZE', 10, 1, 500),
  EMBEDDED_PG_PORT: whole('EMBEDDED_PG_PORT', 54329, 1, 65535),
  CODE_HOST: oneOf('CODE_HOST', ['local', 'github'], 'local'),
  GITHUB_APP_ID: text(),
  GITHUB_APP_PRIVATE_KEY: text(),
  GITHUB_APP_PRIVATE_KEY_FILE: text(),
  GITHUB_API_URL: httpBase('GITHUB_API_URL', 'https://api.github.com'),
  GITHUB_GIT_URL: httpBase('GITHUB_GIT_URL', 'https://github.com'),
  CHROMIUM_PATH: text(), // names the browser (`off` disables it); unset, Debian's /usr/bin/chromium when present
  GENERATOR_URL: optional(httpUrl('GENERATOR_URL')),
  GENERATOR_MODEL: text(),
  GENERATOR_API_KEY: text(),
  LIVE_HEARTBEAT_SECONDS: whole('LIVE_HEARTBEAT_SECONDS', 20, 1, 300),
  LIVE_RECHECK_SECONDS: whole('LIVE_RECHECK_SECONDS', 30, 1, 3600),
  LIVE_RETENTION_DAYS: whole('LIVE_RETENTION_DAYS', 7, 1, 3650),
  LIVE_MAX_BUFFER_BYTES: whole('LIVE_MAX_BUFFER_BYTES', 1024 * 1024, 16 * 1024, 256 * 1024 * 1024),
  LIVE_LISTEN_URL: text(),
};

type Env = z.output<z.ZodObject<typeof ENV_SHAPE>>;

/** The rules between variables: what one setting needs of the others. */
function crossChecks(e: Env, need: (message: string) => void): void {
  if (!e.AUTH_SECRET && e.DATABASE_URL && e.NODE_ENV === 'production') {
    need('AUTH_SECRET is required with DATABASE_URL in production (32+ random bytes, shared by every replica)');
  }
  if (e.STORAGE_DRIVER === 's3') {
    if (!e.S3_BUCKET) need('STORAGE_DRIVER=s3 needs S3_BUCKET');
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) need('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK credential chain)');
  }
  if (e.CODE_HOST === 'github') {
    if (!e.GITHUB_APP_ID || !/^\d+$/.test(e.GITHUB_APP_ID)) need('CODE_HOST=github needs GITHUB_APP_ID (the numeric app id)');
    else if (!e.GITHUB_APP_PRIVATE_KEY && !e.GITHUB_APP_PRIVATE_KEY_FILE) need('CODE_HOST=github needs GITHUB_APP_PRIVATE_KEY (PEM) or GITHUB_APP_PRIVATE_KEY_FILE');
  }
  if (e.GENERATOR_URL && !e.GENERATOR_MODEL) need('GENERATOR_URL needs GENERATOR_MODEL (the model name the endpoint serves)');
  if (e.HUB_URL && e.SERVICE_ROLE === 'hub') need('SERVICE_ROLE=hub is the hub itself: it takes no HUB_URL');
  if (e.HUB_URL && !e.HUB_INSTANCE_SECRET) need('HUB_URL needs HUB_INSTANCE_SECRET: the secret the hub registered for this instance (podium hub instance add)');
  if (e.EMAIL_DRIVER === 'smtp' && !e.SMTP_URL) need('EMAIL_DRIVER=smtp needs SMTP_URL (e.g. smtp://127.0.0.1:2525)');
  if (e.EMAIL_DRIVER === 'resend' && !e.RESEND_API_KEY) need('EMAIL_DRIVER=resend needs RESEND_API_KEY');
  if (e.EMAIL_DRIVER === 'brevo' && !e.BREVO_API_KEY) need('EMAIL_DRIVER=brevo needs BREVO_API_KEY');
}

/** The GitHub App's private key: PEM (escaped newlines allowed), or the file GITHUB_APP_PRIVATE_KEY_FILE names. */
function githubKey(e: Env): KeyObject {
  let pem: string;
  try {
    pem = e.GITHUB_APP_PRIVATE_KEY ?? readFileSync(e.GITHUB_APP_PRIVATE_KEY_FILE!, 'utf8');
  } catch (err) {
    throw new ConfigError(`GITHUB_APP_PRIVATE_KEY_FILE cannot be read: ${(err as Error).message}`);
  }
  try {
    return createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    throw new ConfigError('GITHUB_APP_PRIVATE_KEY is not a PEM private key');
  }
}

/** The embedded default keeps a generated AUTH_SECRET beside its data so restarts keep sessions valid. */
function embeddedAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth_secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // 0711: the embedded Postgres runs as the postgres OS user when we are root and must traverse into dataDir.
  mkdirSync(dataDir, { recursive: true, mode: 0o711 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The environment's variables as one schema: each checked, then the rules between them. */
export const ENV = z.object(ENV_SHAPE).superRefine((e, ctx) => crossChecks(e, (message) => ctx.addIssue({ code: 'custom', message, input: e })));

/** The public URL when PUBLIC_URL is unset: the address the server listens on. */
export function defaultPublicUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ENV.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => i.message).join('; '));
  const e = parsed.data;
  const host = e.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(e.DATA_DIR ?? '.podium');
  const authSecret = e.AUTH_SECRET ?? embeddedAuthSecret(dataDir);
  if (authSecret.length < 32) throw new ConfigError(`AUTH_SECRET must be at least 32 characters (the one kept in ${path.join(dataDir, 'auth_secret')} is shorter)`);
  const storage: StorageSettings =
    e.STORAGE_DRIVER === 'local'
      ? { driver: 'local' }
      : {
          driver: 's3',
          endpoint: e.S3_ENDPOINT ?? null,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined, // custom endpoints (MinIO, Ceph, s3rver) want path style
          prefix: 'blobs/',
        };
  const chromium = e.CHROMIUM_PATH === 'off' ? null : (e.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null));
  return {
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    host,
    port: e.PORT,
    dataDir,
    publicUrl: trimSlash(e.PUBLIC_URL ?? defaultPublicUrl(host, e.PORT)),
    authSecret,
    serviceRole: e.SERVICE_ROLE,
    trustProxy: e.TRUST_PROXY ?? false,
    emailDriver: e.EMAIL_DRIVER === 'none' ? null : e.EMAIL_DRIVER,
    smtpUrl: e.SMTP_URL ?? null,
    resendApiKey: e.RESEND_API_KEY ?? null,
    resendApiUrl: e.RESEND_API_URL,
    brevoApiKey: e.BREVO_API_KEY ?? null,
    brevoApiUrl: e.BREVO_API_URL,
    mailFrom: e.MAIL_FROM ?? 'Podium <podium@localhost>',
    hubUrl: e.HUB_URL ?? null,
    hubInstanceSecret: e.HUB_INSTANCE_SECRET ?? null,
    maxFileSizeMb: e.MAX_FILE_SIZE_MB,
    viewDedupeWindowMinutes: e.VIEW_DEDUPE_WINDOW_MINUTES,
    storage,
    allowedDeckLinkHosts: e.ALLOWED_DECK_LINK_HOSTS ?? null,
    clientsTarball: path.resolve(e.CLIENTS_TARBALL ?? fileURLToPath(new URL('../dist/podium-clients.tgz', import.meta.url))),
    demoSignin: e.DEMO_SIGNIN === '1',
    testMode: e.PODIUM_TEST_MODE === '1',
    logLevel: e.LOG_LEVEL ?? 'info',
    logFormat: e.LOG_FORMAT,
    dbPoolSize: e.DB_POOL_SIZE,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    codeHost: e.CODE_HOST,
    github: e.CODE_HOST === 'github' ? { appId: e.GITHUB_APP_ID!, privateKey: githubKey(e), apiUrl: e.GITHUB_API_URL, gitUrl: e.GITHUB_GIT_URL } : null,
    chromiumPath: chromium,
    generator: e.GENERATOR_URL ? { url: e.GENERATOR_URL, model: e.GENERATOR_MODEL!, apiKey: e.GENERATOR_API_KEY ?? null } : null,
    live: {
      heartbeatSeconds: e.LIVE_HEARTBEAT_SECONDS,
      recheckSeconds: e.LIVE_RECHECK_SECONDS,
      retentionDays: e.LIVE_RETENTION_DAYS,
      maxBufferBytes: e.LIVE_MAX_BUFFER_BYTES,
      listenUrl: e.LIVE_LISTEN_URL ?? null,
    },
  };
}
