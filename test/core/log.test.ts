// Log lines: JSON for machines (a pipe, a file, a collector), pretty lines for a person at a
// terminal (pino-pretty), LOG_FORMAT overriding either way; secrets are redacted in both.
import test from 'ava';
import { Writable } from 'node:stream';
import { loadConfig } from '../../core/config.ts';
import { createLogger, linesWritten, logFormatFor, requestLineLevel, SLOW_REQUEST_MS } from '../../core/log.ts';
import { mailBanner, sharedOutboxWarning } from '../../core/mail/index.ts';

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
  t.is(mailBanner(outbox), 'Mail: kept in the outbox, not sent (EMAIL_DRIVER=outbox, the default). Read it with `npx podium mail list` or at http://127.0.0.1:8080/operator/mail (instance operators: podium operator list).');
  t.is(mailBanner(loadConfig({ ...base, EMAIL_DRIVER: 'none' })), 'Mail: off (EMAIL_DRIVER=none): no sign-in codes, invitations or share links are mailed.');
  t.is(mailBanner(loadConfig({ ...base, EMAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' })), 'Mail: sent through smtp (EMAIL_DRIVER=smtp).');
});

test('start-up and the outbox page warn when strangers share an outbox instance: two workspaces or more, outbox only', (t) => {
  const outbox = loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:8080' });
  t.is(sharedOutboxWarning(outbox, 1), null);
  t.is(sharedOutboxWarning(outbox, 2), "This instance holds 2 workspaces and keeps its mail in the outbox: every instance operator (podium operator list) can read every tenant's sign-in codes and invitations, and so sign in as anyone. Set EMAIL_DRIVER=smtp (or resend, brevo) to send mail instead (docs/OPERATIONS.md, \"Mail\").");
  t.is(sharedOutboxWarning(loadConfig({ ...base, EMAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' }), 5), null);
});

test('request lines: every one at info in JSON; on a terminal only refusals, failures and slow answers', (t) => {
  const json = requestLineLevel(createLogger('info', 'podium', collector().stream as never, 'json'));
  t.is(json(200, 3), 'info');
  const tty = requestLineLevel(createLogger('info', 'podium', collector().stream as never, 'pretty'));
  t.is(tty(200, 3), 'debug');
  t.is(tty(304, 3), 'debug');
  t.is(tty(404, 3), 'info');
  t.is(tty(500, 3), 'info');
  t.is(tty(200, SLOW_REQUEST_MS), 'info');
});

test('a logger counts the lines it and its children wrote (what scrolls the setup link away)', (t) => {
  const log = createLogger('info', 'podium', collector().stream as never, 'pretty');
  log.info('a');
  log.debug('not written');
  log.child({ reqId: 'x' }).warn('b');
  t.is(linesWritten(log), 2);
});
