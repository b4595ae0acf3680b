// Typed configuration, read once from the environment at boot and validated.
// Every variable is documented in docs/OPERATIONS.md; add it there when you add it here.
import { createPrivateKey, randomBytes } from 'node:crypto';
import type { GithubSettings } from './codehost/github.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type ServiceRole = 'all' | 'api' | 'worker' | 'hub';
export type EmailDriver = 'smtp' | 'resend' | 'brevo' | null;

export interface Config {
  databaseUrl: string | null; // null: boot embedded Postgres under dataDir
  redisUrl: string | null;
  host: string;
  port: number;
  dataDir: string;
  publicUrl: string; // how people reach this instance (links in mails, setup link)
  authSecret: string;
  serviceRole: ServiceRole;
  trustProxy: boolean; // TRUST_PROXY=1: behind a reverse proxy, the client IP comes from X-Forwarded-For
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
  allowedDeckLinkHosts: string[] | null; // hosts a team deck link may point at; null: this instance's own host
  demoSignin: boolean; // self-hosted operators turn demo passes on with DEMO_SIGNIN=1
  testMode: boolean; // allows the test-only clock offset; never set in production
  logLevel: string;
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

export type StorageSettings = { driver: 'local' } | ({ driver: 's3' } & S3Settings);

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function storageSettings(env: NodeJS.ProcessEnv): StorageSettings {
  const driver = oneOf(env, 'STORAGE_DRIVER', ['local', 's3'] as const, 'local');
  if (driver === 'local') return { driver };
  const bucket = str(env, 'S3_BUCKET');
  if (!bucket) throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET');
  const endpoint = str(env, 'S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const accessKeyId = str(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = str(env, 'S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK credential chain)');
  return {
    driver,
    endpoint: endpoint ? endpoint.replace(/\/+$/, '') : null,
    bucket,
    region: str(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== null), // custom endpoints (MinIO, Ceph, s3rver) want path style
    prefix: 'blobs/',
  };
}

/** ALLOWED_DECK_LINK_HOSTS: comma-separated host[:port] list, lowercased; unset means this instance's own host. */
function deckLinkHosts(env: NodeJS.ProcessEnv): string[] | null {
  const raw = str(env, 'ALLOWED_DECK_LINK_HOSTS');
  if (!raw) return null;
  const hosts = raw.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of hosts) {
    if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(h)) throw new ConfigError(`ALLOWED_DECK_LINK_HOSTS: "${h}" is not a host or host:port`);
  }
  return hosts;
}

/** CODE_HOST=github: the GitHub App's id and private key (PEM, or a file holding it), API and git bases. */
function githubSettings(env: NodeJS.ProcessEnv): GithubSettings {
  const appId = str(env, 'GITHUB_APP_ID');
  if (!appId || !/^\d+$/.test(appId)) throw new ConfigError('CODE_HOST=github needs GITHUB_APP_ID (the numeric app id)');
  const keyFile = str(env, 'GITHUB_APP_PRIVATE_KEY_FILE');
  const pem = str(env, 'GITHUB_APP_PRIVATE_KEY') ?? (keyFile ? readFileSync(keyFile, 'utf8') : null);
  if (!pem) throw new ConfigError('CODE_HOST=github needs GITHUB_APP_PRIVATE_KEY (PEM) or GITHUB_APP_PRIVATE_KEY_FILE');
  let privateKey;
  try {
    privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    throw new ConfigError('GITHUB_APP_PRIVATE_KEY is not a PEM private key');
  }
  const base = (name: string, fallback: string) => {
    const v = (env[name] || fallback).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+/.test(v)) throw new ConfigError(`${name} must be an http(s) URL, got "${v}"`);
    return v;
  };
  return { appId, privateKey, apiUrl: base('GITHUB_API_URL', 'https://api.github.com'), gitUrl: base('GITHUB_GIT_URL', 'https://github.com') };
}

