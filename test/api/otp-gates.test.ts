// With EMAIL_DRIVER=none the code endpoints answer 400 otp_unavailable; on a cloud
// instance (hub configured) they answer 403 cli_otp_disabled.
import test from 'ava';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let plain: TestServer;
let cloud: TestServer;
test.before(async () => {
  plain = await startTestServer({ env: { EMAIL_DRIVER: 'none' } });
  cloud = await startTestServer({ env: { HUB_URL: 'https://hub.podium.test', HUB_INSTANCE_SECRET: 'test-instance-secret-0123456789abcdef', EMAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' } });
});
test.after.always(async () => {
  await plain?.close();
  await cloud?.close();
});

for (const path of ['/api/v1/cli/auth/request', '/api/v1/cli/auth/complete']) {
  test(`${path} without an email driver: 400 otp_unavailable`, async (t) => {
    const r = await http(plain.url, 'POST', path, { body: { email: 'a@b.test', code: '123456' } });
    t.is(r.status, 400);
    t.is(r.body.error.code, 'otp_unavailable');
  });
  test(`${path} on a cloud instance: 403 cli_otp_disabled`, async (t) => {
    const r = await http(cloud.url, 'POST', path, { body: { email: 'a@b.test', code: '123456' } });
    t.is(r.status, 403);
    t.is(r.body.error.code, 'cli_otp_disabled');
  });
}

test('discovery: password only without a driver; hub on a cloud instance', async (t) => {
  t.deepEqual((await http(plain.url, 'GET', '/api/v1/instance')).body.auth.methods, ['password']);
  const c = await http(cloud.url, 'GET', '/api/v1/instance');
  t.true(c.body.auth.methods.includes('hub'));
  t.false(c.body.auth.methods.includes('email_code'));
  t.is(c.body.kind, 'cloud');
});

test('discovery announces the operator\'s per-file cap', async (t) => {
  const s = await startTestServer({ env: { MAX_FILE_SIZE_MB: '7' } });
  try {
    t.is((await http(s.url, 'GET', '/api/v1/instance')).body.limits.maxFileSizeMb, 7);
  } finally {
    await s.close();
  }
});
