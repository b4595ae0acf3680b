// deckcli's option conflicts are one usage error (exit 1, the deck spec's "usage error:
// conflicting options"), each refused before any request (counted at the network edge); and
// `deckcli dev --port` serving on the port it was given, with its `Serving` line.
import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../../cli/deckcli/main.ts';
import { reservedPort } from '../../../ops/harness/ports.ts';
import { runInProcess } from '../in-process.ts';
import { makeHome } from './run.ts';

const DECK = '0b6f2a9e-0000-4000-8000-000000000001';

test('every conflicting pair of options is exit 1 before any request', async (t) => {
  const { env } = makeHome();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'deckcli-conflicts-'));
  writeFileSync(path.join(folder, 'index.html'), '<h1>x</h1>');
  const pairs: [string[], RegExp][] = [
    [['push', folder, '--id', DECK, '--new'], /--id and --new conflict/],
    [['push', folder, '--open', '--no-open'], /--open and --no-open conflict/],
    [['share', DECK, '--password', 'p', '--password-stdin'], /--password and --password-stdin conflict/],
    [['responses', DECK, '--json', '--csv'], /--json and --csv conflict/],
    [['notify', DECK, '--off', '--on'], /--off and --on conflict/],
    // Every listing's --all with --cursor is a conflict like the others.
    [['list', '--all', '--cursor', 'c1'], /--all and --cursor conflict/],
    [['versions', DECK, '--all', '--cursor', 'c1'], /--all and --cursor conflict/],
    [['views', DECK, '--all', '--cursor', 'c1'], /--all and --cursor conflict/],
    [['files', 'list', DECK, '--all', '--cursor', 'c1'], /--all and --cursor conflict/],
    [['responses', DECK, '--all', '--cursor', 'c1'], /--all and --cursor conflict/],
    [['list', '--api-key', 'dk_' + 'a'.repeat(43), '--api-key-stdin'], /--api-key and --api-key-stdin conflict/],
  ];
  let requests = 0;
  const counting: typeof fetch = async () => {
    requests++;
    throw new Error('no request may be sent');
  };
  for (const [args, message] of pairs) {
    const r = await runInProcess('deckcli', main, [...args, '--api-url', 'http://127.0.0.1:9'], { ...env, DECKS_API_KEY: 'dk_' + 'b'.repeat(43) }, 'x\n', counting);
    t.is(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
    t.regex(r.stderr, message, args.join(' '));
  }
  t.is(requests, 0);
  const neither = await runInProcess('deckcli', main, ['notify', DECK, '--api-url', 'http://127.0.0.1:9'], env, undefined, counting);
  t.is(neither.code, 1);
  t.regex(neither.stderr, /pass --off or --on/);
});

test('deckcli dev --port serves on that port and says so (the built binary)', async (t) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'deckcli-dev-port-'));
  writeFileSync(path.join(folder, 'index.html'), '<html><body><h1>Port</h1></body></html>');
  const port = await reservedPort();
  const { env } = makeHome();
  const child = spawn(process.execPath, [path.resolve('dist/deckcli.mjs'), 'dev', folder, '--port', String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c) => {
        stdout += c;
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
      });
      child.on('close', (code) => reject(new Error(`dev ended (${code}): ${stderr}`)));
    });
    t.is(line, `Serving ${folder} at http://127.0.0.1:${port}/ (entry index.html); Ctrl-C stops`);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    t.is(res.status, 200);
    t.regex(await res.text(), /<h1>Port<\/h1>/);
  } finally {
    const closed = new Promise<number | null>((r) => child.once('close', r));
    child.kill('SIGINT');
    t.is(await closed, 0, 'Ctrl-C stops it cleanly');
  }
  const bad = spawn(process.execPath, [path.resolve('dist/deckcli.mjs'), 'dev', folder, '--port', '70000'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let badErr = '';
  bad.stderr.on('data', (c) => (badErr += c));
  t.is(await new Promise<number | null>((r) => bad.once('close', r)), 2);
  t.regex(badErr, /--port must be a port number, got 70000/);
});
