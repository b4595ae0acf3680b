// `npm install` of the server under the system Node 20: npm checks every
// dependency's `engines` against the Node running npm, not the Node 24 Podium runs on, and
// printed ~30 EBADENGINE warnings. The project's .npmrc keeps npm to errors. Run on a copy
// (package.json, package-lock.json, .npmrc), lock only: nothing installed, no network.
import test from 'ava';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

test('npm install under Node 20 prints no engine warning', (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'npm-quiet-'));
  for (const f of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(f, path.join(dir, f));
  const node20 = path.resolve('node_modules', 'node20', 'bin', 'node');
  const npmJs = process.env.npm_execpath ?? realpathSync(spawnSync('which', ['npm'], { encoding: 'utf8' }).stdout.trim());
  const r = spawnSync(node20, [npmJs, 'install', '--package-lock-only', '--ignore-scripts', '--offline'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, PATH: `${path.dirname(node20)}${path.delimiter}${process.env.PATH}`, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  t.is(r.status, 0, r.stderr);
  t.false(/EBADENGINE/.test(r.stdout + r.stderr), r.stderr);
});
