// Bundles the CLIs into ESM files under dist/ with esbuild, so they start fast (no
// TypeScript loader, no module graph walk). Run by `npm run build` and `prepare`.
// Code splitting: what a command imports dynamically (`deckcli mcp` and the Model Context
// Protocol SDK, and `hackathon tui`'s Ink and React) lands in a chunk under dist/chunks/ that
// only that command loads.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';

const entries = { hackathon: 'cli/hackathon/bin.ts', deckcli: 'cli/deckcli/bin.ts' };

rmSync('dist/chunks', { recursive: true, force: true });
for (const [name, entry] of Object.entries(entries)) {
  await build({
    entryPoints: { [name]: entry },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    chunkNames: `chunks/${name}-[hash]`,
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: false,
    sourcemap: false,
    // Node's on-disk compile cache (module.enableCompileCache, Node >= 22.1): the second start
    // skips compiling the bundle. It lives in the OS temp dir (NODE_COMPILE_CACHE moves it).
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr, enableCompileCache as __ecc } from 'node:module'; __ecc?.(); const require = __cr(import.meta.url);" },
    logLevel: 'warning',
    // The shipped CLIs are production code: React (hackathon tui) picks its production build
    // by this at run time, and its development build costs memory and time on every render.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Ink imports react-devtools-core for its optional devtools; nothing here uses them.
    alias: { 'react-devtools-core': './scripts/react-devtools-stub.ts' },
  });
  chmodSync(`dist/${name}.mjs`, 0o755);
}
