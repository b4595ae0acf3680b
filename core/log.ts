// Structured JSON logs (pino). Secrets never reach a log line: credentials are redacted
// by path, and URLs are scrubbed of tokens before they are logged.
import pino from 'pino';

export type Logger = pino.Logger;

/** `destination` defaults to stdout; tests pass a stream to read the lines written. */
export function createLogger(level: string, name = 'podium', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.key', '*.token', '*.sealedCode', '*.totp'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

// Paths whose first segment after the prefix is a credential: a share link's token
// (/v/<token>/...) and a demo link's secret (/demo/<secret>). Query values (setup links'
// ?token=, demo ?to=) are all dropped.
const SECRET_SEGMENT = /^\/(v|demo)\/[^/]+/;

/** Drops query values and link secrets from a URL before it is logged. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : '?' + url.slice(q + 1).split('&').map((p) => p.split('=')[0] + '=[redacted]').join('&');
  return path.replace(SECRET_SEGMENT, '/$1/[redacted]') + query;
}
