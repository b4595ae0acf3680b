// The newcomer path: `podium start` with no DATABASE_URL boots an embedded PostgreSQL,
// prints a one-time setup link, stops cleanly on Ctrl-C (SIGINT), and keeps the data.
import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http } from '../helpers/http.ts';
import { reservedPort } from '../../ops/harness/ports.ts';
import { until } from '../../ops/harness/until.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-embedded-'));
// Podium listens on 0 and each start's address is read back from its `podium listening`
// line; embedded PostgreSQL must be told its port (ops/harness/ports.ts).
const pgPort = await reservedPort();

interface Started {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number>;
}

function start(): Started {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.PODIUM_TEST_MODE;
  const child = spawn(process.execPath, ['cli/podium/bin.js', 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  // 'close': after stdout and stderr ended, so out() is the whole output once it settles.
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return { child, out: () => out, exited };
}

const BOOT_MS = 150_000; // embedded PostgreSQL's first initdb on 2 loaded cores

/** The address this start listens on, from its `podium listening` line (null before it). */
function baseOf(p: Started): string | null {
  const line = p.out().split('\n').find((l) => l.includes('"msg":"podium listening"'));
  try {
    return line ? (JSON.parse(line).url as string) : null;
  } catch {
    return null; // the line is still arriving
  }
}

/** Waits until the start listens and answers health 200; answers its address. */
const healthy = (p: Started) =>
  until('podium start to listen and answer health', async () => {
    const base = baseOf(p);
    if (!base) return null;
    return (await http(base, 'GET', '/api/v1/health').catch(() => ({ status: 0 }))).status === 200 ? base : null;
  }, BOOT_MS, 200);

test.after.always(() => rmSync(dataDir, { recursive: true, force: true }));

test.serial('start boots embedded Postgres, serves, and prints a one-time setup link', async (t) => {
  const p = start();
  try {
    const base = await healthy(p);
    // ps, top and pkill name the server by its command (meow had blanked the process title).
    t.is(readFileSync(`/proc/${p.child.pid}/cmdline`, 'utf8').replace(/\0+$/, ''), 'podium start');
    await until('the setup link', async () => /\/setup\?token=/.test(p.out()), BOOT_MS, 200);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/setup\?token=[A-Za-z0-9_-]+)/.exec(p.out())![1];
    t.true(link.startsWith(`${base}/setup?token=`), 'the link names the port taken (PORT=0)');
    t.false(/"msg":"[^"]*setup\?token=/.test(p.out()), 'the token is not in a structured log line');
    const page = await fetch(link);
    t.is(page.status, 200);
    const token = new URL(link).searchParams.get('token')!;
    const r = await fetch(`${base}/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ token, workspace: 'Acme', email: 'olive@acme.test', password: 'correct horse battery' }).toString(),
    });
    t.is(r.status, 200);
  } finally {
    p.child.kill('SIGINT');
  }
  t.is(await p.exited, 0, 'Ctrl-C exits cleanly');
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  t.false(existsSync(pidFile) && isAlive(Number(readFileSync(pidFile, 'utf8').split('\n')[0])), 'embedded Postgres stopped');
});

test.serial('a restart keeps the data and prints no setup link', async (t) => {
  const p = start();
  try {
    const base = await healthy(p);
    const login = await http(base, 'POST', '/api/v1/auth/session', { body: { email: 'olive@acme.test', password: 'correct horse battery' } });
    t.is(login.status, 200, 'the owner made before the restart signs in');
  } finally {
    p.child.kill('SIGINT');
  }
  t.is(await p.exited, 0);
  // The setup link is printed after `podium listening`, before the boot completes, and a
  // Ctrl-C during the boot waits for it: the whole output is in once the process exited.
  t.regex(p.out(), /SIGINT: stopping Podium/);
  t.false(/setup\?token=/.test(p.out()), 'no setup link once a workspace exists');
});

test.serial('a SIGKILLed parent leaves a postmaster; the next start stops it and boots', async (t) => {
  const first = start();
  await healthy(first);
  first.child.kill('SIGKILL');
  await first.exited;
  const second = start();
  try {
    await healthy(second);
    t.regex(second.out(), /stopping a stale postmaster/);
  } finally {
    second.child.kill('SIGINT');
  }
  t.is(await second.exited, 0);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
