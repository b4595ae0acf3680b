// What a command touches of its process: passed in, so tests drive commands without one.
import { CliError, EXIT } from './errors.ts';

export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  /** `isTTY`/`columns`: progress lines (`--watch`) are rewritten in place on a terminal only. */
  stderr: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  /** The network edge the wire clients use (default: the global fetch). */
  fetch?: typeof fetch;
}

export function processIo(): Io {
  // stdin on first use: Node builds its stream (and loads net or tty) when it is touched,
  // a cost the help and most commands never need.
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    env: process.env,
  };
}

const spent = new WeakSet<Io>();

/** Reads the first line of stdin. Stdin is spent once per invocation; a second ask is a usage error. */
export async function readStdinLineOnce(io: Io, what: string): Promise<string> {
  if (spent.has(io)) throw new CliError(`stdin was already read once in this command; ${what} cannot also come from stdin`, EXIT.usage, 'usage');
  spent.add(io);
  let data = '';
  for await (const chunk of io.stdin) {
    data += chunk.toString();
    if (data.includes('\n')) break;
  }
  const line = data.split(/\r?\n/)[0];
  if (!line) throw new CliError(`${what}: stdin was empty`, EXIT.rejected, 'invalid_input');
  return line;
}

export function printJson(io: Io, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + '\n');
}
