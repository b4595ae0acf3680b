// `podium <args>` against one test database, with optional stdin, answering its exit code and
// output: `runPodium` calls main(argv, io) in this process (test/cli/in-process.ts), the way
// the hackathon and deckcli tests run theirs; `podium` spawns the real bin
// (node cli/podium/bin.js ...), for the tests that are about the process: the Node guard, the
// launcher's exit codes, stdin of a real pipe.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../../cli/podium/main.ts';
import { runInProcess } from '../in-process.ts';

export const BIN = fileURLToPath(new URL('../../../cli/podium/bin.js', import.meta.url));
export const CLI_AUTH_SECRET = 'cli-test-auth-secret-0123456789abcdef0123456789';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string; // written then closed; without it stdin is closed at once
  env?: Record<string, string | undefined>; // overrides (undefined removes a variable)
  timeoutMs?: number;
}

/** The operator's environment for one run: the given database (never the embedded default), a fresh DATA_DIR. */
function operatorEnv(base: NodeJS.ProcessEnv, db: { url: string } | string, dataDir: string, overrides: RunOptions['env']): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    DATABASE_URL: typeof db === 'string' ? db : db.url,
    AUTH_SECRET: CLI_AUTH_SECRET,
    DATA_DIR: dataDir,
    GRAPHILE_ENV: 'production',
    PODIUM_TEST_MODE: undefined,
    LOG_LEVEL: 'silent',
  };
  for (const [k, v] of Object.entries(overrides ?? {})) env[k] = v;
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return env;
}

/**
 * `podium <args>` in this process (`main(argv, io)`): stdout and stderr captured, stdin a
 * finished stream (empty unless given), the environment explicit (PATH and the operator's
 * variables, nothing else of the test process). `timeoutMs` is the spawned run's only.
 */
export async function runPodium(db: { url: string } | string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-cli-'));
  try {
    return await runInProcess('podium', main, args, operatorEnv({ PATH: process.env.PATH }, db, dataDir, opts.env), opts.stdin);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `podium <args>` as a real process (the bin), with DATABASE_URL set to the given database. */
export async function podium(db: { url: string } | string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-cli-'));
  const env = operatorEnv(process.env, db, dataDir, opts.env);
  try {
    return await new Promise<RunResult>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`podium ${args.join(' ')} did not exit within ${opts.timeoutMs ?? 60_000} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
      }, opts.timeoutMs ?? 60_000);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
      child.stdin.on('error', () => {}); // the bin may exit before reading stdin
      child.stdin.end(opts.stdin ?? '');
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The JSON a command printed (stdout on success, stderr for --json errors). */
export function parseJson<T = any>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`not JSON: ${JSON.stringify(text)}`);
  }
}
