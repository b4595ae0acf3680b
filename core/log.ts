// Structured JSON logs (pino). Secrets never reach a log line: credentials are redacted
// by path, and URLs are scrubbed of tokens before they are logged.
import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

// What PostgreSQL attaches to an error beyond its message: the failing row, the JSON text
// being parsed (form answers, webhook payloads), the statement. User data, never logged.
const PG_ERROR_DATA = ['detail', 'where', 'hint', 'internalQuery', 'internalPosition', 'position', 'schema', 'table', 'column', 'dataType'];

/** pino's error serializer, minus the parts of a PostgreSQL error that carry values. */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (out && typeof out === 'object' && typeof (err as { severity?: unknown })?.severity === 'string' && typeof (err as { code?: unknown }).code === 'string') {
    for (const k of PG_ERROR_DATA) delete out[k];
  }
  return out;
}

/** Pretty lines for a person at a terminal (pino-pretty, in-process), JSON for anything else. */
export function logFormatFor(stdout: { isTTY?: boolean }, format: 'auto' | 'json' | 'pretty' = 'auto'): 'pretty' | 'json' {
  if (format !== 'auto') return format;
  return stdout.isTTY ? 'pretty' : 'json';
}

/** The pretty stream: one line per record, time and level first, the rest as key=value. */
export function prettyStream(destination?: NodeJS.WritableStream, colorize = true): pino.DestinationStream {
  return pretty({ colorize, translateTime: 'UTC:HH:MM:ss', ignore: 'pid,hostname,name', singleLine: true, sync: true, destination: destination ?? 1 });
}

/**
 * `destination` is for tests that read the log lines; production writes to stdout, as
 * pretty lines on a terminal and JSON otherwise (`format`: LOG_FORMAT=json|pretty overrides).
 */
export function createLogger(level: string, name = 'podium', destination?: pino.DestinationStream, format: 'auto' | 'json' | 'pretty' = 'auto'): Logger {
  const stdout = destination ? { isTTY: false } : process.stdout; // a test's collector is not a terminal
  const pretty = logFormatFor(stdout, format) === 'pretty';
  const lines = { n: 0 };
  const options: pino.LoggerOptions = {
    name,
    level,
    // On a terminal, counts the lines written (children share it): the setup link is printed
    // again once enough of them have pushed it off the screen (ops/setup-reminder.ts). JSON
    // logs go to a collector: no hook on their hot path.
    ...(pretty && {
      hooks: {
        logMethod(args, method) {
          lines.n++;
          return method.apply(this, args as Parameters<typeof method>);
        },
      },
    }),
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.key', '*.token', '*.sealedCode', '*.totp', '*.grant', '*.login', '*.secret', '*.twoFactorCode', '*.privateSealed'],
      censor: '[redacted]',
    },
  };
  if (!pretty) return destination ? pino(options, destination) : pino(options);
  const logger = pino(options, prettyStream(destination as NodeJS.WritableStream | undefined, !destination));
  written.set(logger, lines);
  forPeople.add(logger);
  return logger;
}

const written = new WeakMap<Logger, { n: number }>();
const forPeople = new WeakSet<Logger>();

/** How many lines this pretty logger (a createLogger one) and its children have written so far (0 for JSON logs). */
export function linesWritten(log: Logger): number {
  return written.get(log)?.n ?? 0;
}

/** True for a logger writing pretty lines (a person at a terminal reads them). */
export function writesForPeople(log: Logger): boolean {
  return forPeople.has(log);
}

/** A request slower than this is worth a person's attention (an info line on a terminal). */
export const SLOW_REQUEST_MS = 1_000;

/**
 * The level of a request's line. JSON logs keep every request at info (a collector wants
 * them all); pretty lines are for a person at a terminal, where 800 request lines in 40
 * minutes bury the boot banner and the setup link: there a quick success is debug and only
 * a refusal, a failure or a slow answer is info.
 */
export function requestLineLevel(log: Logger): (status: number, ms: number) => 'info' | 'debug' {
  if (!forPeople.has(log)) return () => 'info';
  return (status, ms) => (status >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug');
}

// Paths whose first segment after the prefix is a credential: a share link's token
// (/v/<token>/...), a demo link's secret (/demo/<secret>) and an invitation link's secret
// (/invitations/<secret>). Query values (setup links' ?token=, demo ?to=) are all dropped.
const SECRET_SEGMENT = /^\/(v|demo|invitations)\/[^/]+/;

/** Drops query values and link secrets from a URL before it is logged. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : '?' + url.slice(q + 1).split('&').map((p) => p.split('=')[0] + '=[redacted]').join('&');
  return path.replace(SECRET_SEGMENT, '/$1/[redacted]') + query;
}
