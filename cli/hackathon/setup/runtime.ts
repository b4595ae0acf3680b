// Setup step 8, second half: start the team app with Docker Compose from the manifest and
// wait until its ready path answers. The port must be free, unless this app's own previous
// run holds it (compose project `hackathon-<team>` publishes it); readiness is polled once
// a second up to --timeout seconds.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError, EXIT } from '../../lib/errors.ts';
import { commandLine, run } from '../../lib/run.ts';
import type { Manifest } from './manifest.ts';

export interface AppStart {
  project: string;
  port: number;
  url: string;
  readyUrl: string;
  /** The port was already held by this app's previous run. */
  reused: boolean;
  logsCommand: string;
}

interface Io {
  env: NodeJS.ProcessEnv;
  echo: (line: string) => void;
  progress: (line: string) => void;
  tee: { write(s: string): unknown };
}

/** Whether something on this machine already listens on the port (any address). */
async function portTaken(port: number): Promise<boolean> {
  const tryListen = (host: string) =>
    new Promise<'free' | 'taken' | 'unsupported'>((resolve) => {
      const server = net.createServer();
      server.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EADDRINUSE' || err.code === 'EACCES' ? 'taken' : 'unsupported'));
      server.listen({ port, host, exclusive: true }, () => server.close(() => resolve('free')));
    });
  for (const host of ['0.0.0.0', '127.0.0.1', '::']) if ((await tryListen(host)) === 'taken') return true;
  return false;
}

interface PsEntry {
  State?: string;
  Publishers?: { PublishedPort?: number }[] | null;
}

/** `compose ps --format json` prints an array (older Compose) or one object per line (newer). */
function parsePs(out: string): PsEntry[] {
  const text = out.trim();
  if (!text) return [];
  try {
    if (text.startsWith('[')) return JSON.parse(text) as PsEntry[];
    return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as PsEntry);
  } catch {
    return [];
  }
}

export async function startApp(dir: string, team: string, manifest: Manifest, port: number, timeoutS: number, io: Io): Promise<AppStart> {
  const project = `hackathon-${team}`;
  const compose = ['compose', '-f', manifest.app.compose, '-p', project];
  const logsCommand = `cd ${commandLine(dir, [])} && ${commandLine('docker', [...compose, 'logs', manifest.app.service])}`;
  const url = `http://localhost:${port}`;
  const readyUrl = `http://127.0.0.1:${port}${manifest.app.readyPath}`;

  let reused = false;
  if (await portTaken(port)) {
    const ps = await run('docker', [...compose, 'ps', '--format', 'json'], { env: io.env, cwd: dir, echo: io.echo, timeoutMs: 60_000 });
    reused = ps.code === 0 && parsePs(ps.out).some((c) => c.State === 'running' && (c.Publishers ?? []).some((p) => p.PublishedPort === port));
    if (!reused) {
      throw new CliError(`port ${port} is already in use by another program on this machine: stop it, or pass --port <a free port from 1024 to 65535>`, EXIT.conflict, 'port_in_use');
    }
    io.progress(`Port ${port} is held by this app's previous run (${project}): not a collision.`);
  }

  const env = { EVENT_APP_PORT: String(port) };
  const up = await run('docker', [...compose, 'up', '-d', '--build'], { env: { ...io.env, ...env }, echoEnv: env, cwd: dir, echo: io.echo, tee: io.tee, timeoutMs: 30 * 60_000 });
  if (up.code !== 0) {
    throw new CliError(`docker compose up failed (${up.timedOut ? 'no answer within 30 minutes' : `exit ${up.code}`}); its logs: ${logsCommand}`, EXIT.environment, 'compose_failed');
  }

  io.progress(`Waiting for ${url}${manifest.app.readyPath} (up to ${timeoutS} s)`);
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    const started = Date.now();
    try {
      const res = await fetch(readyUrl, { redirect: 'manual', signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.status >= 200 && res.status < 300) return { project, port, url, readyUrl, reused, logsCommand };
    } catch {
      // not listening yet
    }
    const next = started + 1000; // one poll a second
    if (next > deadline) break;
    await sleep(Math.max(0, next - Date.now()));
  }
  throw new CliError(`the app did not answer ${url}${manifest.app.readyPath} within ${timeoutS} s; read its logs: ${logsCommand}`, EXIT.environment, 'readiness_timeout');
}
