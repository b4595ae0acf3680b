// Runs the built `deckcli` binary with its own HOME/XDG_CONFIG_HOME, and a fake browser
// opener (`xdg-open`) first on PATH that records its argv.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../cli/deckcli/main.ts';
import { runInProcess } from '../in-process.ts';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function makeHome(): { home: string; config: string; env: NodeJS.ProcessEnv; opened(): string[][] } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'deckcli-home-'));
  const bin = path.join(home, 'bin');
  mkdirSync(bin);
  const log = path.join(home, 'opener.log');
  writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\t' "$a"; done >> '${log}'\necho >> '${log}'\n`);
  chmodSync(path.join(bin, 'xdg-open'), 0o755);
  return {
    home,
    config: path.join(home, '.config'),
    env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATH: `${bin}:${process.env.PATH}` },
    opened: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t').filter(Boolean)) : []),
  };
}

export function start(args: string[], env: NodeJS.ProcessEnv, cwd?: string): { write(s: string): void; done: Promise<Run> } {
  const child = spawn(process.execPath, [path.resolve('dist/deckcli.mjs'), ...args], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return {
    write: (s) => child.stdin.write(s),
    done: new Promise((resolve) =>
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? -1, stdout, stderr });
      }),
    ),
  };
}

export async function deckcli(args: string[], env: NodeJS.ProcessEnv, stdin?: string, cwd?: string): Promise<Run> {
  const p = start(args, env, cwd);
  p.write(stdin ?? '');
  return p.done;
}

/** `deckcli <args>` in this process (`main(argv, io)`), for tests that need no real process or folder. */
export function runDeckcli(args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<Run> {
  return runInProcess('deckcli', main, args, env, stdin);
}
