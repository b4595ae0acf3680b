// `npm run pack:clients`: the two clients as one installable package, without the server.
// Builds the bundles (scripts/build-cli.ts; `--no-build` packs what dist/ holds), stages
// cli/package/ (package.json, README.md, a preinstall that refuses a Node older than the
// bundles need) with dist/hackathon.mjs, dist/deckcli.mjs and
// dist/chunks/ in a temp folder, and runs `npm pack` there. The tarball has no dependencies,
// so `npm install -g <tarball>` works offline and yields `hackathon` and `deckcli`.
// Output: dist/podium-clients.tgz (what GET /downloads/podium-clients.tgz serves), or `--out <file>`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeCheck } from './node-floor.ts';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = path.resolve(outAt === -1 ? 'dist/podium-clients.tgz' : args[outAt + 1]!);

if (!args.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-cli.ts'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const stage = mkdtempSync(path.join(os.tmpdir(), 'podium-clients-'));
try {
  const pkg = JSON.parse(readFileSync('cli/package/package.json', 'utf8'));
  pkg.version = JSON.parse(readFileSync('package.json', 'utf8')).version; // one version for server and clients
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  copyFileSync('cli/package/README.md', path.join(stage, 'README.md'));
  // npm only warns about `engines`: on an older Node the install must fail, with the sentence.
  writeFileSync(path.join(stage, 'preinstall.cjs'), `// Refuses the install on a Node the clients do not run on (scripts/node-floor.ts).\n${nodeCheck({ who: 'hackathon and deckcli', verb: 'need', then: 'install them again' })}`);
  mkdirSync(path.join(stage, 'dist'));
  for (const f of ['hackathon.mjs', 'deckcli.mjs']) copyFileSync(path.join('dist', f), path.join(stage, 'dist', f));
  cpSync('dist/chunks', path.join(stage, 'dist', 'chunks'), { recursive: true });

  // npm itself: the one running this script when there is one, else npm on PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const packed = spawnSync(npm[0]!, [...npm.slice(1), 'pack', '--json', '--pack-destination', stage], {
    cwd: stage,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false' },
  });
  if (packed.status !== 0) {
    process.stderr.write(`npm pack failed:\n${packed.stderr}`);
    process.exit(1);
  }
  const [{ filename }] = JSON.parse(packed.stdout) as { filename: string }[];
  mkdirSync(path.dirname(out), { recursive: true });
  copyFileSync(path.join(stage, filename!), `${out}.tmp`);
  renameSync(`${out}.tmp`, out); // readers (the download route) never see half a file
  process.stdout.write(`${out}\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