/** HUB_URL: the hub's own address (its PUBLIC_URL, the issuer of its tokens), without a trailing slash. */
function hubUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = str(env, 'HUB_URL');
  if (!raw) return null;
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(raw)) throw new ConfigError(`HUB_URL must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
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

function generatorSettings(env: NodeJS.ProcessEnv): GeneratorSettings | null {
  const url = str(env, 'GENERATOR_URL');
  if (!url) return null;
  if (!/^https?:\/\/[^/]+/.test(url)) throw new ConfigError(`GENERATOR_URL must be an http(s) URL, got "${url}"`);
  const model = str(env, 'GENERATOR_MODEL');
  if (!model) throw new ConfigError('GENERATOR_URL needs GENERATOR_MODEL (the model name the endpoint serves)');
  return { url: url.replace(/\/+$/, ''), model, apiKey: str(env, 'GENERATOR_API_KEY') };
}

/** CHROMIUM_PATH names the browser (`off` disables it); unset, Debian's /usr/bin/chromium when present. */
function chromiumPath(env: NodeJS.ProcessEnv): string | null {
  const named = str(env, 'CHROMIUM_PATH');
  if (named === 'off') return null;
  if (named) return named;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}

/** The public URL when PUBLIC_URL is unset: the address the server listens on. */
export function defaultPublicUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = int(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || '.podium');
  const databaseUrl = str(env, 'DATABASE_URL');
  const serviceRole = oneOf(env, 'SERVICE_ROLE', ['all', 'api', 'worker', 'hub'] as const, 'all');
  const emailRaw = oneOf(env, 'EMAIL_DRIVER', ['smtp', 'resend', 'brevo', 'none'] as const, 'none');
  const emailDriver: EmailDriver = emailRaw === 'none' ? null : emailRaw;

  let authSecret = str(env, 'AUTH_SECRET');
  if (!authSecret) {
    if (databaseUrl && env.NODE_ENV === 'production') {
      throw new ConfigError('AUTH_SECRET is required with DATABASE_URL in production (32+ random bytes, shared by every replica)');
    }
    authSecret = embeddedAuthSecret(dataDir);
  }
  if (authSecret.length < 32) throw new ConfigError('AUTH_SECRET must be at least 32 characters');

  const config: Config = {
    databaseUrl,
    redisUrl: str(env, 'REDIS_URL'),
    host,
    port,
    dataDir,
    publicUrl: (str(env, 'PUBLIC_URL') ?? defaultPublicUrl(host, port)).replace(/\/+$/, ''),
    authSecret,
    serviceRole,
    trustProxy: env.TRUST_PROXY === '1',
    emailDriver,
    smtpUrl: str(env, 'SMTP_URL'),
    resendApiKey: str(env, 'RESEND_API_KEY'),
    resendApiUrl: (env.RESEND_API_URL || 'https://api.resend.com').replace(/\/+$/, ''),
    brevoApiKey: str(env, 'BREVO_API_KEY'),
    brevoApiUrl: (env.BREVO_API_URL || 'https://api.brevo.com').replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM || 'Podium <podium@localhost>',
    hubUrl: hubUrl(env),
    hubInstanceSecret: str(env, 'HUB_INSTANCE_SECRET'),
    maxFileSizeMb: int(env, 'MAX_FILE_SIZE_MB', 100, 1, 10_000),
    viewDedupeWindowMinutes: int(env, 'VIEW_DEDUPE_WINDOW_MINUTES', 10, 0, 24 * 60),
    storage: storageSettings(env),
    allowedDeckLinkHosts: deckLinkHosts(env),
    demoSignin: env.DEMO_SIGNIN === '1',
    testMode: env.PODIUM_TEST_MODE === '1',
    logLevel: env.LOG_LEVEL || 'info',
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 1, 500),
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    codeHost: oneOf(env, 'CODE_HOST', ['local', 'github'] as const, 'local'),
    github: env.CODE_HOST === 'github' ? githubSettings(env) : null,
    chromiumPath: chromiumPath(env),
    generator: generatorSettings(env),
    live: {
      heartbeatSeconds: int(env, 'LIVE_HEARTBEAT_SECONDS', 20, 1, 300),
      recheckSeconds: int(env, 'LIVE_RECHECK_SECONDS', 30, 1, 3600),
      retentionDays: int(env, 'LIVE_RETENTION_DAYS', 7, 1, 3650),
      maxBufferBytes: int(env, 'LIVE_MAX_BUFFER_BYTES', 1024 * 1024, 16 * 1024, 256 * 1024 * 1024),
      listenUrl: str(env, 'LIVE_LISTEN_URL'),
    },
  };
  if (config.hubUrl && serviceRole === 'hub') throw new ConfigError('SERVICE_ROLE=hub is the hub itself: it takes no HUB_URL');
  if (config.hubUrl && !config.hubInstanceSecret) {
    throw new ConfigError('HUB_URL needs HUB_INSTANCE_SECRET: the secret the hub registered for this instance (podium hub instance add)');
  }
  if (config.hubInstanceSecret && config.hubInstanceSecret.length < 32) throw new ConfigError('HUB_INSTANCE_SECRET must be at least 32 characters');
  if (emailDriver === 'smtp' && !config.smtpUrl) throw new ConfigError('EMAIL_DRIVER=smtp needs SMTP_URL (e.g. smtp://127.0.0.1:2525)');
  if (emailDriver === 'resend' && !config.resendApiKey) throw new ConfigError('EMAIL_DRIVER=resend needs RESEND_API_KEY');
  if (emailDriver === 'brevo' && !config.brevoApiKey) throw new ConfigError('EMAIL_DRIVER=brevo needs BREVO_API_KEY');
  return config;
}
