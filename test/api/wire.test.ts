// Wire basics: JSON errors with the spec's shape for malformed JSON, bad fields, unknown
// routes and oversized bodies; security headers on every answer.
import test from 'ava';
import { http } from '../helpers/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
test.before(async () => (s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' } })));
test.after.always(() => s?.close());

test('malformed JSON is 400 invalid_json', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/request', { raw: '{"email": ' });
  t.is(r.status, 400);
  t.deepEqual(Object.keys(r.body.error).sort(), ['code', 'message']);
  t.is(r.body.error.code, 'invalid_json');
});

test('a missing or wrong field is 400 invalid_input naming the field', async (t) => {
  const missing = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: {} });
  t.is(missing.status, 400);
  t.is(missing.body.error.code, 'invalid_input');
  t.is(missing.body.error.field, 'email');
  t.regex(missing.body.error.message, /body\.email is required/);
  const extra = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'a@b.test', admin: true } });
  t.is(extra.status, 400);
  t.is(extra.body.error.field, 'admin');
  t.regex(extra.body.error.message, /body\.admin is not a known field/);
  const wrongType = await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'a@b.test', tool: 'spreadsheet' } });
  t.is(wrongType.body.error.field, 'tool');
});

test('an unknown route is a JSON 404', async (t) => {
  const r = await http(s.url, 'GET', '/api/v1/nothing-here?secret=1');
  t.is(r.status, 404);
  t.is(r.body.error.code, 'not_found');
  t.regex(r.headers.get('content-type')!, /application\/json/);
  t.false(r.body.error.message.includes('secret'));
});

test('an oversized body is 413 payload_too_large', async (t) => {
  const r = await http(s.url, 'POST', '/api/v1/cli/auth/request', { raw: JSON.stringify({ email: 'a@b.test', pad: 'x'.repeat(2 * 1024 * 1024) }) });
  t.is(r.status, 413);
  t.is(r.body.error.code, 'payload_too_large');
});

test('answers carry nosniff and no-referrer', async (t) => {
  const r = await http(s.url, 'GET', '/api/v1/instance');
  t.is(r.headers.get('x-content-type-options'), 'nosniff');
  t.is(r.headers.get('referrer-policy'), 'no-referrer');
});

test('health reports database, job queue and scheduler; metrics are Prometheus text', async (t) => {
  const h = await http(s.url, 'GET', '/api/v1/health');
  t.is(h.status, 200);
  t.true(h.body.database.ok);
  t.true(h.body.jobQueue.installed);
  t.false(h.body.scheduler.ok, 'no worker has beaten on this database');
  t.is(h.body.status, 'degraded');
  const m = await http(s.url, 'GET', '/metrics');
  t.regex(m.text, /podium_http_request_duration_seconds_bucket/);
});

test('the test clock route exists only in test mode', async (t) => {
  const prod = await startTestServer({ env: { PODIUM_TEST_MODE: '0' } });
  try {
    t.is((await http(prod.url, 'PUT', '/api/v1/test/clock', { body: { offsetSeconds: 60 } })).status, 404);
  } finally {
    await prod.close();
  }
});
