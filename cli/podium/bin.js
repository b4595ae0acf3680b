#!/usr/bin/env node
// The operator binary. Podium needs Node 24 (the `node` devDependency pins it): under another
// major the TypeScript loader dies with a segmentation fault instead of a sentence, so the
// version is checked before anything is loaded, and the pinned Node re-runs us when present.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major !== REQUIRED_MAJOR) {
  const pinned = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));
  if (existsSync(pinned) && !process.env.PODIUM_NODE_REEXEC) {
    const r = spawnSync(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, PODIUM_NODE_REEXEC: '1' },
    });
    process.exit(r.status ?? 1);
  }
  process.stderr.write(
    `podium needs Node ${REQUIRED_MAJOR}; this is Node ${process.versions.node}.\n` +
      `Run it as \`npx podium ...\` or \`npm run podium -- ...\` (both use the project's pinned Node ${REQUIRED_MAJOR} after \`npm install\`), ` +
      `or install Node ${REQUIRED_MAJOR}.\n`,
  );
  process.exit(4);
}

process.env.GRAPHILE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
// Before anything imports React: the server renders pages with its production build.
await import('../../api/pages/react-production.ts');
const { main } = await import('./main.ts');
const code = await main(process.argv.slice(2));
process.exit(code);
