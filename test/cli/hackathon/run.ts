// Runs the built `hackathon` binary as a real subprocess with its own HOME and
// XDG_CONFIG_HOME, so profiles live in a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../cli/hackathon/main.ts';
import { runInProcess } from '../in-process.ts';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function makeHome(): { home: string; config: string; env: NodeJS.ProcessEnv } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'hackathon-home-'));
  const config = path.join(home, '.config');
  return { home, config, env: { HOME: home, XDG_CONFIG_HOME: config, EVENT_CLOUD_URL: 'https://cloud.podium.test', PATH: process.env.PATH } };
}

/** Starts the binary; `stdin` may be written later (e.g. a code that arrives by mail). */
export function start(args: string[], env: NodeJS.ProcessEnv): { write(s: string): void; done: Promise<Run> } {
  const child = spawn(process.execPath, [path.resolve('dist/hackathon.mjs'), ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const done = new Promise<Run>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    }),
  );
  return { write: (s) => child.stdin.write(s), done };
}

export async function hackathon(args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<Run> {
  const p = start(args, env);
  if (stdin !== undefined) p.write(stdin);
  return p.done;
}

/** `hackathon <args>` in this process (`main(argv, io)`), for tests that need no real process. */
export function runHackathon(args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<Run> {
  return runInProcess('hackathon', main, args, env, stdin);
}
