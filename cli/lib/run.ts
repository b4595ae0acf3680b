// One external command for a doctor check: argv (never a shell string), a timeout, and
// whether the tool exists at all.
import { spawn } from 'node:child_process';

export interface Ran {
  code: number | null;
  out: string;
  err: string;
  missing: boolean;
  timedOut: boolean;
}

export function run(cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; input?: string }): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: opts.env, cwd: opts.cwd, stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs ?? 15_000);
    child.stdout!.on('data', (c) => (out += c));
    child.stderr!.on('data', (c) => (err += c));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, out, err: e.message, missing: e.code === 'ENOENT', timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err, missing: false, timedOut });
    });
    if (child.stdin) {
      child.stdin.on('error', () => {}); // a tool that exits without reading its input
      child.stdin.end(opts.input);
    }
  });
}
