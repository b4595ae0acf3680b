// Bundles the CLIs into single ESM files under dist/ with esbuild, so they start fast
// (no TypeScript loader, no module graph walk). Run by `npm run build` and `prepare`.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

const entries = { hackathon: 'cli/hackathon/bin.ts', deckcli: 'cli/deckcli/bin.ts' };

for (const [name, entry] of Object.entries(entries)) {
  const outfile = `dist/${name}.mjs`;
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: false,
    sourcemap: false,
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  chmodSync(outfile, 0o755);
}
