// The operator binary under a Node that is not 24: it re-runs itself under the project's
// pinned Node when that is installed, and says what to do (exit 4) when it is not, instead of
// dying in the TypeScript loader. Needs a system Node of another major (this machine kind has 20).
import test from 'ava';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN } from './run.ts';

function otherNode(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    const candidate = path.join(dir, 'node');
    try {
      const v = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
      if (Number(v.split('.')[0]) !== 24) return candidate;
    } catch {
      /* not there */
    }
  }
  return null;
}

const old = otherNode();

test('under another Node major the bin re-runs itself under the pinned Node 24', (t) => {
  if (!old) return t.fail('no system Node of a major other than 24 on PATH to run the guard with');
  const r = spawnSync(old, [BIN, '--help'], { encoding: 'utf8', env: { ...process.env, PODIUM_NODE_REEXEC: '' } });
  t.is(r.status, 0, r.stderr);
  t.regex(r.stdout, /^podium: run and administer a Podium server/);
});

test('without the pinned Node it names the version needed and how to get it (exit 4)', (t) => {
  if (!old) return t.fail('no system Node of a major other than 24 on PATH to run the guard with');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-guard-'));
  try {
    mkdirSync(path.join(dir, 'cli/podium'), { recursive: true });
    const copy = path.join(dir, 'cli/podium/bin.js');
    copyFileSync(BIN, copy); // no node_modules beside the copy: no pinned Node to re-run under
    const r = spawnSync(old, [copy, '--help'], { encoding: 'utf8' });
    t.is(r.status, 4);
    t.is(r.stdout, '');
    t.regex(r.stderr, /^podium needs Node 24; this is Node \d+\./);
    t.regex(r.stderr, /npx podium/);
    t.regex(r.stderr, /npm run podium/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('`npx podium` with npm under Node 20 runs it without a page of npm engine warnings', (t) => {
  // The README's first event is a dozen `npx podium` / `npx hackathon` calls, and the system
  // Node runs npm: `engines` says what installs and runs the project (npm's own floor), not the
  // Node 24 it brings along. Node 20 is the devDependency alias node20; npm is the one running
  // this suite (npm_execpath).
  const npm = process.env.npm_execpath;
  if (!npm) return t.fail('npm_execpath is not set: run the suite through npm test');
  const home = mkdtempSync(path.join(os.tmpdir(), 'podium-npx-'));
  try {
    const r = spawnSync(path.resolve('node_modules/node20/bin/node'), [npm, 'exec', '--offline', '--', 'podium', '--help'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: home, npm_config_update_notifier: 'false' },
    });
    t.is(r.status, 0, r.stderr);
    t.regex(r.stdout, /^podium: run and administer a Podium server/);
    t.notRegex(r.stderr, /EBADENGINE/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
