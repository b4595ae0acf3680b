// The doctor's checks, in order: version control, JavaScript runtime (22 or later), the
// container tool, its daemon, compose, and the push proof (setup runs the tool checks too,
// without the runtime and stopping at the first failure). Each answers one line with a
// fix written for this operating system; a failure carries its class (access,
// environment), which gives the exit code.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../lib/run.ts';

export type CheckClass = 'access' | 'environment' | 'conflict';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  fix?: string;
  cls?: CheckClass;
}

const byOs = (platform: NodeJS.Platform, fixes: { linux: string; darwin: string; win32: string }) =>
  platform === 'darwin' ? fixes.darwin : platform === 'win32' ? fixes.win32 : fixes.linux;

const firstLine = (s: string) => s.trim().split('\n')[0] ?? '';

export interface ToolCheckOptions {
  /** Include the JavaScript runtime (doctor does; setup needs none). */
  runtime?: boolean;
  /** Include the container tool, its daemon and compose (setup always does; with --no-start a failure there is a warning). */
  containers?: boolean;
  /** Stop at the first failure (setup); doctor reports every check. */
  stopAtFailure?: boolean;
  echo?: (line: string) => void;
}

export async function toolChecks(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, opts: ToolCheckOptions = {}): Promise<Check[]> {
  const { runtime = true, containers = true, stopAtFailure = false, echo } = opts;
  const checks: Check[] = [];
  const done = (c: Check) => (checks.push(c), !c.ok && stopAtFailure);

  const git = await run('git', ['--version'], { env, echo });
  if (done(git.code === 0
    ? { name: 'git', ok: true, detail: firstLine(git.out) }
    : { name: 'git', ok: false, cls: 'environment', detail: git.missing ? 'git is not installed' : firstLine(git.err),
        fix: byOs(platform, { linux: 'sudo apt-get install git', darwin: 'xcode-select --install (or brew install git)', win32: 'winget install Git.Git' }) })) return checks;

  if (runtime) {
    const node = await run('node', ['--version'], { env, echo });
    const major = Number(/^v(\d+)/.exec(node.out.trim())?.[1] ?? 0);
    const nodeFix = byOs(platform, { linux: 'install Node.js 22 or later (e.g. nvm install 22)', darwin: 'brew install node@22 (or nvm install 22)', win32: 'winget install OpenJS.NodeJS.LTS' });
    if (done(node.code === 0 && major >= 22
      ? { name: 'javascript runtime', ok: true, detail: `node ${node.out.trim()}` }
      : { name: 'javascript runtime', ok: false, cls: 'environment', detail: node.code === 0 ? `node ${node.out.trim()} is older than 22` : 'node is not installed', fix: nodeFix })) return checks;
  }
  if (!containers) return checks;

  const docker = await run('docker', ['--version'], { env, echo });
  if (docker.code !== 0) {
    checks.push({ name: 'container tool', ok: false, cls: 'environment', detail: docker.missing ? 'docker is not installed' : firstLine(docker.err),
      fix: byOs(platform, { linux: 'install Docker Engine (sudo apt-get install docker.io) or Docker Desktop', darwin: 'install Docker Desktop (brew install --cask docker)', win32: 'install Docker Desktop (winget install Docker.DockerDesktop)' }) });
    return checks; // the daemon and compose cannot be asked without it
  }
  checks.push({ name: 'container tool', ok: true, detail: firstLine(docker.out) });
  const daemon = await run('docker', ['info', '--format', '{{.ServerVersion}}'], { env, echo, timeoutMs: 20_000 });
  if (done(daemon.code === 0
    ? { name: 'container daemon', ok: true, detail: `server ${daemon.out.trim()}` }
    : { name: 'container daemon', ok: false, cls: 'environment', detail: firstLine(daemon.err) || 'the daemon does not answer',
        fix: byOs(platform, { linux: 'sudo systemctl start docker (and add yourself to the docker group)', darwin: 'start Docker Desktop', win32: 'start Docker Desktop' }) })) return checks;
  const compose = await run('docker', ['compose', 'version'], { env, echo });
  done(compose.code === 0
    ? { name: 'compose', ok: true, detail: firstLine(compose.out) }
    : { name: 'compose', ok: false, cls: 'environment', detail: firstLine(compose.err) || 'docker compose is missing',
        fix: byOs(platform, { linux: 'sudo apt-get install docker-compose-plugin', darwin: 'update Docker Desktop', win32: 'update Docker Desktop' }) });
  return checks;
}

