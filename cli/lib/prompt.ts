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
    if (!answer.trim()) throw new CliError(`${what}: nothing entered`, EXIT.rejected);
    return answer.trim();
  } finally {
    rl.close();
  }
}
