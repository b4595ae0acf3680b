// The HTTP mail drivers against a local stand-in of their APIs (the real services are
// outside this machine's reach): method, path, auth header and body shape, and failures.
import test from 'ava';
import http from 'node:http';
import { loadConfig } from '../../core/config.ts';
import { createMailDriver } from '../../core/mail/index.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

async function standIn(status = 200): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(status, { 'content-type': 'application/json' }).end(status < 300 ? '{"id":"x"}' : '{"message":"nope"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

const base = { DATABASE_URL: 'postgres://x/y', AUTH_SECRET: 'x'.repeat(32), MAIL_FROM: 'Podium <podium@acme.test>' };
const mail = { to: 'a@b.test', subject: 'Hello', text: 'Body' };

test('resend: POST /emails with a bearer key and the mail as JSON', async (t) => {
  const s = await standIn();
  try {
    const d = createMailDriver(loadConfig({ ...base, EMAIL_DRIVER: 'resend', RESEND_API_KEY: 're_123', RESEND_API_URL: s.url }))!;
    await d.send(mail);
    t.is(s.seen[0].method, 'POST');
    t.is(s.seen[0].url, '/emails');
    t.is(s.seen[0].headers.authorization, 'Bearer re_123');
    t.deepEqual(s.seen[0].body, { from: 'Podium <podium@acme.test>', to: ['a@b.test'], subject: 'Hello', text: 'Body' });
  } finally {
    await s.close();
  }
});

test('brevo: POST /v3/smtp/email with api-key and sender split from MAIL_FROM', async (t) => {
  const s = await standIn();
  try {
    const d = createMailDriver(loadConfig({ ...base, EMAIL_DRIVER: 'brevo', BREVO_API_KEY: 'xkeysib', BREVO_API_URL: s.url }))!;
    await d.send(mail);
    t.is(s.seen[0].url, '/v3/smtp/email');
    t.is(s.seen[0].headers['api-key'], 'xkeysib');
    t.deepEqual(s.seen[0].body, { sender: { name: 'Podium', email: 'podium@acme.test' }, to: [{ email: 'a@b.test' }], subject: 'Hello', textContent: 'Body' });
  } finally {
    await s.close();
  }
});

test('a refusing API fails the send (the job retries), naming the service and status', async (t) => {
  const s = await standIn(422);
  try {
    const d = createMailDriver(loadConfig({ ...base, EMAIL_DRIVER: 'resend', RESEND_API_KEY: 're_123', RESEND_API_URL: s.url }))!;
    await t.throwsAsync(() => d.send(mail), { message: /Resend refused the mail: HTTP 422/ });
  } finally {
    await s.close();
  }
});

test('EMAIL_DRIVER=none: no mail driver; unset: the outbox, which needs the database pool', (t) => {
  t.is(createMailDriver(loadConfig({ ...base, EMAIL_DRIVER: 'none' })), null);
  t.throws(() => createMailDriver(loadConfig(base)), { message: /outbox mail driver needs the database pool/ });
});
