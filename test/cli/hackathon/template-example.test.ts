// docs/TEMPLATE.md's example template (docs/examples/template/) is what the page says: its
// hackathon.json passes the reader `hackathon setup` uses, its compose file publishes the
// named service on EVENT_APP_PORT, and its app answers the ready path once started.
import test from 'ava';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { readManifest } from '../../../cli/hackathon/setup/manifest.ts';
import { reservedPort } from '../../../ops/harness/ports.ts';
import { until } from '../../../ops/harness/until.ts';

const DIR = path.resolve('docs/examples/template');

test('the example hackathon.json is valid for hackathon setup', (t) => {
  t.deepEqual(readManifest(DIR), { version: 1, app: { compose: 'compose.yaml', service: 'app', port: 3000, readyPath: '/health' } });
});

test('its compose file builds the named service and publishes it on EVENT_APP_PORT', (t) => {
  const compose = parse(readFileSync(path.join(DIR, 'compose.yaml'), 'utf8')) as { services: Record<string, { build?: string; ports?: string[] }> };
  const app = compose.services[readManifest(DIR)!.app.service];
  t.truthy(app, 'the service hackathon.json names');
  t.is(app!.build, '.');
  t.true((app!.ports ?? []).some((p) => p.includes('${EVENT_APP_PORT')), JSON.stringify(app!.ports));
});

test('its app answers the ready path', async (t) => {
  const port = await reservedPort();
  const child = spawn(process.execPath, ['server.js'], { cwd: DIR, env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  try {
    const res = await until('the ready path', async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${port}${readManifest(DIR)!.app.readyPath}`);
        return r.status === 200 ? r : null;
      } catch {
        return null;
      }
    }, 30_000, 50);
    t.is(await res.text(), 'ok\n');
  } finally {
    child.kill();
  }
});
