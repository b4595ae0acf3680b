// The newcomer path: `podium start` with no DATABASE_URL boots an embedded PostgreSQL,
// prints a one-time setup link, stops cleanly on Ctrl-C (SIGINT), and keeps the data.
import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http } from '../helpers/http.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-embedded-'));
const port = 20000 + (process.pid % 10000);
const pgPort = 40000 + (process.pid % 10000);

function start(): { child: ChildProcess; out: () => string; exited: Promise<number> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.PODIUM_TEST_MODE;
  const child = spawn(process.execPath, ['cli/podium/bin.js', 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, out: () => out, exited };
}

async function waitFor(cond: () => boolean | Promise<boolean>, ms = 150_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const healthy = async () => (await http(`http://127.0.0.1:${port}`, 'GET', '/api/v1/health').catch(() => ({ status: 0 }))).status === 200;

test.after.always(() => rmSync(dataDir, { recursive: true, force: true }));

test.serial('start boots embedded Postgres, serves, and prints a one-time setup link', async (t) => {
  const p = start();
  try {
    await waitFor(() => /\/setup\?token=/.test(p.out()));
    t.true(await healthy());
    const link = /(http:\/\/127\.0\.0\.1:\d+\/setup\?token=[A-Za-z0-9_-]+)/.exec(p.out())![1];
    t.false(/"msg":"[^"]*setup\?token=/.test(p.out()), 'the token is not in a structured log line');
    const page = await fetch(link);
    t.is(page.status, 200);
    const token = new URL(link).searchParams.get('token')!;
    const r = await fetch(`http://127.0.0.1:${port}/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://127.0.0.1:${port}` },
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
    await waitFor(healthy);
    await waitFor(() => /podium listening/.test(p.out()));
    await new Promise((r) => setTimeout(r, 500));
    t.false(/setup\?token=/.test(p.out()));
    const login = await http(`http://127.0.0.1:${port}`, 'POST', '/api/v1/auth/session', { body: { email: 'olive@acme.test', password: 'correct horse battery' } });
    t.is(login.status, 200, 'the owner made before the restart signs in');
  } finally {
    p.child.kill('SIGINT');
  }
  t.is(await p.exited, 0);
});

test.serial('a SIGKILLed parent leaves a postmaster; the next start stops it and boots', async (t) => {
  const first = start();
  await waitFor(healthy);
  first.child.kill('SIGKILL');
  await first.exited;
  const second = start();
  try {
    await waitFor(healthy);
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
