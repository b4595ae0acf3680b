// The credential helper for this instance's own code host: git asks `hackathon git-credential`
// for the key (commands/git-credential.ts), so no key sits in a URL, an argv or a config file.
// Setup writes it into a team clone's config; event github-check prints it in the template's
// push command.
import { accessSync, constants, realpathSync } from 'node:fs';
import path from 'node:path';
import { commandLine } from '../lib/run.ts';
import type { Context } from './context.ts';

/** Whether a `hackathon` command is on PATH (what git's shell finds when it runs the helper). */
function hackathonOnPath(env: NodeJS.ProcessEnv): boolean {
  const names = process.platform === 'win32' ? ['hackathon.cmd', 'hackathon.exe', 'hackathon'] : ['hackathon'];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    for (const name of names) {
      try {
        accessSync(path.join(dir, name), constants.X_OK);
        return true;
      } catch { /* not here */ }
    }
  }
  return false;
}

export interface CredentialHelper {
  /** git's config key, `credential.<origin>.helper`. */
  key: string;
  /** The `!` helper git runs through the shell. */
  value: string;
  /** This copy's path when no `hackathon` is on PATH and the helper names it instead (the caller says so); else null. */
  namesThisCopy: string | null;
}

/**
 * The helper for a remote on the profile's instance (null for any other host). It names
 * `hackathon` as found on PATH (no absolute path: a clone and the client can each move); only
 * when no `hackathon` is on PATH (a client run from a checkout) does it name this copy.
 * `thisCopy` names this copy always: for a command line printed to be run now, from wherever
 * the reader stands. A `hackathon` on PATH proves nothing then: `npx hackathon` puts npx's own
 * temporary bin folder on PATH for this process only, and the reader's shell has no `hackathon`.
 */
export function credentialHelper(ctx: Context, remoteUrl: string, opts: { thisCopy?: boolean } = {}): CredentialHelper | null {
  const instance = new URL(ctx.profile().url);
  const remote = new URL(remoteUrl);
  if (remote.origin !== instance.origin) return null;
  const key = `credential.${remote.origin}.helper`;
  const args = ['git-credential', '--api-url', instance.origin];
  // git runs a `!` helper through the shell: the same quoting as the echo.
  if (!opts.thisCopy && hackathonOnPath(ctx.io.env)) return { key, value: `!${commandLine('hackathon', args)}`, namesThisCopy: null };
  // Both by absolute path: the Node running this (npx's, a version manager's) may be on no
  // PATH later, and a relative script path would resolve against git's working folder.
  const bin = realpathSync(process.argv[1]!);
  return { key, value: `!${commandLine(process.execPath, [bin, ...args])}`, namesThisCopy: bin };
}
