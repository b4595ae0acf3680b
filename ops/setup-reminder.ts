// The setup link, again. On a terminal the boot's setup link scrolls away under the log
// lines of the first minutes: until a workspace exists, the same link is printed
// again every few minutes when lines have been written since, and at once after a burst of
// lines. It stops when the instance is set up, or when its token is no longer the pending
// one (used, or replaced by another replica's boot, whose own link is the one to open).
import type pg from 'pg';
import { linesWritten, type Logger } from '../core/log.ts';

export interface SetupReminderOptions {
  /** How often the reminder looks at the log's line count (no query unless it may print). */
  checkEveryMs: number;
  /** Printed again after this long, if any line was written since the last print. */
  repeatEveryMs: number;
  /** Printed again after this many lines, however soon (about a terminal's screen). */
  burstLines: number;
}

export const SETUP_REMINDER: SetupReminderOptions = { checkEveryMs: 5_000, repeatEveryMs: 3 * 60_000, burstLines: 40 };

export interface SetupReminder {
  stop(): void;
  /** Settles when the reminder stopped by itself (set up, or the token is spent) or by stop(). */
  done: Promise<void>;
  /** How many looks it has taken (a test waits on this, not on a duration). */
  readonly looks: number;
}

/** Prints `print()` again as the options say until `tokenHash` is no longer the pending token of an empty instance. */
export function remindSetupLink(pool: pg.Pool, log: Logger, tokenHash: Buffer, print: () => void, options: SetupReminderOptions = SETUP_REMINDER): SetupReminder {
  let linesAtPrint = linesWritten(log);
  let printedAt = Date.now();
  let busy = false;
  let looks = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const stop = () => {
    clearInterval(timer);
    finish();
  };
  const check = async () => {
    const since = linesWritten(log) - linesAtPrint;
    if (since === 0 || (since < options.burstLines && Date.now() - printedAt < options.repeatEveryMs)) return;
    const { rows } = await pool.query<{ pending: boolean }>(
      `select not exists (select 1 from app.workspaces)
          and exists (select 1 from app_private.setup_tokens where token_hash = $1 and used_at is null) as pending`,
      [tokenHash],
    );
    if (!rows[0]!.pending) return stop();
    print();
    linesAtPrint = linesWritten(log);
    printedAt = Date.now();
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    check()
      .catch((err) => log.debug({ err: (err as Error).message }, 'setup link reminder: check failed; next time'))
      .finally(() => {
        busy = false;
        looks++;
      });
  }, options.checkEveryMs);
  timer.unref();
  return {
    stop,
    done,
    get looks() {
      return looks;
    },
  };
}
