// The sign-in code is a secret: the queue carries it sealed, the table only its HMAC.
// No worker here, so the mail job stays queued for inspection.
import test from 'ava';
import { unseal } from '../../core/crypto.ts';
import { http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../helpers/server.ts';

let s: TestServer;
test.before(async () => {
  s = await startTestServer({ env: { EMAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' } });
  await seed.basicWorkspace(s.db.pool);
});
test.after.always(() => s?.close());

test('the queued mail carries the code sealed, and neither the queue nor the table holds it in plain text', async (t) => {
  t.is((await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'owner@acme.test' } })).status, 200);
  const { rows } = await s.db.pool.query(`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'mail__send'`);
  t.is(rows.length, 1);
  const code = unseal(TEST_AUTH_SECRET, rows[0].payload.sealedCode);
  t.regex(code, /^\d{6}$/);
  t.false(JSON.stringify(rows[0].payload).includes(code));
  const stored = await s.db.pool.query(`select encode(code_hash, 'hex') as h, code_hash from app_private.login_codes`);
  t.is(stored.rows[0].code_hash.length, 32);
  t.false(stored.rows[0].h.includes(Buffer.from(code).toString('hex')));
  // A second request replaces the pending mail (job key) and the code.
  await http(s.url, 'POST', '/api/v1/cli/auth/request', { body: { email: 'owner@acme.test' } });
  const again = await s.db.pool.query(`select count(*)::int as n from graphile_worker._private_jobs`);
  t.is(again.rows[0].n, 1);
  t.is((await s.db.pool.query(`select count(*)::int as n from app_private.login_codes`)).rows[0].n, 1);
});
