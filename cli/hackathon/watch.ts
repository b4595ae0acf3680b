// `--watch`: follows a run (a deck generation run, a provisioning run) to its end with one
// progress line on stderr, then the command prints the run's outcome and exits with its code.
//
// A deck generation run follows the live stream (kinds `generation.progressed` and
// `generation.finished`, docs/WIRE.md "Live event kinds": followLive): the run is read once
// after the stream is open, then each change carries the run. A provisioning run has no live
// kind, so it is polled (pollUntilDone): one GET per interval. Either way the line is written
// again only when it changed. On a
// terminal the line is rewritten in place (`\r` and erase-line); anywhere else (a pipe, a CI
// log) each change is a line of its own, so a log reads as the run's history. `--json` runs
// print no progress (stderr stays for errors). Ctrl-C stops the watching, never the run.
import { CliError, EXIT } from '../lib/errors.ts';
import type { Io } from '../lib/io.ts';
import { LiveFollower, type FollowEvent } from '../../client/stream.ts';
import { WireError } from '../../client/errors.ts';
import type { WireClient } from '../../client/wire.ts';

/** Exit code of a watched run: 0 the run ended well; 1 it ended with failures (failed jobs, teams needing attention). */
export const WATCH_EXIT = { ok: EXIT.ok, failed: 1 } as const;

export interface Progress {
  /** Shows `line` as the current progress (nothing is written when it did not change). */
  update(line: string): void;
  /** Ends the progress: on a terminal the last line is kept and the cursor moves below it. */
  done(): void;
}

/** The progress line on `stderr`: rewritten in place on a terminal, one line per change otherwise. */
export function progressLine(stderr: Io['stderr'], enabled = true): Progress {
  let last: string | null = null;
  let open = false; // a terminal line written without its newline yet
  const tty = stderr.isTTY === true;
  return {
    update(line) {
      if (!enabled || line === last) return;
      last = line;
      if (!tty) {
        stderr.write(line + '\n');
        return;
      }
      const width = stderr.columns && stderr.columns > 1 ? stderr.columns - 1 : Infinity;
      stderr.write(`\r\x1b[2K${[...line].slice(0, width).join('')}`);
      open = true;
    },
    done() {
      if (open) stderr.write('\n');
      open = false;
    },
  };
}

export interface PollOptions<T> {
  read: () => Promise<T>;
  /** The progress line for a state. */
  line: (state: T) => string;
  finished: (state: T) => boolean;
  progress: Progress;
  intervalMs: number;
  /** Gives up (exit 4) after this many ms, with `timeoutMessage`. */
  timeoutMs?: number;
  timeoutMessage?: string;
}

/** Reads the state until it is finished, updating the progress line on every change; answers the final state. */
export async function pollUntilDone<T>(o: PollOptions<T>): Promise<T> {
  const until = o.timeoutMs === undefined ? Infinity : Date.now() + o.timeoutMs;
  let state = await o.read();
  try {
    for (;;) {
      o.progress.update(o.line(state));
      if (o.finished(state)) return state;
      if (Date.now() > until) throw new CliError(o.timeoutMessage ?? 'still running; run the command again to follow it', EXIT.environment, 'watch_timeout');
      await new Promise((r) => setTimeout(r, o.intervalMs));
      state = await o.read();
    }
  } finally {
    o.progress.done();
  }
}

export interface LiveOptions<T> extends Omit<PollOptions<T>, 'timeoutMs' | 'timeoutMessage'> {
  client: WireClient;
  /** The state a live change carries for this run (null: another run's change, or another kind). */
  fromLive: (e: FollowEvent) => T | null;
}

/**
 * Follows the live stream until the state is finished: the stream is opened first, then the
 * state read once (a change committed between the two is not missed), then each change of
 * this run updates the progress line. A gap the stream cannot fill (`reset`) reads the state
 * again. Where the stream refuses the reader, the state is polled (pollUntilDone) instead.
 */
export async function followLive<T>(o: LiveOptions<T>): Promise<T> {
  let done: T | null = null;
  const live = new LiveFollower(o.client, {
    onNotice: (n) => {
      if (n.kind === 'reset') void o.read().then((s) => take(s), () => undefined);
    },
  });
  const take = (s: T) => {
    if (done) return;
    o.progress.update(o.line(s));
    if (o.finished(s)) {
      done = s;
      live.stop();
    }
  };
  try {
    await live.open();
  } catch (err) {
    live.stop();
    if (err instanceof WireError) return pollUntilDone(o);
    throw err;
  }
  try {
    take(await o.read());
    if (!done) {
      for await (const e of live.events()) {
        const s = o.fromLive(e);
        if (s) take(s);
        if (done) break;
      }
    }
    if (!done) throw new CliError('the live stream ended before the run did; run the command again to follow it', EXIT.environment, 'watch_ended');
    return done;
  } finally {
    live.stop();
    o.progress.done();
  }
}
