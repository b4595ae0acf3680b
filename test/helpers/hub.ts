// A real hub (SERVICE_ROLE=hub: its routes and a worker for its mails) on loopback, over a
// database of its own, with an SMTP listener for its sign-in codes; and cloud instances
// behind it (HUB_URL, HUB_INSTANCE_SECRET), each registered at the hub. Hub calls are counted
// at the hub, from its own request log.
import type pg from 'pg';
import { randomToken, sha256 } from '../../core/crypto.ts';
import { HubSigner } from '../../core/hub/signer.ts';
import { http } from './http.ts';
import { startTestServer, TEST_AUTH_SECRET, type TestServer, type TestServerOptions } from './server.ts';
import { codeIn, startSmtp } from '../../ops/harness/smtp.ts';

export interface TestHub extends TestServer {
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  pool: pg.Pool;
  /** Requests the hub answered so far, by `METHOD path` (path without its query). */
  calls(): { method: string; path: string; status: number }[];
  /** How many requests reached the hub whose path starts with `prefix` (every one without). */
  count(prefix?: string): number;
  /** Starts a cloud instance behind this hub and registers it (its URL is its token audience). */
  instance(name: string, opts?: TestServerOptions): Promise<TestServer & { secret: string }>;
  organization(name: string, instanceUrl: string, tools: string[]): Promise<{ id: string; name: string }>;
  member(org: string, email: string, role?: string, name?: string): Promise<{ id: string; email: string }>;
  /** Signs an account in through the hub's routes (emailed code over SMTP); answers its hub login. */
  signIn(email: string): Promise<string>;
  rotate(): Promise<{ kid: string; published: string[] }>;
}

export async function startTestHub(opts: TestServerOptions = {}): Promise<TestHub> {
  const smtp = await startSmtp();
  const logLines: string[] = [];
  const s = await startTestServer({
    ...opts,
    surface: 'hub',
    worker: true,
    logLines,
    env: { SERVICE_ROLE: 'hub', EMAIL_DRIVER: 'smtp', SMTP_URL: smtp.url, LOG_LEVEL: 'info', ...opts.env },
  });
  const pool = s.db.pool;
  const instances: TestServer[] = [];
  const calls = () =>
    logLines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request')
      .map((l) => ({ method: l.method as string, path: (l.url as string).split('?')[0], status: l.status as number }));
  const hub: TestHub = {
    ...s,
    smtp,
    pool,
    calls,
    count: (prefix = '') => calls().filter((c) => c.path.startsWith(prefix)).length,
    async instance(name, iopts = {}) {
      const secret = randomToken(32);
      const i = await startTestServer({ ...iopts, env: { HUB_URL: s.url, HUB_INSTANCE_SECRET: secret, ...iopts.env } });
      await pool.query('select hub_private.register_instance($1, $2, $3)', [i.url, name, sha256(secret)]);
      instances.push(i);
      return Object.assign(i, { secret });
    },
    async organization(name, instanceUrl, tools) {
      return (await pool.query('select hub_private.create_organization($1, $2, $3) as r', [name, instanceUrl, tools])).rows[0].r;
    },
    async member(org, email, role = 'member', name) {
      return (await pool.query('select hub_private.add_organization_member($1, $2, $3, $4) as r', [org, email, role, name ?? null])).rows[0].r;
    },
    async signIn(email) {
      const before = smtp.mails.length;
      const asked = await http(s.url, 'POST', '/hub/v1/auth/request', { body: { email } });
      if (asked.status !== 200) throw new Error(`hub code request: ${asked.status} ${asked.text}`);
      const mails = await smtp.waitFor(before + 1);
      const done = await http(s.url, 'POST', '/hub/v1/auth/complete', { body: { email, code: codeIn(mails[mails.length - 1]) } });
      if (done.status !== 201) throw new Error(`hub sign-in: ${done.status} ${done.text}`);
      return done.body.login;
    },
    rotate: () => new HubSigner(pool, TEST_AUTH_SECRET).rotate(),
    async close() {
      for (const i of instances) await i.close().catch(() => {});
      await s.close();
      await smtp.close();
    },
  };
  return hub;
}
