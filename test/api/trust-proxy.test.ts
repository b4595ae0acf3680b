// TRUST_PROXY names the proxies in front (a hop count or their addresses), never "every hop":
// behind one proxy the client is the entry that proxy appended (the right-most of
// X-Forwarded-For), so rotating the left-most entry, which the client writes itself, does
// not open a new sign-in bucket.
import test from 'ava';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let hop: TestServer;
let listed: TestServer;
test.before(async () => {
  hop = await startTestServer({ env: { TRUST_PROXY: '1' } });
  listed = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1/8, ::1' } });
});
test.after.always(async () => {
  await hop?.close();
  await listed?.close();
});

/** A wrong password through the proxy: `forged` is what the client wrote, `client` what the proxy appended. */
const wrong = (s: TestServer, email: string, forged: string, client: string) =>
  http(s.url, 'POST', '/api/v1/auth/session', { body: { email, password: 'wrong-password' }, headers: { 'x-forwarded-for': `${forged}, ${client}` } });

for (const [name, server] of [['TRUST_PROXY=1 (one hop)', () => hop], ['TRUST_PROXY=<the proxy\'s addresses>', () => listed]] as const) {
  test(`${name}: a rotated left-most X-Forwarded-For does not reset the sign-in wall`, async (t) => {
    const s = server();
    const email = 'rotate@acme.test';
    for (let i = 0; i < 10; i++) t.is((await wrong(s, email, `10.9.${i}.${i}`, '203.0.113.7')).status, 401, `attempt ${i + 1}`);
    const r = await wrong(s, email, '10.9.99.99', '203.0.113.7');
    t.is(r.status, 429, 'the eleventh attempt from the same client waits, whatever it forged');
    t.is(r.body.error.code, 'rate_limited');
    // Another client behind the same proxy has its own bucket: the proxy's entry is read.
    t.is((await wrong(s, email, '10.9.0.0', '198.51.100.9')).status, 401);
  });
}
