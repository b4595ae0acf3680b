// Bundles the CLIs into ESM files under dist/ with esbuild, so they start fast (no
// TypeScript loader, no module graph walk). Run by `npm run build` and `prepare`.
// Each binary is two files: dist/<name>.mjs is a tiny launcher written in syntax every Node
// from 18 parses, which checks the version first (too old: one sentence naming the version
// needed, exit 4) and then imports the bundle dist/chunks/<name>-main.mjs. The bundle itself
// targets Node 22 and would die with a SyntaxError on an older Node before saying anything.
// Code splitting: every command is imported dynamically by its noun's registry
// (commands/<noun>/index.ts, `load: () => import(...)`), so each lands in a chunk under
// dist/chunks/ that only that command loads, and the main chunk holds the command loop and
// the registry: the help and completion read no command's code. What a command imports
// dynamically itself (`deckcli mcp` and the Model Context Protocol SDK, `hackathon tui`'s Ink
// and React) is a further chunk.
import { build } from 'esbuild';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { nodeCheck } from './node-floor.ts';

const entries = { hackathon: 'cli/hackathon/bin.ts', deckcli: 'cli/deckcli/bin.ts' };
/** The commands whose `--json` refusal is `{ ok: false, error }` on stdout (spec 001: connect, setup, doctor). */
const JSON_REFUSAL_ON_STDOUT: Record<string, string[]> = { hackathon: ['connect', 'setup', 'doctor'] };

/** The launcher: ES5-style statements and one dynamic import, nothing a Node from 18 cannot parse. */
function launcher(name: string): string {
  return `#!/usr/bin/env node
// ${name}: checks the Node version before loading the bundle (scripts/build-cli.ts).
import nodeModule from 'node:module';
${nodeCheck({ who: name, verb: 'needs', then: 'run it again', json: { refusalOnStdout: JSON_REFUSAL_ON_STDOUT[name] ?? [] } })}// Node's on-disk compile cache (Node >= 22.1): the second start skips compiling the bundle.
// It lives in the OS temp dir (NODE_COMPILE_CACHE moves it).
if (typeof nodeModule.enableCompileCache === 'function') nodeModule.enableCompileCache();
import('./chunks/${name}-main.mjs').catch(function (err) {
  process.stderr.write('${name}: could not load its bundle: ' + (err && err.stack ? err.stack : err) + '\\n');
  process.exit(1);
});
`;
}

rmSync('dist/chunks', { recursive: true, force: true });
for (const [name, entry] of Object.entries(entries)) {
  await build({
    entryPoints: { [`chunks/${name}-main`]: entry },
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
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
    // The shipped CLIs are production code: React (hackathon tui) picks its production build
    // by this at run time, and its development build costs memory and time on every render.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Ink imports react-devtools-core for its optional devtools; nothing here uses them.
    alias: { 'react-devtools-core': './scripts/react-devtools-stub.ts' },
  });
  writeFileSync(`dist/${name}.mjs`, launcher(name));
  chmodSync(`dist/${name}.mjs`, 0o755);
}
