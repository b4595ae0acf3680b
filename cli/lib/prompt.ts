// One line from the person at the terminal (sign-in prompts). Without a terminal the
// first stdin line answers, so scripts and tests can drive prompts too.
import readline from 'node:readline';
import { CliError, EXIT } from './errors.ts';
import { readStdinLineOnce, type Io } from './io.ts';

export async function ask(io: Io, question: string, what: string): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadStream;
  if (!stdin.isTTY) return (await readStdinLineOnce(io, what)).trim();
  const rl = readline.createInterface({ input: stdin, output: io.stderr as NodeJS.WritableStream, terminal: true });
  try {
    const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
    if (!answer.trim()) throw new CliError(`${what}: nothing entered`, EXIT.rejected, 'invalid_input');
    return answer.trim();
  } finally {
    rl.close();
  }
}

/**
 * A secret from the person at the terminal, not echoed (raw mode; Backspace edits, Ctrl-C
 * or Ctrl-D cancels). Only for a terminal: callers offer a `--...-stdin` flag otherwise.
 * An empty answer is answered as '' (the caller decides what an empty secret means).
 */
export async function askHidden(io: Io, question: string, what: string): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadStream;
  if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') throw new CliError(`${what}: no terminal to ask on`, EXIT.usage, 'usage');
  io.stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let value = '';
      const onData = (chunk: Buffer | string) => {
        for (const ch of chunk.toString()) {
          if (ch === '\r' || ch === '\n') return done(() => resolve(value));
          if (ch === '\u0003' || ch === '\u0004') return done(() => reject(new CliError(`${what}: cancelled`, EXIT.usage, 'usage')));
          if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
          else if (ch >= ' ') value += ch;
        }
      };
      const done = (settle: () => void) => {
        stdin.off('data', onData);
        io.stderr.write('\n');
        settle();
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

export interface Confirmation {
  /** `--yes` was given: nothing is asked. */
  yes: boolean | undefined;
  /** What is about to be done, as a verb phrase: `close voting`, `delete team rockets`. */
  action: string;
  /** Why it cannot be undone: `no ballot can be submitted or changed afterwards`. */
  consequence: string;
}

/**
 * An irreversible verb asks first: `<Action>? <consequence>. [y/N]` on a terminal (only `y`
 * or `yes` goes on; anything else, an empty line, Ctrl-C or Ctrl-D stops with nothing done,
 * exit 2), and without a terminal it needs `--yes` (exit 2 with the sentence saying so).
 * docs/CLIENTS.md lists the verbs that ask and why.
 */
export async function confirm(io: Io, c: Confirmation): Promise<void> {
  if (c.yes) return;
  const stdin = io.stdin as NodeJS.ReadStream;
  if (!stdin.isTTY) {
    throw new CliError(`Refusing to ${c.action} without a confirmation (${c.consequence}): run it in a terminal to answer, or pass --yes`, EXIT.rejected, 'confirmation_required');
  }
  // The terminal's own line discipline echoes and edits the answer (no cursor codes of
  // readline's); Ctrl-C is the terminal's SIGINT and ends the command with nothing done.
  io.stderr.write(`${c.action[0].toUpperCase()}${c.action.slice(1)}? ${c.consequence[0].toUpperCase()}${c.consequence.slice(1)}. [y/N] `);
  const rl = readline.createInterface({ input: stdin, terminal: false });
  let answer: string;
  try {
    answer = await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => {
        io.stderr.write('\n'); // Ctrl-D: no answer, and no newline echoed after the question
        resolve('');
      });
    });
  } finally {
    rl.removeAllListeners('close');
    rl.close();
    stdin.pause();
  }
  if (!/^y(es)?$/i.test(answer.trim())) throw new CliError(`Not confirmed: did not ${c.action}`, EXIT.rejected, 'not_confirmed');
}

/** The flag of every verb that confirms (spread into its flags). */
export const YES_FLAG = { yes: { type: 'boolean' } } as const;
