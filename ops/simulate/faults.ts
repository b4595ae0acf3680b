// The fault injector: each fault breaks one thing the simulation owns, for a while, then
// mends it, and keeps when it began, when it ended and when the broken part answered again.
// The scenario decides when (at seeded moments of its phases); `--seed` repeats them.
import { restartReplica, running, waitHealthy, type Replica } from '../replicas/stack.ts';
import { BOOT_MS, type Services } from './services.ts';

export type FaultKind = 'api-kill' | 'worker-kill' | 'postgres-restart' | 'redis-down' | 'storage-refuse' | 'webhook-unreachable';

export interface FaultRecord {
  kind: FaultKind;
  phase: string; // what the scenario was doing
  target: string;
  start: number; // Date.now() when broken
  end: number; // when mended (process restarted, service back, proxy accepting)
  healthy: number | null; // when the broken part answered again (a replica's health)
  note: string;
}

export interface FaultDurations {
  killDownMs: number; // a killed replica stays down this long before its restart
  postgresDownMs: number;
  redisDownMs: number;
  storageRefuseMs: number;
  webhookRefuseMs: number;
  /** After a worker kill, recover its jobs at once as an operator would (docs/OPERATIONS.md):
   *  backdate that replica's heartbeat and run app_private.recover_dead_workers(). Off: wait
   *  for the live workers' own recovery (2-3 minutes). */
  operatorRecovery: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FaultInjector {
  readonly records: FaultRecord[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private turn = 0;

  constructor(private readonly svc: Services, private readonly d: FaultDurations, private readonly log: (m: string) => void) {}

  /** Starts a fault (not awaiting its end); `settled()` waits for every fault in flight. */
  fire(kind: FaultKind, phase: string, task?: string): Promise<void> {
    const p = this.run(kind, phase, task).catch((err) => this.log(`fault ${kind} failed: ${(err as Error).stack}`));
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }

  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private pick(rs: Replica[]): Replica {
    const live = rs.filter(running);
    if (live.length === 0) throw new Error('no live replica to break');
    return live[this.turn++ % live.length]!;
  }

  /** A live worker replica holding a job of `task` now (waits up to 30 s for one), else any. */
  private async workerHolding(task: string | undefined): Promise<Replica> {
    const live = this.svc.workers.filter(running);
    if (task) {
      const end = Date.now() + 30_000;
      while (Date.now() < end) {
        const { rows } = await this.svc.pool.query(
          `select distinct h.worker_id from graphile_worker.jobs j join app_private.worker_heartbeats h on j.locked_by = any(h.queue_pool_ids)
            where j.task_identifier = $1 and j.locked_at is not null`, [task]).catch(() => ({ rows: [] as { worker_id: string }[] }));
        const pids = rows.map((r) => r.worker_id.split(':')[1]);
        const r = live.find((x) => pids.includes(String(x.child?.pid)));
        if (r) return r;
        await sleep(50);
      }
    }
    return this.pick(live);
  }

  private async run(kind: FaultKind, phase: string, task?: string): Promise<void> {
    const rec: FaultRecord = { kind, phase, target: '', start: Date.now(), end: 0, healthy: null, note: '' };
    this.records.push(rec);
    const s = this.svc;
    switch (kind) {
      case 'api-kill':
      case 'worker-kill': {
        const r = kind === 'api-kill' ? this.pick(s.apis) : await this.workerHolding(task);
        const pid = r.child!.pid!;
        rec.target = `${r.opts.role} ${r.url} (pid ${pid})`;
        this.log(`FAULT ${kind}: SIGKILL ${rec.target} during ${phase}`);
        rec.start = Date.now();
        s.unready.add(r);
        r.child!.kill('SIGKILL');
        await r.exited;
        if (kind === 'worker-kill') rec.note = await this.jobsOf(pid);
        await sleep(this.d.killDownMs);
        await restartReplica(r);
        rec.end = Date.now();
        await waitHealthy(r, BOOT_MS);
        s.unready.delete(r);
        rec.healthy = Date.now();
        if (kind === 'worker-kill' && this.d.operatorRecovery) await this.recover(pid, rec);
        break;
      }
      case 'postgres-restart': {
        rec.target = 'PostgreSQL';
        this.log(`FAULT postgres-restart during ${phase}`);
        await s.restartPostgres(this.d.postgresDownMs);
        rec.end = Date.now();
        rec.healthy = await this.untilHealthy();
        break;
      }
      case 'redis-down':
        rec.target = 'Redis';
        this.log(`FAULT redis-down for ${this.d.redisDownMs} ms during ${phase}`);
        await s.stopRedis();
        await sleep(this.d.redisDownMs);
        await s.startRedis();
        rec.end = rec.healthy = Date.now();
        break;
      case 'storage-refuse':
      case 'webhook-unreachable': {
        const [proxy, ms] = kind === 'storage-refuse' ? [s.storage, this.d.storageRefuseMs] : [s.webhook, this.d.webhookRefuseMs];
        rec.target = kind === 'storage-refuse' ? 'object storage (s3rver behind its proxy)' : 'webhook target (PUBLIC_URL proxy)';
        this.log(`FAULT ${kind} for ${ms} ms during ${phase}`);
        proxy.refuse();
        await sleep(ms);
        proxy.restore();
        rec.end = rec.healthy = Date.now();
        break;
      }
    }
    this.log(`FAULT ${kind} mended after ${((rec.end - rec.start) / 1000).toFixed(1)} s`);
  }

  /** Jobs the killed worker held (locked by its pools). */
  private async jobsOf(pid: number): Promise<string> {
    const { rows } = await this.svc.pool.query(
      `select j.task_identifier as task, count(*)::int as n from graphile_worker.jobs j
         join app_private.worker_heartbeats h on j.locked_by = any(h.queue_pool_ids)
        where h.worker_id like '%:' || $1 || ':%' group by 1 order by 1`, [String(pid)]).catch(() => ({ rows: [] as { task: string; n: number }[] }));
    return rows.length ? `held ${rows.map((r) => `${r.n} ${r.task}`).join(', ')}` : 'held no job';
  }

  private async recover(pid: number, rec: FaultRecord): Promise<void> {
    await this.svc.pool.query(`update app_private.worker_heartbeats set beat_at = now() - interval '1 hour' where worker_id like '%:' || $1 || ':%'`, [String(pid)]);
    const r = (await this.svc.pool.query('select app_private.recover_dead_workers() as r')).rows[0].r;
    rec.note += `; operator recovery unlocked ${r.unlockedJobs} job(s)`;
  }

  private async untilHealthy(): Promise<number> {
    for (;;) {
      const ok = await Promise.all(this.svc.liveApis().map((u) => fetch(u + '/api/v1/health', { signal: AbortSignal.timeout(2_000) }).then((r) => r.status === 200, () => false)));
      if (ok.length && ok.every(Boolean)) return Date.now();
      await sleep(200);
    }
  }
}

