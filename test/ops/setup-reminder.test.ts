// The setup link is printed again on a terminal until the instance is set up (once
// 811 request lines in 40 minutes scrolled it away). Timings are injected: the reminder
// looks every few milliseconds; the tests wait on its looks and on lines written, never on
// a duration.
import test from 'ava';
import { Writable } from 'node:stream';
import { sha256 } from '../../core/crypto.ts';
import { createLogger } from '../../core/log.ts';
import { remindSetupLink, type SetupReminder, type SetupReminderOptions } from '../../ops/setup-reminder.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { until } from '../../ops/harness/until.ts';

const sink = () => new Writable({ write: (_c, _e, done) => done() });
const burstOnly: SetupReminderOptions = { checkEveryMs: 5, repeatEveryMs: 24 * 3600_000, burstLines: 3 };
/** Waits until the reminder has taken `n` more looks than now. */
const looksMore = (r: SetupReminder, n: number) => {
  const from = r.looks;
  return until(`${n} looks`, async () => r.looks >= from + n, 10_000, 5);
};

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(async () => db?.drop());
test.beforeEach(async () => {
  await db.pool.query('select app_private.issue_setup_token($1)', [sha256('tok')]);
});

test.serial('a burst of lines prints the link again; fewer lines do not', async (t) => {
  const log = createLogger('info', 'podium', sink() as never, 'pretty');
  let printed = 0;
  const r = remindSetupLink(db.pool, log, sha256('tok'), () => void printed++, burstOnly);
  try {
    log.info('one');
    log.info('two');
    await looksMore(r, 3);
    t.is(printed, 0, 'two lines are not a burst');
    log.info('three');
    await until('the link again', async () => printed === 1, 10_000, 5);
    for (let i = 0; i < 3; i++) log.info(`more ${i}`);
    await until('the link once more', async () => printed === 2, 10_000, 5);
  } finally {
    r.stop();
  }
});

test.serial('after the interval, any line written since is enough; an idle log is not reprinted', async (t) => {
  const log = createLogger('info', 'podium', sink() as never, 'pretty');
  let printed = 0;
  const r = remindSetupLink(db.pool, log, sha256('tok'), () => void printed++, { checkEveryMs: 5, repeatEveryMs: 0, burstLines: 1000 });
  try {
    await looksMore(r, 3);
    t.is(printed, 0, 'nothing scrolled it away: not printed again');
    log.warn('a line');
    await until('the link again', async () => printed === 1, 10_000, 5);
  } finally {
    r.stop();
  }
});

test.serial("another replica's boot replaced the token: this one stops (its link is void)", async (t) => {
  const log = createLogger('info', 'podium', sink() as never, 'pretty');
  let printed = 0;
  const r = remindSetupLink(db.pool, log, sha256('tok'), () => void printed++, burstOnly);
  await db.pool.query('select app_private.issue_setup_token($1)', [sha256('other')]);
  for (let i = 0; i < 3; i++) log.info(`line ${i}`);
  await r.done;
  t.is(printed, 0);
});

// Last: it sets the instance up.
test.serial('once a workspace exists it stops by itself', async (t) => {
  const log = createLogger('info', 'podium', sink() as never, 'pretty');
  let printed = 0;
  const r = remindSetupLink(db.pool, log, sha256('tok'), () => void printed++, burstOnly);
  await db.pool.query(`select app_private.setup_with_token($1, 'Acme', 'owner@acme.test', 'Owner', null)`, [sha256('tok')]);
  for (let i = 0; i < 3; i++) log.info(`after setup ${i}`);
  await r.done;
  t.is(printed, 0, 'not printed once set up');
});
