// Running git for the local code host: no prompts, no user or system configuration.
import { execFile } from 'node:child_process';

export const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: '/nonexistent',
};

export function git(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd: opts.cwd, env: { ...GIT_ENV, ...opts.env }, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`git ${args[0]} failed: ${stderr.trim() || err.message}`));
      else resolve(stdout);
    });
  });
}
