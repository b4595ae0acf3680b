// Ports. A server a test starts listens on port 0 and the test reads the port back
// (`server.address().port`, a replica's `podium listening` line): that is the rule.
//
// A few programs under test must be *told* a port before anything listens on it, and check
// themselves that it is free: `hackathon setup` starts a team app on the manifest's port
// (and refuses a port in use), embedded PostgreSQL takes EMBEDDED_PG_PORT. For those, and
// for an address where nothing listens, `reservedPort()` hands out a port that no one else
// gets in the meantime, instead of "listen on 0, close, hope it stays free":
// - it is below the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range), so
//   the kernel never gives it to anyone's listen(0) or outgoing connection;
// - an exclusive lock file (os.tmpdir()/podium-test-ports/<port>, holding our pid) keeps every
//   other test process, of this run or of another run on the same machine, off it until this
//   process exits; a lock whose pid is gone is taken over;
// - it was free on every address when handed out (as `hackathon setup` checks it).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const DIR = path.join(os.tmpdir(), 'podium-test-ports');
const FLOOR = 20_000;
const held: string[] = [];
process.once('exit', () => {
  for (const f of held) rmSync(f, { force: true });
});

function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768; // Linux's default; macOS starts at 49152
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock file of `port`; false when a live process holds it. */
function lock(port: number): boolean {
  const file = path.join(DIR, String(port));
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.push(file);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = 0;
      try {
        owner = Number(readFileSync(file, 'utf8')) || 0;
      } catch {
        continue; // removed meanwhile: try again
      }
      if (owner && alive(owner)) return false;
      rmSync(file, { force: true }); // its process is gone
    }
  }
  return false;
}

function unlock(port: number): void {
  const file = path.join(DIR, String(port));
  rmSync(file, { force: true });
  const i = held.indexOf(file);
  if (i >= 0) held.splice(i, 1);
}

/** Whether nothing listens on the port, on any address (exclusive binds, as `hackathon setup` tries). */
async function free(port: number): Promise<boolean> {
  for (const host of ['0.0.0.0', '127.0.0.1', '::']) {
    const ok = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EAFNOSUPPORT' || err.code === 'EADDRNOTAVAIL'));
      srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
    });
    if (!ok) return false;
  }
  return true;
}

/** A port for a program that must be told its port (see above), held for this process's life. */
export async function reservedPort(): Promise<number> {
  mkdirSync(DIR, { recursive: true });
  const top = ephemeralLow() - 1;
  const span = top - FLOOR;
  if (span < 100) throw new Error(`no room below the ephemeral port range (starts at ${top + 1})`);
  const first = FLOOR + Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = FLOOR + ((first - FLOOR + i) % span);
    if (!lock(port)) continue;
    if (await free(port)) return port;
    unlock(port); // another program listens there: not ours to hand out
  }
  throw new Error(`no free port from ${FLOOR} to ${top}`);
}
