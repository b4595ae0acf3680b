// req.log without a pino child per request. fastify gives every request a child logger
// bound to its id; pino builds a child by serializing (and redacting) its bindings, about
// 5% of a small request's CPU, for a logger most requests never use (the request line is
// written by the root logger, with the id, in onResponse). The child is made on the
// request's first log call instead.
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from '../core/log.ts';

type Bindings = Record<string, unknown>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

class LazyChild {
  #child: Logger | null = null;
  constructor(
    readonly parent: Logger,
    readonly bound: Bindings,
    readonly options: Record<string, unknown>,
  ) {}

  #real(): Logger {
    return (this.#child ??= this.parent.child(this.bound, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }
  bindings(): Bindings {
    return this.#real().bindings();
  }
  child(bindings: Bindings, options?: Record<string, unknown>): Logger {
    return this.#real().child(bindings, options);
  }
  #log(level: Level, args: unknown[]): void {
    if (!(this.#child ?? this.parent).isLevelEnabled(level)) return; // nothing to write: no child either
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}
}

/** fastify's childLoggerFactory: a route's own log level still gets a real child at once. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: { level?: string }): FastifyBaseLogger {
  const parent = logger as unknown as Logger; // the server's pino logger (buildApi's loggerInstance)
  if (options.level !== undefined) return parent.child(bindings, options) as unknown as FastifyBaseLogger;
  return new LazyChild(parent, bindings, options) as unknown as FastifyBaseLogger;
}
