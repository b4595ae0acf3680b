// Usage per key and route is counted in memory on the hot path and handed to the job
// queue in batches (one `usage__flush` job per replica per interval). The worker folds
// the batches into Postgres; with the worker stopped, the jobs wait and nothing is lost.
import type pg from 'pg';

interface Tally {
  count: number;
  lastUsedAt: number; // epoch ms: Date.now() per request, the ISO text only when drained
}

export class UsageCounter {
  private tallies = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;

  record(keyId: string, route: string): void {
    const k = keyId + ' ' + route;
    const t = this.tallies.get(k);
    const now = Date.now();
    if (t) {
      t.count++;
      t.lastUsedAt = now;
    } else this.tallies.set(k, { count: 1, lastUsedAt: now });
  }

  drain(): { keyId: string; route: string; count: number; lastUsedAt: string }[] {
    const rows = [...this.tallies].map(([k, t]) => {
      const i = k.indexOf(' ');
      return { keyId: k.slice(0, i), route: k.slice(i + 1), count: t.count, lastUsedAt: new Date(t.lastUsedAt).toISOString() };
    });
    this.tallies.clear();
    return rows;
  }

  /** Hands the current tallies to the job queue; on failure they are put back. */
  async flush(pool: pg.Pool): Promise<number> {
    const rows = this.drain();
    if (rows.length === 0) return 0;
    try {
      await pool.query(`select graphile_worker.add_job('usage__flush', $1::json, max_attempts => 25)`, [JSON.stringify({ rows })]);
    } catch (err) {
      for (const r of rows) {
        const k = r.keyId + ' ' + r.route;
        const t = this.tallies.get(k);
        if (t) t.count += r.count;
        else this.tallies.set(k, { count: r.count, lastUsedAt: Date.parse(r.lastUsedAt) });
      }
      throw err;
    }
    return rows.length;
  }

  start(pool: pg.Pool, intervalMs: number, onError: (e: unknown) => void): void {
    this.timer = setInterval(() => this.flush(pool).catch(onError), intervalMs);
    this.timer.unref();
  }

  async stop(pool: pg.Pool): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush(pool);
  }
}
