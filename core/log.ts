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
  const options: pino.LoggerOptions = {
    name,
    level,
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.key', '*.token', '*.sealedCode', '*.totp', '*.grant', '*.login', '*.secret', '*.twoFactorCode', '*.privateSealed'],
      censor: '[redacted]',
    },
  };
  const stdout = destination ? { isTTY: false } : process.stdout; // a test's collector is not a terminal
  if (logFormatFor(stdout, format) === 'pretty') return pino(options, prettyStream(destination as NodeJS.WritableStream | undefined, !destination));
  return destination ? pino(options, destination) : pino(options);
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
