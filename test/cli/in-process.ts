// Runs a client CLI's `main(argv, io)` inside the test process: stdout and stderr captured,
// stdin a finished stream (empty unless given), env passed explicitly (HOME and
// XDG_CONFIG_HOME name the test's own config home), no process.exit. It answers what the
// spawned binary would: the exit code and both outputs; an unexpected error is reported
// as the bin reports it. The built bundles keep a few smoke tests (run.ts `start`).
import { Readable } from 'node:stream';
import type { Io } from '../../cli/lib/io.ts';

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

export type Main = (argv: string[], io: Io) => Promise<number>;

/** `stdoutIsTTY`: stdout says it is a terminal (tables print their header row; no colour is asked for by NO_COLOR in env). */
export async function runInProcess(name: string, main: Main, args: string[], env: NodeJS.ProcessEnv, stdin?: string, fetchImpl?: typeof fetch, stdoutIsTTY = false): Promise<InProcessRun> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: { write: (s: string) => (stdout += s), isTTY: stdoutIsTTY },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: Readable.from(stdin ? [Buffer.from(stdin)] : []),
    env: { ...env },
    fetch: fetchImpl,
  };
  try {
    return { code: await main(args, io), stdout, stderr };
  } catch (err) {
    return { code: 1, stdout, stderr: stderr + `${name}: unexpected error: ${(err as Error)?.stack ?? err}\n` };
  }
}
