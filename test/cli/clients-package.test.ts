// The clients as an installable package: `npm run pack:clients` packs the
// BUILT bundles (npm test built them) into a tarball with no dependencies; `npm install -g`
// of it, offline, into a temp prefix yields working `hackathon` and `deckcli`. The server
// serves it at GET /downloads/podium-clients.tgz, and npm installs straight from that URL.
import test from 'ava';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http } from '../helpers/http.ts';
import { startTestServer } from '../helpers/server.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'clients-package-'));
// Node 24 first on PATH: the installed bins start with `#!/usr/bin/env node`.
const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`;
// npm itself: the one running `npm test` (npm_execpath), else npm on PATH.
const npmCmd = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
// Asynchronous: npm may fetch from the test server living in this very process.
const npm = (args: string[], cwd = tmp) =>
  new Promise<{ status: number | null; stderr: string }>((resolve) => {
    execFile(npmCmd[0]!, [...npmCmd.slice(1), ...args], {
      cwd,
      encoding: 'utf8',
      timeout: 180_000,
      env: { ...process.env, PATH, npm_config_cache: path.join(tmp, 'npm-cache'), npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' },
    }, (err, _stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stderr }));
  });
const pack = (out: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/pack-clients.ts', '--no-build', '--out', out], { encoding: 'utf8', env: { ...process.env, PATH } });
const runBin = (file: string, args: string[]) =>
  spawnSync(file, args, { encoding: 'utf8', env: { HOME: tmp, XDG_CONFIG_HOME: path.join(tmp, '.config'), PATH }, timeout: 60_000 });

test.serial('pack:clients gives a tarball of the bundles only, no dependencies; npm install -g of it (offline) yields hackathon and deckcli', async (t) => {
  const tgz = path.join(tmp, 'podium-clients.tgz');
  const p = pack(tgz);
  t.is(p.status, 0, p.stderr);
  t.is(p.stdout.trim(), tgz);
  const files = spawnSync('tar', ['tzf', tgz], { encoding: 'utf8' }).stdout.trim().split('\n').sort();
  t.true(files.includes('package/dist/hackathon.mjs') && files.includes('package/dist/deckcli.mjs'), files.join(' '));
  t.deepEqual(files.filter((f) => !/^package\/dist\/(hackathon|deckcli)\.mjs$|^package\/dist\/chunks\/(hackathon|deckcli)-[A-Za-z0-9-]+\.mjs$/.test(f)),
    ['package/README.md', 'package/package.json', 'package/preinstall.cjs'], 'nothing but the bundles, package.json, README and the Node check');
  const pkg = JSON.parse(spawnSync('tar', ['xzOf', tgz, 'package/package.json'], { encoding: 'utf8' }).stdout);
  t.deepEqual(pkg.bin, { deckcli: 'dist/deckcli.mjs', hackathon: 'dist/hackathon.mjs' });
  t.is(pkg.dependencies, undefined);
  t.is(pkg.scripts.preinstall, 'node preinstall.cjs', 'an install-time engine check: npm only warns about engines');
  t.is(pkg.version, JSON.parse(readFileSync('package.json', 'utf8')).version, 'one version for server and clients');

  const prefix = path.join(tmp, 'offline-prefix');
  const inst = await npm(['install', '-g', '--prefix', prefix, '--offline', tgz]);
  t.is(inst.status, 0, inst.stderr);
  for (const bin of ['hackathon', 'deckcli']) {
    const r = runBin(path.join(prefix, 'bin', bin), ['--help']);
    t.is(r.status, 0, r.stderr);
    t.regex(r.stdout, new RegExp(`^${bin} \\d+\\.\\d+\\.\\d+: `));
  }
  const tui = runBin(path.join(prefix, 'bin', 'hackathon'), ['tui', '--help']);
  t.is(tui.status, 0, `the dashboard's chunk is in the package: ${tui.stderr}`);
});

test.serial('on Node 20 the install fails with the sentence the clients print, and installs no binary', async (t) => {
  const tgz = path.join(tmp, 'old-node.tgz');
  t.is(pack(tgz).status, 0);
  const node20 = path.resolve('node_modules', 'node20', 'bin', 'node');
  const have = spawnSync(node20, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
  t.regex(have, /^20\./);
  // npm itself under Node 20, and Node 20 first on PATH (what runs the preinstall and the bins).
  const npmJs = process.env.npm_execpath ?? realpathSync(spawnSync('which', ['npm'], { encoding: 'utf8' }).stdout.trim());
  const prefix = path.join(tmp, 'node20-prefix');
  const r = spawnSync(node20, [npmJs, 'install', '-g', '--prefix', prefix, '--offline', tgz], {
    cwd: tmp,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, PATH: `${path.dirname(node20)}${path.delimiter}${process.env.PATH}`, npm_config_cache: path.join(tmp, 'npm-cache'), npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  t.not(r.status, 0, 'the install fails');
  t.true(r.stderr.includes(`hackathon and deckcli need Node.js 22 or later (this is Node.js ${have}): install Node.js 22 from https://nodejs.org and install them again.`), r.stderr);
  t.false(existsSync(path.join(prefix, 'bin', 'hackathon')), 'no hackathon that would only exit 4');
  t.false(existsSync(path.join(prefix, 'bin', 'deckcli')));
});

test.serial('GET /downloads/podium-clients.tgz serves the package; npm install -g <url> works; without a built package it is 404 not_found', async (t) => {
  const tgz = path.join(tmp, 'served.tgz');
  t.is(pack(tgz).status, 0);
  const s = await startTestServer({ env: { CLIENTS_TARBALL: tgz } });
  try {
    const r = await fetch(`${s.url}/downloads/podium-clients.tgz`);
    t.is(r.status, 200);
    t.is(r.headers.get('content-type'), 'application/gzip');
    t.deepEqual(Buffer.from(await r.arrayBuffer()), readFileSync(tgz), 'the bytes npm pack wrote, without a key');
    const prefix = path.join(tmp, 'url-prefix');
    const inst = await npm(['install', '-g', '--prefix', prefix, `${s.url}/downloads/podium-clients.tgz`]);
    t.is(inst.status, 0, inst.stderr);
    const r2 = runBin(path.join(prefix, 'bin', 'deckcli'), ['--version']);
    t.is(r2.status, 0, r2.stderr);
  } finally {
    await s.close();
  }
  const none = await startTestServer({ env: { CLIENTS_TARBALL: path.join(tmp, 'missing.tgz') } });
  try {
    const r = await http(none.url, 'GET', '/downloads/podium-clients.tgz');
    t.is(r.status, 404);
    t.is(r.body.error.code, 'not_found');
    t.regex(r.body.error.message, /npm run pack:clients/);
  } finally {
    await none.close();
  }
});
