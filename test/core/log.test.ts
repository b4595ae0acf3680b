// Log lines: JSON for machines (a pipe, a file, a collector), pretty lines for a person at a
// terminal (pino-pretty), LOG_FORMAT overriding either way; secrets are redacted in both.
import test from 'ava';
import { Writable } from 'node:stream';
import { loadConfig } from '../../core/config.ts';
import { createLogger, logFormatFor } from '../../core/log.ts';
import { mailBanner } from '../../core/mail/index.ts';

const base = { DATABASE_URL: 'postgres://x/y', AUTH_SECRET: 'x'.repeat(32) };

function collector() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(chunk.toString()), done()) });
  return { lines, stream };
}

test('the format follows the terminal unless LOG_FORMAT says', (t) => {
  t.is(logFormatFor({ isTTY: true }), 'pretty');
  t.is(logFormatFor({ isTTY: false }), 'json');
  t.is(logFormatFor({}), 'json');
  t.is(logFormatFor({ isTTY: true }, 'json'), 'json');
  t.is(logFormatFor({ isTTY: false }, 'pretty'), 'pretty');
  t.is(loadConfig({ ...base, LOG_FORMAT: 'json' }).logFormat, 'json');
  t.throws(() => loadConfig({ ...base, LOG_FORMAT: 'fancy' }), { message: /LOG_FORMAT must be one of auto, json, pretty/ });
});

test('pretty lines: time, level and message first, fields after, secrets redacted', (t) => {
  const { lines, stream } = collector();
  const log = createLogger('info', 'podium', stream as never, 'pretty');
  log.info({ url: '/x', body: { password: 'hunter2hunter2' } }, 'podium listening');
  const out = lines.join('');
  t.regex(out, /^\[\d\d:\d\d:\d\d\] INFO: podium listening /);
  t.false(out.trimStart().startsWith('{'));
  t.false(out.includes('hunter2'));
  t.regex(out, /\[redacted\]/);
});

test('a collector gets JSON lines by default', (t) => {
  const { lines, stream } = collector();
  createLogger('info', 'podium', stream as never).info({ a: 1 }, 'hello');
  t.is(JSON.parse(lines[0]!).msg, 'hello');
});

test('the boot banner says where mail goes for each driver', (t) => {
  const outbox = loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:8080' });
  t.is(mailBanner(outbox), 'Mail: kept in the outbox, not sent (EMAIL_DRIVER=outbox, the default). Read it with `npx podium mail list` or at http://127.0.0.1:8080/operator/mail (instance owners).');
  t.is(mailBanner(loadConfig({ ...base, EMAIL_DRIVER: 'none' })), 'Mail: off (EMAIL_DRIVER=none): no sign-in codes, invitations or share links are mailed.');
  t.is(mailBanner(loadConfig({ ...base, EMAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' })), 'Mail: sent through smtp (EMAIL_DRIVER=smtp).');
});
