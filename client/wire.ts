// The HTTP client both CLIs use: JSON in and out, every call with a timeout, wire errors
// ({ error: { code, message } }) turned into WireErrors (client/errors.ts).
import { Readable } from 'node:stream';
import { ClientError, WireError } from './errors.ts';
import type { Answer, Body, TypedRoute } from '../core/wire/routes.ts';

/** What a registered route's call carries: the path's placeholders, a query, a body, headers. */
export interface CallOptions<B> {
  /** One value per `:name` of the route's path, put in as given (already encoded where it may need it, as onePathArg answers). */
  params?: Record<string, string | number>;
  /** Appended to the path as written (`?status=open&limit=100`). */
  query?: string;
  body?: B;
  headers?: Record<string, string>;
}

/** The path of a route (`GET /api/v1/files/:id`) with its placeholders filled. */
export function routePath(route: string, params: Record<string, string | number> = {}): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/:([A-Za-z0-9]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${route}: no value for :${name}`);
    return String(v);
  });
}

export interface WireOptions {
  baseUrl: string;
  key?: string | null;
  headers?: Record<string, string>;
  userAgent: string;
  timeoutMs?: number;
  /** The network edge (default: the global fetch); tests hand in their own to record or replay answers. */
  fetch?: typeof fetch;
  /**
   * A 401 for the key: answers a replacement key to retry the request with once (a cached hub
   * key exchanged again), or null to let the refusal stand. Streamed bodies are not retried.
   */
  onUnauthorized?: () => Promise<string | null>;
  /** A sentence appended when the server cannot be reached (e.g. how to name another instance). */
  unreachableHint?: string;
}

/**
 * A registered route's answer is typed by the wire registry (core/wire/routes.ts):
 * `call('GET /api/v1/files/:id', { params: { id } })`. Routes the registry has no type for yet,
 * and paths outside /api/v1, are typed by the caller: `request<T>` / `all<T>` / `exchange<T>` /
 * `upload<T>` name the shape (core/wire/*.ts). The default is `unknown`, so a call that names
 * none gives nothing a command could read without saying what it expects.
 */
export class WireClient {
  constructor(readonly opts: WireOptions) {}

  get baseUrl(): string {
    return this.opts.baseUrl;
  }

  /** One call of a registered route, its answer typed by the registry (the registry is read for types only: nothing of it runs here). */
  async call<K extends TypedRoute>(route: K, o: CallOptions<Body<K>> = {}): Promise<Answer<K>> {
    const method = route.slice(0, route.indexOf(' '));
    return this.request<Answer<K>>(method, routePath(route, o.params) + (o.query ?? ''), o.body, o.headers);
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    return (await this.exchange<T>(method, path, body, extraHeaders)).body;
  }

  /** Every page of a `{ items, nextCursor }` listing. */
  async all<T = unknown>(path: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page: { items: T[]; nextCursor: string | null } = await this.request<{ items: T[]; nextCursor: string | null }>('GET', `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  /** The answer with its headers (sign-in answers carry a cookie). */
  async exchange<T = unknown>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<{ body: T; headers: Headers }> {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    return this.send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), { ...headers, ...extraHeaders });
  }

  /** Streams bytes up (uploads): the body is never held whole in memory. */
  async upload<T = unknown>(path: string, body: NodeJS.ReadableStream, size: number, timeoutMs = 10 * 60_000): Promise<T> {
    const stream = Readable.toWeb(body as Readable) as unknown as ReadableStream;
    return (await this.send<T>('PUT', path, stream, { 'content-type': 'application/octet-stream', 'content-length': String(size) }, timeoutMs)).body;
  }

  /** Streams bytes down (downloads): the answer's body, unread. */
  async download(path: string, timeoutMs = 10 * 60_000): Promise<AsyncIterable<Uint8Array>> {
    const res = await this.fetchOk('GET', path, undefined, { accept: 'application/octet-stream' }, timeoutMs);
    if (!res.body) throw new ClientError(`${this.opts.baseUrl} answered ${path} without a body`, 'environment', 'environment');
    return res.body as unknown as AsyncIterable<Uint8Array>;
  }

  /**
   * Opens a long-lived answer (server-sent events): no overall timeout, ended by `signal`.
   * A refusal is a WireError like any other answer's; an unreachable server, a ClientError (environment).
   */
  async openStream(path: string, extraHeaders: Record<string, string>, signal: AbortSignal): Promise<Response> {
    return this.fetchOk('GET', path, undefined, { accept: 'text/event-stream', ...extraHeaders }, undefined, signal);
  }

  private async send<T>(method: string, path: string, body: BodyInit | undefined, extraHeaders: Record<string, string>, timeoutMs?: number): Promise<{ body: T; headers: Headers }> {
    const res = await this.fetchOk(method, path, body, extraHeaders, timeoutMs);
    const text = await res.text();
    return { body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  /** One request; a non-2xx answer becomes a WireError (its JSON error when it has one). */
  private async fetchOk(method: string, path: string, body: BodyInit | undefined, extraHeaders: Record<string, string>, timeoutMs?: number, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { 'user-agent': this.opts.userAgent, accept: 'application/json', ...this.opts.headers, ...extraHeaders };
    if (this.opts.key) headers.authorization = `Bearer ${this.opts.key}`;
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(new URL(path, this.opts.baseUrl + '/'), {
        method,
        headers,
        body,
        signal: signal ?? AbortSignal.timeout(timeoutMs ?? this.opts.timeoutMs ?? 30_000),
        redirect: 'error',
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      throw new ClientError(`cannot reach ${this.opts.baseUrl} (${cause})${this.opts.unreachableHint ? `. ${this.opts.unreachableHint}` : ''}`, 'environment', 'unreachable');
    }
    if (res.ok) return res;
    if (res.status === 401 && this.opts.key && this.opts.onUnauthorized && !(body instanceof ReadableStream)) {
      const replacement = await this.opts.onUnauthorized();
      if (replacement) {
        await res.body?.cancel();
        this.opts.key = replacement;
        return this.fetchOk(method, path, body, extraHeaders, timeoutMs);
      }
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    const e = json?.error;
    if (e?.code) {
      const { code, message, ...details } = e;
      throw new WireError(res.status, code, message ?? code, details);
    }
    throw new WireError(res.status, `http_${res.status}`, `${this.opts.baseUrl} answered ${res.status} ${res.statusText}`);
  }
}
