// The local code host's push delivery retries what may pass later under one delivery id,
// and gives up at once on a refusal.
import test from 'ava';
import http from 'node:http';
import { deliver } from '../../core/codehost/local-push.ts';
import { signBody, webhookSecret } from '../../core/codehost/webhook.ts';

async function endpoint(statuses: number[]) {
  const seen: { delivery: string; signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ delivery: String(req.headers['x-github-delivery']), signature: String(req.headers['x-hub-signature-256']), body });
      res.writeHead(statuses[Math.min(seen.length - 1, statuses.length - 1)]).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const SECRET = 'x'.repeat(40);

test('transient failures are retried under the same delivery id until accepted', async (t) => {
  const e = await endpoint([503, 500, 202]);
  try {
    t.is(await deliver(e.url, SECRET, 'ev1', 'push', { ref: 'refs/heads/main' }), 202);
    t.is(e.seen.length, 3);
    t.is(new Set(e.seen.map((x) => x.delivery)).size, 1);
    for (const x of e.seen) t.is(x.signature, signBody(webhookSecret(SECRET, 'ev1'), x.body));
  } finally {
    await e.close();
  }
});

test('a refusal (4xx) is not retried', async (t) => {
  const e = await endpoint([401]);
  try {
    t.is(await deliver(e.url, SECRET, 'ev1', 'push', {}), 401);
    t.is(e.seen.length, 1);
  } finally {
    await e.close();
  }
});
