// Structured JSON logs (pino). Secrets never reach a log line: credentials are redacted
// by path, and URLs are scrubbed of tokens before they are logged.
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, name = 'podium'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.key', '*.token', '*.sealedCode', '*.totp'],
      censor: '[redacted]',
    },
  });
}

/** Drops query values and share-link secrets from a URL before it is logged. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : '?' + url.slice(q + 1).split('&').map((p) => p.split('=')[0] + '=[redacted]').join('&');
  return path.replace(/\/v\/[^/]+/, '/v/[redacted]') + query;
}
