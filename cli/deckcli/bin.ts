// Entry of the bundled binary (dist/deckcli.mjs): see scripts/build-cli.ts.
import { main } from './main.ts';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`deckcli: unexpected error: ${(err as Error)?.stack ?? err}\n`);
    process.exit(1);
  },
);
