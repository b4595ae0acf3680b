// Entry of the bundle dist/chunks/deckcli-main.mjs, which the launcher dist/deckcli.mjs
// imports after its Node version check: see scripts/build-cli.ts.
import { main } from './main.ts';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`deckcli: unexpected error: ${(err as Error)?.stack ?? err}\n`);
    process.exit(1);
  },
);
