// The BUILT clients (dist/hackathon.mjs, dist/deckcli.mjs) under real older Node binaries
// (the devDependencies node18, node20, node22.0 are npm aliases of the `node` package): on a
// Node too old they print one sentence naming the version needed and exit 4 (environment);
// from Node 22.0 (ink 8, bundled into `hackathon tui`, needs 22) they run.
import test from 'ava';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const nodeOf = (alias: string) => path.resolve('node_modules', alias, 'bin', 'node');
const home = mkdtempSync(path.join(os.tmpdir(), 'old-node-home-'));
const run = (alias: string, bin: string, args: string[]) => {
  const r = spawnSync(nodeOf(alias), [path.resolve('dist', `${bin}.mjs`), ...args], {
    encoding: 'utf8',
    env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), PATH: process.env.PATH },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const versionOf = (alias: string) => spawnSync(nodeOf(alias), ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');

for (const alias of ['node18', 'node20', 'node22.0', 'node']) {
  test(`the ${alias} binary is installed (npm alias of the node package)`, (t) => {
    t.true(existsSync(nodeOf(alias)), `${nodeOf(alias)} is missing: run npm ci`);
  });
}

for (const alias of ['node18', 'node20']) {
  for (const bin of ['hackathon', 'deckcli']) {
    test(`${bin} on Node ${alias.slice(4)}: one sentence naming Node 22, exit 4, before any command runs`, (t) => {
      const have = versionOf(alias);
      t.regex(have, new RegExp(`^${alias.slice(4)}\\.`));
      for (const args of [['--help'], ['--version'], ['doctor']]) {
        const r = run(alias, bin, args);
        t.is(r.code, 4, `${args.join(' ')}: ${r.stderr}`);
        t.is(r.stdout, '');
        t.is(r.stderr, `${bin} needs Node.js 22 or later (this is Node.js ${have}): install Node.js 22 from https://nodejs.org and run it again.\n`);
      }
    });
  }
}

for (const alias of ['node18', 'node20']) {
  test(`--json on Node ${alias.slice(4)}: JSON, as the command would answer (issue 40: doctor --json printed a sentence)`, (t) => {
    const have = versionOf(alias);
    const message = (bin: string) => `${bin} needs Node.js 22 or later (this is Node.js ${have}): install Node.js 22 from https://nodejs.org and run it again.`;
    // connect, setup and doctor: the spec's refusal shape on stdout.
    for (const args of [['doctor', '--json'], ['connect', '--json'], ['setup', '--json'], ['--json', 'doctor']]) {
      const r = run(alias, 'hackathon', args);
      t.is(r.code, 4, args.join(' '));
      t.deepEqual(JSON.parse(r.stdout), { ok: false, error: { code: 'environment', message: message('hackathon') } }, args.join(' '));
      t.is(r.stderr, '');
    }
    // Any other command: the JSON error on stderr, as cli/lib/dispatch.ts prints it.
    for (const [bin, args] of [['hackathon', ['teams', 'list', '--json']], ['deckcli', ['list', '--json']]] as const) {
      const r = run(alias, bin, [...args]);
      t.is(r.code, 4);
      t.is(r.stdout, '');
      t.deepEqual(JSON.parse(r.stderr), { error: { code: 'environment', message: message(bin) } });
    }
  });
}

for (const alias of ['node22.0', 'node']) {
  test(`hackathon and deckcli run on Node ${versionOf(alias)}`, (t) => {
    for (const bin of ['hackathon', 'deckcli']) {
      const help = run(alias, bin, ['--help']);
      t.is(help.code, 0, help.stderr);
      t.regex(help.stdout, new RegExp(`^${bin} \\d+\\.\\d+\\.\\d+: `));
      const version = run(alias, bin, ['--version']);
      t.is(version.code, 0, version.stderr);
      t.regex(version.stdout, /^\d+\.\d+\.\d+\n$/);
    }
    // A command that loads its code and makes a request: the bundle really runs (4: unreachable).
    const status = run(alias, 'hackathon', ['event', 'status', '--api-url', 'http://127.0.0.1:1', '--api-key', 'hck_x']);
    t.is(status.code, 4);
    t.regex(status.stderr, /^hackathon: cannot reach http:\/\/127\.0\.0\.1:1/);
    // The dashboard's chunk (Ink, React) loads.
    const tui = run(alias, 'hackathon', ['tui', '--help']);
    t.is(tui.code, 0, tui.stderr);
    t.regex(tui.stdout, /^Usage: hackathon tui/m);
  });
}
