// The headers every answer carries (api/fast-answer.ts securityHeaders): nosniff and
// no-referrer always; Strict-Transport-Security when PUBLIC_URL is https, on
// fastify's answers and on the share-link fast path's alike; never on a plain-http instance.
import test from 'ava';
import { publish } from '../helpers/deck.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const HSTS = 'max-age=31536000';
let tls: TestServer;
let plain: TestServer;
let linkPath = '';
test.before(async () => {
  tls = await startTestServer({ env: { PUBLIC_URL: 'https://podium.example' } });
  plain = await startTestServer({ db: tls.db });
  const { deckKey } = await seed.basicWorkspace(tls.db.pool);
  const deck = await publish(tls.url, deckKey.key, { 'index.html': '<!doctype html><h1>Deck</h1>' }, { title: 'Headers' });
  const link = await http(tls.url, 'POST', `/api/v1/presentations/${deck.body.presentation.id}/share-links`, { key: deckKey.key, body: {} });
  if (link.status !== 201) throw new Error(link.text);
  linkPath = new URL(link.body.url).pathname;
});
test.after.always(async () => {
  await plain?.close();
  await tls?.close();
});

test('PUBLIC_URL https: every answer says Strict-Transport-Security, the share-link fast path too', async (t) => {
  for (const p of ['/api/v1/health', '/api/v1/me', '/no-such-route', '/signin', linkPath, `${linkPath}index.html`, `${linkPath}index.html`]) {
    const r = await http(tls.url, 'GET', p); // index.html twice: the second is answered from the fast path's memory
    t.is(r.headers.get('strict-transport-security'), HSTS, `${p} (${r.status})`);
    t.is(r.headers.get('x-content-type-options'), 'nosniff', p);
  }
});

test('a plain-http PUBLIC_URL sends no Strict-Transport-Security', async (t) => {
  for (const p of ['/api/v1/health', '/no-such-route', `${linkPath}index.html`, `${linkPath}index.html`]) {
    const r = await http(plain.url, 'GET', p);
    t.is(r.headers.get('strict-transport-security'), null, p);
    t.is(r.headers.get('x-content-type-options'), 'nosniff', p);
  }
});
