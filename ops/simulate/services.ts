// What a simulation owns and may break: its own PostgreSQL (embedded, on a reserved port),
// its own redis-server process, s3rver behind a TCP proxy, an SMTP listener, and the replica
// stack (2 api + 2 worker replicas over one shared DATA_DIR for the local code host) whose
// PUBLIC_URL, the code host's webhook target, is a TCP proxy in front of the API replicas.
// Nothing here touches the machine's shared PostgreSQL or Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createPool } from '../../core/db/pool.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../embedded/postgres.ts';
import { randomAuthSecret, running, startReplica, stopAll, waitHealthy, type Replica } from '../replicas/stack.ts';
import { reservedPort } from '../harness/ports.ts';
import { startS3 } from '../harness/s3.ts';
import { startSmtp } from '../harness/smtp.ts';
import { TcpProxy } from './proxy.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A hang guard for a replica's boot: a shared 2-core machine at load 30 took over 3 minutes. */
export const BOOT_MS = 600_000;

export interface Services {
  tmp: string;
  authSecret: string;
  databaseUrl: string;
  pool: pg.Pool; // the simulation's own connections (seeding as the operator, checks)
  redisUrl: string;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  storage: TcpProxy; // in front of s3rver
  webhook: TcpProxy; // PUBLIC_URL: in front of the API replicas
  apis: Replica[];
  workers: Replica[];
  /** Replicas taken out of rotation (killed, or restarted and not healthy yet), as a load
   *  balancer's health check would. */
  unready: Set<Replica>;
  /** Base URLs of the API replicas that run now and are healthy. */
  liveApis(): string[];
  restartPostgres(downMs: number): Promise<void>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  close(): Promise<void>;
}

class RedisProcess {
  child: ChildProcess | null = null;
  constructor(readonly port: number, private readonly dir: string) {}
  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (this.child.exitCode !== null) throw new Error(`redis-server exited with code ${this.child.exitCode} (port ${this.port})`);
      const { Socket } = await import('node:net');
      const ok = await new Promise<boolean>((resolve) => {
        const s = new Socket();
        s.once('connect', () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
        s.connect(this.port, '127.0.0.1');
      });
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`redis-server did not listen on ${this.port}`);
  }
  async stop(): Promise<void> {
    const c = this.child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGKILL'); // gone at once, as a crashed or unplugged Redis
    await exited;
  }
}

export interface ServiceOptions {
  apiReplicas?: number;
  workerReplicas?: number;
  log: (m: string) => void;
}

export async function startServices(o: ServiceOptions): Promise<Services> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'podium-simulate-'));
  chmodSync(tmp, 0o711); // as root the embedded PostgreSQL runs as the postgres OS user
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const c of cleanups.reverse()) await c().catch((e) => o.log(`cleanup: ${(e as Error).message}`));
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const pgPort = await reservedPort();
    const pgDir = path.join(tmp, 'pg');
    o.log(`own PostgreSQL on port ${pgPort}`);
    let pgHandle: EmbeddedHandle = await startEmbeddedPostgres(pgDir, pgPort, o.log);
    cleanups.push(() => pgHandle.stop());
    const databaseUrl = pgHandle.url;
    const pool = createPool(databaseUrl, 8);
    pool.on('error', () => {}); // a restart cuts idle connections; the next query reconnects
    cleanups.push(() => pool.end());

    const redisPort = await reservedPort();
    const redis = new RedisProcess(redisPort, tmp);
    o.log(`own redis-server on port ${redisPort}`);
    await redis.start();
    cleanups.push(() => redis.stop());
    const redisUrl = `redis://127.0.0.1:${redisPort}`;

    const s3 = await startS3();
    cleanups.push(() => s3.close());
    const s3Port = Number(new URL(s3.endpoint).port);
    const storage = new TcpProxy(() => [{ host: '127.0.0.1', port: s3Port }]);
    await storage.listen();
    cleanups.push(() => storage.close());

    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());

    const apis: Replica[] = [];
    const workers: Replica[] = [];
    const unready = new Set<Replica>();
    const serving = () => apis.filter((r) => running(r) && !unready.has(r));
    const webhook = new TcpProxy(() => serving().map((r) => ({ host: '127.0.0.1', port: r.opts.port })));
    await webhook.listen();
    cleanups.push(() => webhook.close());

    const authSecret = randomAuthSecret();
    const dataDir = path.join(tmp, 'data'); // shared: the local code host's repositories
    const env = {
      ...s3.env, S3_ENDPOINT: storage.url,
      DATA_DIR: dataDir, PUBLIC_URL: webhook.url, EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url,
      PODIUM_TEST_MODE: '1', CHROMIUM_PATH: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'production',
    };
    cleanups.push(() => stopAll([...apis, ...workers]));
    const boot = async (role: 'api' | 'worker', n: number, into: Replica[]) => {
      const batch: Replica[] = [];
      for (let i = 0; i < n; i++) {
        const r = await startReplica({ port: await reservedPort(), role, databaseUrl, redisUrl, authSecret, env });
        batch.push(r);
        into.push(r);
      }
      await Promise.all(batch.map((r) => waitHealthy(r, BOOT_MS)));
    };
    o.log('booting worker replicas (they migrate and install the job queue), then api replicas');
    await boot('worker', o.workerReplicas ?? 2, workers);
    await boot('api', o.apiReplicas ?? 2, apis);

    return {
      tmp, authSecret, databaseUrl, pool, redisUrl, smtp, storage, webhook, apis, workers, unready,
      liveApis: () => serving().map((r) => r.url),
      async restartPostgres(downMs) {
        await pgHandle.stop();
        await sleep(downMs);
        pgHandle = await startEmbeddedPostgres(pgDir, pgPort, o.log);
      },
      stopRedis: () => redis.stop(),
      startRedis: () => redis.start(),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
