// One external command (argv, never a shell string) with a timeout, whether the tool
// exists at all, and optionally the `$ ...` echo on stderr before it runs (setup prints
// every command it runs; secrets never appear because they travel in the environment or
// through a credential helper, and the echo is redacted anyway).
import { spawn } from 'node:child_process';
import { redact } from './redact.ts';

export interface Ran {
  code: number | null;
  out: string;
  err: string;
  missing: boolean;
  timedOut: boolean;
}

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
  input?: string;
  /** Receives `$ <command line>` before the command starts. */
  echo?: (line: string) => void;
  /** Environment variables named in the echo (e.g. EVENT_APP_PORT=3000 docker compose ...). */
  echoEnv?: Record<string, string>;
  /** Where the child's output is copied as it comes (long builds show progress). */
  tee?: { write(s: string): unknown };
  /**
   * Run in its own process group with no terminal, and end the whole group on timeout:
   * git's transport helpers (git-remote-https, ssh) would otherwise hold the pipes open
   * after git itself is killed, and ssh cannot stop to prompt. Not for long commands a
   * person may interrupt: Ctrl-C reaches the terminal's group, not this one.
   */
  group?: boolean;
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A shell-readable rendering of argv, for the echo only (nothing is run through a shell). */
export function commandLine(cmd: string, args: string[], env: Record<string, string> = {}): string {
  const quote = (a: string) => (SAFE.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  const prefix = Object.entries(env).map(([k, v]) => `${k}=${quote(v)} `).join('');
  return redact(prefix + [cmd, ...args].map(quote).join(' '));
}

export function run(cmd: string, args: string[], opts: RunOptions): Promise<Ran> {
  opts.echo?.(`$ ${commandLine(cmd, args, opts.echoEnv)}`);
  return new Promise((resolve) => {
    const group = opts.group === true && process.platform !== 'win32';
    const child = spawn(cmd, args, { env: opts.env, cwd: opts.cwd, detached: group, stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timedOut = false;
    let settled = false;
    const settle = (r: Ran) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      // A helper still holding the pipes must not keep us waiting past the timeout.
      if (group) settle({ code: null, out, err, missing: false, timedOut });
    }, opts.timeoutMs ?? 15_000);
    child.stdout!.on('data', (c) => {
      out += c;
      opts.tee?.write(redact(String(c)));
    });
    child.stderr!.on('data', (c) => {
      err += c;
      opts.tee?.write(redact(String(c)));
    });
    child.on('error', (e: NodeJS.ErrnoException) => settle({ code: null, out, err: e.message, missing: e.code === 'ENOENT', timedOut }));
    child.on('close', (code) => settle({ code, out, err, missing: false, timedOut }));
    if (child.stdin) {
      child.stdin.on('error', () => {}); // a tool that exits without reading its input
      child.stdin.end(opts.input);
    }
  });
}
