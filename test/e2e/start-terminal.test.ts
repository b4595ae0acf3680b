// `npm start` (podium start) at a terminal, run under a real pseudo-terminal (util-linux
// `script`): log lines are pretty (pino-pretty), not raw JSON; the boot banner says where
// mail goes (the outbox by default) and how to set up with a password; quick successful
// requests print no line and the setup link comes back after a burst of lines; Ctrl-C stops it.
// Piped (no terminal) the same lines are JSON: test/e2e/embedded.test.ts reads them.
import test from 'ava';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../helpers/db.ts';
import { until } from '../../ops/harness/until.ts';

const hasScript = spawnSync('script', ['--version']).status === 0;

(hasScript ? test : test.skip)('on a terminal: pretty log lines, the mail banner, the setup hint with a password', async (t) => {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-tty-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', AUTH_SECRET: 'tty-test-auth-secret-0123456789abcdef0123456789' };
  delete env.PODIUM_TEST_MODE;
  delete env.LOG_FORMAT;
  delete env.EMAIL_DRIVER;
  // `exec`: script runs the command through $SHELL -c; dash (the /bin/sh of a CI machine
  // without SHELL) would otherwise stay as the foreground parent and die of the Ctrl-C itself.
  const cmd = `exec '${process.execPath}' cli/podium/bin.js start`;
  const child = spawn('script', ['-qefc', cmd, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  try {
    // The link and the hint after it may reach the terminal in separate chunks: wait for the hint's end.
    await until('the setup link and its hint', async () => /\/setup\?token=\S+/.test(out) && out.includes('--password-stdin)'), 120_000, 100);
    const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
    t.regex(plain, /^\[\d\d:\d\d:\d\d\] INFO: podium listening \{"url":"http:\/\/127\.0\.0\.1:\d+","role":"all"\}/m, 'a pretty line');
    t.false(/^\{"level":/m.test(plain), 'no raw JSON line');
    t.regex(plain, /^Mail: kept in the outbox, not sent \(EMAIL_DRIVER=outbox, the default\)\. Read it with `npx podium mail list` or at http:\/\/127\.0\.0\.1:\d+\/operator\/mail \(instance operators: podium operator list\)\.\r?$/m);
    t.regex(plain, /npx podium setup --workspace <name> --email <you@example\.com>\r?\n it asks for the owner's password on a terminal; elsewhere pipe one in with --password-stdin\)/);
    // A quick success is no line on a terminal; a refusal is. Forty refused requests
    // scroll the link away, so the same link is printed again (the reminder looks every 5 s).
    const url = /podium listening \{"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(plain)![1]!;
    const link = /\/setup\?token=\S+/.exec(plain)![0];
    t.is((await fetch(`${url}/api/v1/health`)).status, 200);
    for (let i = 0; i < 40; i++) await (await fetch(`${url}/no-such-page-${i}`)).arrayBuffer();
    await until('the refused requests on the terminal', async () => out.includes('/no-such-page-39'), 30_000, 100);
    t.false(/INFO: request .*\/api\/v1\/health/.test(out.replace(/\x1b\[[0-9;]*m/g, '')), 'a quick success is a debug line');
    await until('the setup link again', async () => out.split(link).length - 1 >= 2, 60_000, 100);
  } finally {
    child.stdin.write('\x03'); // Ctrl-C at the terminal
  }
  t.is(await exited, 0, 'Ctrl-C stops it cleanly');
  rmSync(dataDir, { recursive: true, force: true });
  await db.drop();
});
