// Entry of the bundle dist/chunks/hackathon-main.mjs, which the launcher dist/hackathon.mjs
// imports after its Node version check: see scripts/build-cli.ts.
import { main } from './main.ts';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`hackathon: unexpected error: ${(err as Error)?.stack ?? err}\n`);
    process.exit(1);
  },
);
