// The simulated people's HTTP client: every call goes to one of the API replicas that run
// now (round robin), and what may pass later (the replica went away, 5xx, 429, a timeout) is
// retried on the next replica under the same Idempotency-Key, so an acknowledged create is
// never made twice by a retry. Every failed attempt is kept with its kind and instant: the
// report counts them per fault window.
import { randomUUID } from 'node:crypto';

export interface AttemptError {
  at: number; // Date.now() of the failed attempt
  op: string;
  kind: string; // net:ECONNREFUSED, http:503:<code>, timeout, ...
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** Send an Idempotency-Key (the same on every retry). true: a fresh one. */
  idempotencyKey?: string | true;
  /** Statuses that are an answer (anything else is thrown). Default: 2xx. */
  ok?: number[];
  /** Give up after this long (ms). */
  deadlineMs?: number;
  headers?: Record<string, string>;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  ms: number; // first attempt to the answer, retries included
  attempts: number;
}

export class WireError extends Error {
  constructor(readonly op: string, readonly status: number, readonly body: any) {
    super(`${op}: HTTP ${status} ${typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300)}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRYABLE = (s: number) => s >= 500 || s === 429 || s === 408;

export class Wire {
  readonly errors: AttemptError[] = [];
  private turn = 0;
  constructor(private readonly bases: () => string[]) {}

  base(): string {
    const b = this.bases();
    if (b.length === 0) throw new Error('no API replica runs');
    return b[this.turn++ % b.length]!;
  }

  noteError(op: string, kind: string): void {
    this.errors.push({ at: Date.now(), op, kind });
  }

  async call<T = any>(op: string, method: string, path: string, o: CallOptions = {}): Promise<Answer<T>> {
    const t0 = performance.now();
    const deadline = Date.now() + (o.deadlineMs ?? 180_000);
    const idem = o.idempotencyKey === true ? randomUUID() : o.idempotencyKey;
    const headers: Record<string, string> = { ...o.headers };
    if (o.key) headers.authorization = `Bearer ${o.key}`;
    if (idem) headers['idempotency-key'] = idem;
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    let wait = 200;
    for (let attempt = 1; ; attempt++) {
      const bases = this.bases();
      let kind: string;
      if (bases.length === 0) kind = 'no_replica';
      else {
        try {
          const res = await fetch(this.base() + path, { method, headers, body, signal: AbortSignal.timeout(30_000) });
          const text = await res.text();
          let parsed: any = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          const fine = o.ok ? o.ok.includes(res.status) : res.status < 300;
          if (fine) return { status: res.status, body: parsed as T, ms: performance.now() - t0, attempts: attempt };
          if (!RETRYABLE(res.status)) throw new WireError(op, res.status, parsed);
          kind = `http:${res.status}:${parsed?.error?.code ?? '-'}`;
          if (res.status === 429) wait = Math.max(wait, 1000 * Number(parsed?.error?.retryAfterSeconds ?? 1));
        } catch (err) {
          if (err instanceof WireError) throw err;
          const e = err as Error & { cause?: { code?: string } };
          kind = e.name === 'TimeoutError' ? 'timeout' : `net:${e.cause?.code ?? e.name}`;
        }
      }
      this.noteError(op, kind);
      if (Date.now() + wait > deadline) throw new Error(`${op}: gave up after ${attempt} attempts (last: ${kind})`);
      await sleep(wait);
      wait = Math.min(wait * 2, 2_000);
    }
  }
}

/** Runs `fn` over `items` with at most `n` at once; answers results in order. */
export async function pool<T, R>(items: readonly T[], n: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  }));
  return out;
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
