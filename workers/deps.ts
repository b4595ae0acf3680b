// What every task is given: the shared name lives here, not in workers/index.ts, so tasks
// never import the module that lists them (no import circle).
import type pg from 'pg';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/log.ts';
import type { MailDriver } from '../core/mail/index.ts';
import type { Metrics } from '../core/metrics.ts';

export interface WorkerDeps {
  config: Config;
  pool: pg.Pool;
  log: Logger;
  mail: MailDriver | null;
  metrics?: Metrics;
}