/** The account git would use for a host, from this machine's credential helpers (never the secret). */
async function credentialUser(url: URL, env: NodeJS.ProcessEnv, cwd?: string): Promise<string | null> {
  const r = await run('git', ['credential', 'fill'], { cwd, env: { ...env, GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never' }, input: `protocol=${url.protocol.replace(':', '')}\nhost=${url.host}\n\n`, timeoutMs: 15_000 });
  if (r.code !== 0) return null;
  const user = /^username=(.*)$/m.exec(r.out)?.[1];
  const hasPassword = /^password=./m.test(r.out);
  return hasPassword ? (user ?? '(no username)') : null;
}

/** The push proof's timeout: 60 s; HACKATHON_PUSH_PROOF_TIMEOUT_MS overrides it (tests only). */
export function pushProofTimeoutMs(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.HACKATHON_PUSH_PROOF_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 60_000;
}

/** Where a clone URL points: https (credential fill applies) or ssh (`ssh://` or scp-like `user@host:path`). */
export function remoteOf(cloneUrl: string): { kind: 'https' | 'ssh'; host: string } | null {
  if (/^https?:\/\//i.test(cloneUrl)) return { kind: 'https', host: new URL(cloneUrl).host };
  if (/^(git\+)?ssh:\/\//i.test(cloneUrl)) return { kind: 'ssh', host: new URL(cloneUrl.replace(/^git\+/, '')).hostname };
  const scp = /^(?:[^@/:]+@)?([^/:]+):(?!\/\/)/.exec(cloneUrl);
  return scp && !/^[A-Za-z]$/.test(scp[1]!) ? { kind: 'ssh', host: scp[1]! } : null; // `C:\...` is a path
}

/**
 * Asks the code host, from this machine with this machine's credential, whether a push
 * would be accepted: `git push --dry-run` to a throwaway branch name, from the person's
 * clone when one is given (so its own credential helper counts, e.g. the one setup
 * configures for this instance's code host), else of an empty commit in a scratch
 * repository. Nothing is ever pushed. Over https the account comes from the credential
 * helpers; over ssh there is no credential fill, and the account comes from the refusal
 * (e.g. `Permission to acme/rocket.git denied to bob.`).
 */
export async function pushProof(cloneUrl: string, repo: string, env: NodeJS.ProcessEnv, clone?: string): Promise<Check> {
  const name = 'push proof';
  const remote = remoteOf(cloneUrl);
  if (!remote) return { name, ok: false, cls: 'environment', detail: `origin ${cloneUrl} is neither an https nor an ssh URL`, fix: 'clone over https (hackathon setup does)' };
  const host = remote.host;
  const ssh = remote.kind === 'ssh';
  const genv = { ...env, GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never' };
  const fromClone = clone !== undefined && (await run('git', ['-C', clone, 'rev-parse', '--verify', '--quiet', 'HEAD'], { env: genv })).code === 0;
  const account = ssh ? null : await credentialUser(new URL(cloneUrl), env, fromClone ? clone : undefined);
  const dir = fromClone ? clone! : mkdtempSync(path.join(os.tmpdir(), 'hackathon-doctor-'));
  const timeoutMs = pushProofTimeoutMs(env);
  try {
    if (!fromClone) {
      await run('git', ['init', '-q', dir], { env: genv });
      await run('git', ['-C', dir, '-c', 'user.name=doctor', '-c', 'user.email=doctor@localhost', 'commit', '-q', '--allow-empty', '-m', 'push proof'], { env: genv });
    }
    const r = await run('git', ['-C', dir, 'push', '--dry-run', '--porcelain', cloneUrl, `HEAD:refs/heads/podium-push-proof-${process.pid}`], { env: genv, timeoutMs, group: true });
    const text = `${r.err}\n${r.out}`;
    if (r.code === 0) return { name, ok: true, detail: `${account ?? 'this machine'} may push to ${repo}` };
    if (r.timedOut) return { name, ok: false, cls: 'environment', detail: `${host} did not answer within ${timeoutMs / 1000} s`, fix: 'check the network connection and try again' };
    const deniedTo = /denied to ([^\s.]+)/.exec(text)?.[1];
    if (ssh && !deniedTo && /Permission denied \([^)]*\)|Host key verification failed/i.test(text)) {
      return { name, ok: false, cls: 'access', detail: `${host} refused the SSH key on this machine (${firstLine(/^.*Permission denied.*$|^.*Host key verification failed.*$/im.exec(text)?.[0] ?? '')})`, fix: `add your SSH key to your ${host === 'github.com' ? 'GitHub' : host} account or clone over https` };
    }
    if (!ssh && !account && /terminal prompts disabled|could not read Username|Authentication failed|\b401\b/i.test(text)) {
      return { name, ok: false, cls: 'access', detail: `no credential on this machine for ${host}`, fix: `sign in to ${host} with your roster account in git (a credential helper or credential manager), then run doctor again` };
    }
    const seen = deniedTo ?? account ?? (ssh ? 'the SSH key on this machine' : 'the account on this machine');
    if (/\b40[13]\b|denied|not found|Permission to/i.test(text)) {
      return { name, ok: false, cls: 'access', detail: `${host} refused a push to ${repo} by ${seen}`, fix: `accept your invitation to ${repo} (hackathon connect shows it), or sign in with your roster account instead of ${seen}` };
    }
    return { name, ok: false, cls: 'environment', detail: `could not ask ${host}: ${firstLine(r.err) || `git exited ${r.code}`}`, fix: 'check the network connection and the instance address, then run doctor again' };
  } finally {
    if (!fromClone) rmSync(dir, { recursive: true, force: true });
  }
}
