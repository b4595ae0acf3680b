// `hackathon tui` end to end: the BUILT binary (dist/hackathon.mjs) in a tmux pane of 80x24
// against a real server process (`podium start`, ops/replicas/stack.ts), read back with
// capture-pane. A signed push delivery shows its receipt on screen; a ballot submitted
// through the CLI moves the coverage; the server killed (SIGKILL) and started again shows
// reconnecting, then live again, and a receipt recorded meanwhile arrives (Last-Event-ID
// resume); `q` quits. A participant gets the refusal sentence and exit 3.
// Waits poll the pane (bounded); nothing asserts on speed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import test from 'ava';
import { randomAuthSecret, restartReplica, startReplica, stopAll, waitHealthy, type Replica } from '../../ops/replicas/stack.ts';
import { webhookSecret } from '../../core/codehost/webhook.ts';
import { pushFixture, sendDelivery } from '../helpers/codehost.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { assignRepository } from '../helpers/event.ts';
import { http } from '../helpers/http.ts';
import { reservedPort } from '../../ops/harness/ports.ts';
import * as seed from '../../ops/harness/seed.ts';
import { until } from '../../ops/harness/until.ts';
import { openVote, voteFixture, type VoteFixture } from '../helpers/vote.ts';
import { hackathon, makeHome } from '../cli/hackathon/run.ts';

const BOOT_MS = 120_000;
const SESSION = `podium-tui-${process.pid}`;
const replicas: Replica[] = [];
let db: TestDatabase;

