// What every route and page is given (the server builds it once): shared names live here,
// not in api/server.ts, so routes never import the module that wires them (no import circle).
import type pg from 'pg';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/log.ts';
import type { Metrics } from '../core/metrics.ts';
import type { RateLimiter } from '../core/rate-limit.ts';
import type { UsageCounter } from '../core/usage.ts';

export interface ApiDeps {
  config: Config;
  pool: pg.Pool;
  limiter: RateLimiter;
  usage: UsageCounter;
  log: Logger;
  metrics?: Metrics; // shared with the worker in the same process; made here otherwise
}

/** One route as registered (the bad-input sweep walks these, so new routes are swept too). */
export interface RouteEntry {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  auth: string;
}

