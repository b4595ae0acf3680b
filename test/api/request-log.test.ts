// The request log never carries a secret of a URL: share-link tokens (/v/<token>/...), demo
// link secrets (/demo/<secret>) and query values (setup links' ?token=) are redacted.
import test from 'ava';
import { SLOW_REQUEST_MS } from '../../core/log.ts';
import { randomToken, sha256 } from '../../core/crypto.ts';
import { createLogger, scrubUrl } from '../../core/log.ts';
import { lazyChildLogger } from '../../api/request-log.ts';
import { person } from '../helpers/event.ts';
import { cookieFrom, http } from '../helpers/http.ts';
import * as seed from '../../ops/harness/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../../ops/harness/until.ts';

const lines: string[] = [];
let s: TestServer;
test.before(async () => {
  s = await startTestServer({ env: { DEMO_SIGNIN: '1' }, logLines: lines });
});
test.after.always(() => s?.close());

const requestLines = () => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');

test('demo link secrets, share tokens and setup tokens stay out of the request log', async (t) => {
  const setupToken = randomToken(24);
  await s.db.pool.query('select app_private.issue_setup_token($1)', [sha256(setupToken)]);
  t.is((await http(s.url, 'GET', `/setup?token=${setupToken}`)).status, 200);

  const ws = await seed.workspace(s.db.pool, 'Logs');
  const owner = await person(s.db.pool, ws.id, 'owner@logs.test', 'owner');
  const mia = await person(s.db.pool, ws.id, 'mia@logs.test');
  await seed.password(s.db.pool, owner.userId, 'correct horse battery');
  const cookie = cookieFrom(await http(s.url, 'POST', '/api/v1/auth/session', { body: { email: owner.email, password: 'correct horse battery' } }));
  const minted = await http(s.url, 'POST', '/api/v1/demo/passes', { cookie, body: { emails: [mia.email], paths: ['/event'] }, headers: { origin: s.url } });
  const link = new URL(minted.body.items[0].links[0]);
  const secret = link.pathname.split('/')[2];
  t.is((await http(s.url, 'GET', link.pathname + link.search)).status, 303);
  t.is((await http(s.url, 'GET', '/demo/not-a-live-secret-but-still-one')).status, 404);
  const shareToken = randomToken(24);
  await http(s.url, 'GET', `/v/${shareToken}/index.html`);

  const logged = lines.join('\n');
  for (const value of [secret, 'not-a-live-secret-but-still-one', setupToken, shareToken]) t.false(logged.includes(value), value);
  const urls = requestLines().map((l) => l.url);
  t.true(urls.includes('/demo/[redacted]?to=[redacted]'), urls.join(' '));
  t.true(urls.includes('/demo/[redacted]'));
  t.true(urls.includes('/setup?token=[redacted]'));
  t.true(urls.includes('/v/[redacted]/index.html'));
});

test('each request line carries its request id once', async (t) => {
  const before = lines.length;
  await http(s.url, 'GET', '/api/v1/health');
  await http(s.url, 'GET', '/api/v1/no-such-route');
  const fresh = lines.slice(before).filter((l) => JSON.parse(l).msg === 'request');
  t.true(fresh.length >= 2);
  for (const line of fresh) {
    t.is(line.match(/"reqId":/g)?.length, 1, line);
    t.truthy(JSON.parse(line).reqId);
  }
});

test('a request\'s logger is made on its first line: none for a request that logs nothing, one bound to its id for one that does', (t) => {
  const out: string[] = [];
  const root = createLogger('info', 'podium', { write: (line: string) => void out.push(line) });
  let made = 0;
  const child = root.child;
  root.child = function (this: typeof root, ...a: Parameters<typeof root.child>) {
    made++;
    return child.apply(this, a);
  } as typeof root.child;
  const quiet = lazyChildLogger(root, { reqId: 'r1' }, {});
  t.true((quiet as unknown as typeof root).isLevelEnabled('info'));
  t.is(quiet.level, 'info');
  quiet.debug('below the level');
  t.is(made, 0, 'nothing written, no child');
  t.is(out.length, 0);
  const talking = lazyChildLogger(root, { reqId: 'r2' }, {});
  talking.info({ step: 1 }, 'first');
  talking.warn({ step: 2, body: { password: 'hunter2' } }, 'second');
  t.is(made, 1, 'one child for the request, made on its first line');
  const lines = out.map((l) => JSON.parse(l));
  t.deepEqual(lines.map((l) => [l.reqId, l.step, l.msg]), [['r2', 1, 'first'], ['r2', 2, 'second']]);
  t.is(lines[1].body.password, '[redacted]', 'the root logger\'s redaction holds for the child');
  const nested = talking.child({ part: 'x' });
  nested.error('third');
  t.like(JSON.parse(out.at(-1)!), { reqId: 'r2', part: 'x', msg: 'third' });
  lazyChildLogger(root, { reqId: 'r3' }, { level: 'debug' }).debug('a route of its own level');
  t.like(JSON.parse(out.at(-1)!), { reqId: 'r3', msg: 'a route of its own level' });
});

test('scrubUrl keeps the shape of the path and drops the secret segment and every query value', (t) => {
  t.is(scrubUrl('/demo/abc'), '/demo/[redacted]');
  t.is(scrubUrl('/demo/abc?to=%2Fevent'), '/demo/[redacted]?to=[redacted]');
  t.is(scrubUrl('/v/tok/demo/x.png'), '/v/[redacted]/demo/x.png');
  t.is(scrubUrl('/api/v1/demo/passes'), '/api/v1/demo/passes');
  t.is(scrubUrl('/decks/123'), '/decks/123');
});

test('on a terminal a quick success is a debug line; a refusal still shows; JSON logs keep every request at info', async (t) => {
  const pretty: string[] = [];
  const p = await startTestServer({ db: s.db, logLines: pretty, logFormat: 'pretty' });
  try {
    t.is((await http(p.url, 'GET', '/api/v1/health')).status, 200);
    t.is((await http(p.url, 'GET', '/api/v1/no-such-route')).status, 404);
    // The line is written once the answer is out (onResponse): wait for it, not a duration.
    const shown = () => pretty.join('').replace(/\x1b\[[0-9;]*m/g, '');
    await until('the refusal\'s line', async () => /INFO: request .*"url":"\/api\/v1\/no-such-route".*"status":404/.test(shown()));
    // A quick success is a debug line; on a loaded machine the first request may take a second
    // and is then a slow one, shown by rule: the rule is checked, never the machine's speed.
    const health = /request .*"url":"\/api\/v1\/health".*"ms":(\d+)/.exec(shown());
    t.true(health === null || Number(health[1]) >= SLOW_REQUEST_MS, shown());
  } finally {
    await p.close();
  }
  const before = lines.length;
  await http(s.url, 'GET', '/api/v1/health');
  await until('the JSON request line at info', async () => lines.slice(before).some((l) => JSON.parse(l).msg === 'request' && JSON.parse(l).url === '/api/v1/health' && JSON.parse(l).level === 30));
  t.pass();
});