// A tmux server of this test's own (its own socket): nothing of anyone else's tmux is touched.
const SOCKET = `podium-tui-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const pane = () => tmux('capture-pane', '-p', '-t', SESSION);
const alive = () => {
  try {
    tmux('has-session', '-t', SESSION);
    return true;
  } catch {
    return false;
  }
};
async function screen(what: string, pred: (p: string) => boolean, timeoutMs = 30_000): Promise<string> {
  try {
    return await until(what, async () => {
      const p = pane();
      return pred(p) ? p : null;
    }, timeoutMs, 50);
  } catch (err) {
    throw new Error(`${(err as Error).message}; pane:\n${alive() ? pane() : '(gone)'}`);
  }
}
const keys = (...k: string[]) => tmux('send-keys', '-t', SESSION, ...k);

test.after.always(async () => {
  if (alive()) tmux('kill-server');
  await stopAll(replicas);
  await db?.drop();
});

test.serial('the built dashboard in tmux: receipts live, coverage moves with a CLI ballot, reconnects after a server restart; participants are refused', async (t) => {
  t.timeout(480_000);
  db = await createTestDatabase();
  const authSecret = randomAuthSecret();
  const port = await reservedPort();
  const server = await startReplica({ port, role: 'all', databaseUrl: db.url, authSecret });
  replicas.push(server);
  await waitHealthy(server, BOOT_MS);
  const url = server.url;

  const fx: VoteFixture = await voteFixture(db.pool, 'Tmux', { teams: { Red: ['r1@tmux.test'], Blue: ['b1@tmux.test'], Green: ['g1@tmux.test'] } });
  const owner = await seed.key(db.pool, 'owner@tmux.test', 'hackathon');
  const voter = await seed.key(db.pool, 'r1@tmux.test', 'hackathon');
  t.is((await http(url, 'PUT', '/api/v1/event/github', { key: owner.key, body: { organization: 'TmuxOrg', template: 'TmuxOrg/template' } })).status, 200);
  await assignRepository(db.pool, fx.teams.Red!, 'TmuxOrg/Red', 'ready');
  const version = await openVote(fx);
  const secret = webhookSecret(authSecret, fx.eventId);
  const push = (sha: string) => sendDelivery(url, { eventId: fx.eventId, secret, payload: pushFixture('TmuxOrg/Red', { organization: { login: 'TmuxOrg' }, after: sha }) });

  // A participant: the refusal sentence, exit 3, nothing drawn.
  const home = makeHome();
  const refused = await hackathon(['tui'], { ...home.env, EVENT_URL: url, EVENT_API_KEY: voter.key });
  t.is(refused.code, 3, refused.stderr);
  t.regex(refused.stderr, /An event organizer is needed for this; you are participant/);
  t.is(refused.stdout, '');

  const env = { ...home.env, EVENT_URL: url, EVENT_API_KEY: owner.key, TERM: 'xterm-256color', NO_COLOR: '1' };
  const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  tmux('new-session', '-d', '-s', SESSION, '-x', '80', '-y', '24', 'env', ...envArgs, process.execPath, path.resolve('dist/hackathon.mjs'), 'tui');
  await screen('the overview, live', (p) => p.includes('Tmux Hack') && p.includes('● live'), 60_000);

  // 1. A push arrives: its receipt is on the Receipts screen.
  keys('2');
  await screen('the receipts screen', (p) => p.includes('Receipts ('));
  t.is((await push('1'.repeat(40))).status, 202);
  const r1 = await screen('the receipt', (p) => /Red 111111111111 accepted LATE/.test(p), 2_000 + 30_000);
  t.regex(r1, /✓ #\d+/);

  // 2. A ballot submitted through the CLI moves the coverage.
  keys('5');
  await screen('coverage 0 of 3', (p) => p.includes('Coverage: 0/3 ballots (0%)'));
  const ballot = await hackathon(['community', 'ballot', 'submit', '--ranking', `${fx.teams.Blue},${fx.teams.Green}`], { ...home.env, EVENT_URL: url, EVENT_API_KEY: voter.key });
  t.is(ballot.code, 0, ballot.stderr);
  t.is(version, 1);
  await screen('coverage 1 of 3', (p) => p.includes('Coverage: 1/3 ballots (33%)'));

  // 3. The server is killed: reconnecting; started again: live, and what was recorded meanwhile arrives.
  keys('2');
  await screen('receipts again', (p) => p.includes('Receipts ('));
  server.child!.kill('SIGKILL');
  await screen('reconnecting', (p) => p.includes('reconnecting'));
  // Recorded while the dashboard's server is down (straight into the database, as another
  // replica would record it): it arrives with the resume (Last-Event-ID), not from a new read.
  await db.pool.query('select app_private.record_delivery($1, $2, $3, $4)', [fx.eventId, 'while-down', 'push', JSON.stringify(pushFixture('TmuxOrg/Red', { organization: { login: 'TmuxOrg' }, after: '3'.repeat(40) }))]);
  await restartReplica(server);
  await waitHealthy(server, BOOT_MS);
  await screen('live again', (p) => p.includes('● live'), 60_000);
  await screen('the receipt recorded while down', (p) => p.includes('Red 333333333333 accepted'));
  t.is((await push('2'.repeat(40))).status, 202);
  const r2 = await screen('the receipt after the restart', (p) => p.includes('Red 222222222222 accepted'));
  t.regex(r2, /Red 111111111111 accepted LATE/, 'the earlier receipt is still shown');

  // Fits the pane: no line wider than 80 columns.
  for (const line of r2.split('\n')) t.true(line.length <= 80, line);

  // 4. The terminal grows to 120x40 and shrinks back to 80x24: the dashboard redraws at each size, never blank.
  tmux('resize-window', '-t', SESSION, '-x', '120', '-y', '40');
  await screen('drawn at 120x40', (p) => p.split('\n').length >= 39 && p.includes('Receipts (') && p.includes('Red 222222222222 accepted'));
  tmux('resize-window', '-t', SESSION, '-x', '80', '-y', '24');
  const small = await screen('drawn again at 80x24', (p) => p.includes('Receipts (') && p.includes('Red 222222222222 accepted') && p.includes('Overview'));
  for (const line of small.split('\n')) t.true(line.length <= 80, line);

  keys('q');
  await until('the dashboard to quit', async () => !alive(), 15_000);
});
