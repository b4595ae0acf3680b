// The one place that decides whether a CLI's output is coloured, and how each meaning looks.
// Colour is off for a stream that is not a terminal, with NO_COLOR set (no-color.org: any
// non-empty value), TERM=dumb, `--no-color` and `--json`. Colour only ever emphasises a word
// that is printed anyway (`FAIL`, `frozen`, `Released ...`): nothing is said by colour alone.
// Named ANSI colours through Node's own `util.styleText` (Node >= 20.12 and 22.0 alike); the
// decision is ours, so its own stream check is turned off (`validateStream: false`, ignored
// by the 22.0 that predates it).
import { styleText } from 'node:util';
import type { Io } from './io.ts';

export type Tone = 'ok' | 'fail' | 'warn' | 'muted' | 'strong';

type Style = Parameters<typeof styleText>[0];
const STYLE: Record<Tone, Style> = { ok: 'green', fail: 'red', warn: 'yellow', muted: 'dim', strong: 'bold' };

/** What the words of state columns mean (spec state names, lower case). Unknown words stay plain. */
const STATE_TONE: Record<string, Tone> = {
  // done, accepted, healthy
  frozen: 'ok', ready: 'ok', released: 'ok', submitted: 'ok', succeeded: 'ok', completed: 'ok', done: 'ok', approved: 'ok',
  accepted: 'ok', included: 'ok', confirmed: 'ok', live: 'ok', ok: 'ok', resolved: 'ok', created: 'ok', invited: 'ok',
  // waiting for something or someone
  waiting: 'warn', capturing: 'warn', planned: 'warn', pending: 'warn', queued: 'warn', running: 'warn', draft: 'warn',
  scheduled: 'warn', building: 'warn', grace: 'warn', attention: 'warn', unreleased: 'warn', claimed: 'warn', late: 'warn',
  awaiting: 'warn', review: 'warn', superseded: 'muted', archived: 'muted', closed: 'muted', unassigned: 'warn',
  // refused, broken or gone
  error: 'fail', failed: 'fail', missing: 'fail', rejected: 'fail', refused: 'fail', invalidated: 'fail', excluded: 'fail',
  revoked: 'fail', expired: 'fail', cancelled: 'fail', FAIL: 'fail',
};

export interface Paint {
  /** Whether this stream is coloured at all. */
  readonly on: boolean;
  /**
   * Whether this stream is a terminal (a person reads it), coloured or not: tables print
   * their header row only then; piped, a table is its data rows (cli/lib/table.ts).
   */
  readonly terminal: boolean;
  tone(tone: Tone, text: string): string;
  ok(text: string): string;
  fail(text: string): string;
  warn(text: string): string;
  muted(text: string): string;
  strong(text: string): string;
  /** A state word coloured by what it means (its first word decides: `excluded: reason`). */
  state(text: string): string;
}

export interface ColourChoice {
  /** The command's arguments (`--no-color` and `--json` are read from them). */
  argv?: readonly string[];
  /** Parsed flags: `color: false` is `--no-color`; `json: true` is `--json`. */
  flags?: { color?: boolean; json?: boolean };
}

/** Whether output written to `stream` is coloured. */
export function colourOn(io: Io, stream: 'stdout' | 'stderr', choice: ColourChoice = {}): boolean {
  const argv = choice.argv ?? [];
  if (choice.flags?.color === false || argv.includes('--no-color')) return false;
  if (choice.flags?.json === true || argv.includes('--json')) return false;
  if (io.env.NO_COLOR) return false;
  if (io.env.TERM === 'dumb') return false;
  return io[stream].isTTY === true;
}

export function paint(on: boolean, terminal = on): Paint {
  const tone = (t: Tone, text: string) => (on && text ? styleText(STYLE[t], text, { validateStream: false }) : text);
  return {
    on,
    terminal,
    tone,
    ok: (s) => tone('ok', s),
    fail: (s) => tone('fail', s),
    warn: (s) => tone('warn', s),
    muted: (s) => tone('muted', s),
    strong: (s) => tone('strong', s),
    state(text) {
      const word = /^[A-Za-z]+/.exec(text)?.[0];
      const t = word === undefined ? undefined : (STATE_TONE[word] ?? STATE_TONE[word.toLowerCase()]);
      return t ? tone(t, text) : text;
    },
  };
}

/** The palette for one stream of this run. */
export function paintFor(io: Io, stream: 'stdout' | 'stderr', choice: ColourChoice = {}): Paint {
  return paint(colourOn(io, stream, choice), io[stream].isTTY === true);
}

/**
 * An error line as the dispatcher prints it (`<cli>: <message>`), red on a terminal. The
 * words say it is an error either way; the line is returned with its newline.
 */
export function paintedErrorLine(io: Io, argv: readonly string[], line: string): string {
  return paintFor(io, 'stderr', { argv }).fail(line) + '\n';
}
