// Entry of the bundled binary (dist/hackathon.mjs): see scripts/build-cli.ts.
import { main } from './main.ts';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`hackathon: unexpected error: ${(err as Error)?.stack ?? err}\n`);
    process.exit(1);
  },
);
