// Running git for the local code host: no prompts, no user or system configuration. Each git
// is started by this process's spawner helper (core/spawner), not forked from this process:
// provisioning and capture start one per team, from a worker holding hundreds of MB.
import { Spawner } from '../spawner/index.ts';

export const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: '/nonexistent',
};

/**
 * The process's one helper for git: git() and the local code host's HTTP route use it
 * (started on first use; it does not keep the process alive and ends with it).
 */
export const gitSpawner = new Spawner();

/** Most output one git call may answer (as execFile's maxBuffer did). */
const MAX_OUTPUT = 64 * 1024 * 1024;

export function git(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = gitSpawner.spawn('git', args, { cwd: opts.cwd, env: { ...GIT_ENV, ...opts.env } });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let error: Error | null = null;
    child.on('error', (e: Error) => (error = e));
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_OUTPUT) {
        error ??= new Error(`more than ${MAX_OUTPUT} bytes of output`);
        child.kill();
      } else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => { if (stderr.length < 64 * 1024) stderr += d.toString(); });
    child.stdin.end();
    child.on('close', (code: number | null, signal: string | null) => {
      if (code === 0 && !error) return resolve(Buffer.concat(out).toString('utf8'));
      const why = error?.message ?? (code === null ? `ended by ${signal ?? 'the spawner'}` : `exit code ${code}`);
      reject(new Error(`git ${args[0]} failed: ${stderr.trim() || why}`));
    });
  });
}
