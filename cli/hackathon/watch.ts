// `--watch`: follows a run (a deck generation run, a provisioning run) to its end with one
// progress line on stderr, then the command prints the run's outcome and exits with its code.
//
// Neither run has a live event kind (docs/WIRE.md "Live event kinds" lists none for runs), so
// the run is polled: one GET per interval, the line written again only when it changed. On a
// terminal the line is rewritten in place (`\r` and erase-line); anywhere else (a pipe, a CI
// log) each change is a line of its own, so a log reads as the run's history. `--json` runs
// print no progress (stderr stays for errors). Ctrl-C stops the watching, never the run.
import { CliError, EXIT } from '../lib/errors.ts';
import type { Io } from '../lib/io.ts';

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
