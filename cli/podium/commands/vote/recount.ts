// `podium vote recount <file>`: recomputes the results and the digest of an exported ballot
// file (`hackathon community results export <version>`) with integers only, prints them as
// `community results show` does, and compares the digest with the one the file carries
// (a mismatch is exit 4, like any digest mismatch). Needs no server and no configuration.
import { readFileSync } from 'node:fs';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { paintFor } from '../../../lib/colour.ts';
import { printJson } from '../../../lib/io.ts';
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import { fileProblem, tally, type BallotFile } from '../../../../core/vote/tally.ts';
import { count } from '../../../lib/words.ts';

export const voteRecount = command({
  path: 'vote recount',
  summary: 'Recount an exported community vote ballot file: results and digest',
  usage: 'Usage: podium vote recount <file> [--json]',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io }) {
    const file = opts.args[0];
    if (!file) throw new CliError('name the exported ballot file (hackathon community results export <version> --output <file>)', EXIT.usage, 'usage');
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(code ? `cannot read ${file} (${code})` : `${file} is not valid JSON: ${(err as Error).message}`, EXIT.rejected, 'invalid_input');
    }
    const problem = fileProblem(parsed);
    if (problem) throw new CliError(`${file}: ${problem}`, EXIT.rejected, 'invalid_ballot_file');
    const f = parsed as BallotFile;
    const t = tally(f);
    const matches = f.digest === undefined ? null : f.digest === t.digest;
    if (opts.json) printJson(io, { eligibilityVersion: f.eligibilityVersion, resultVersion: f.resultVersion ?? null, ...t, fileDigest: f.digest ?? null, matches });
    else {
      const out = (l: string) => io.stdout.write(l + '\n');
      out(`Recount${f.resultVersion ? ` of version ${f.resultVersion}` : ''} (eligibility v${f.eligibilityVersion}): ${count(t.ballots, 'ballot')}, ${count(f.candidates.length, 'candidate')}`);
      const rows = t.rows.map((x) => [x.rank === null ? '-' : String(x.rank), x.score ?? '-', x.fraction ?? '-', `${x.ballots} ${x.ballots === 1 ? 'ballot' : 'ballots'}`, x.name]);
      for (const line of table(['RANK', 'SCORE', 'FRACTION', 'BALLOTS', 'NAME'], rows, { indent: '  ', paint: paintFor(io, 'stdout') })) out(line);
      for (const tie of t.ties) out(`Tie at rank ${tie.rank}: ${tie.names.join(', ')}`);
      out(`Digest: ${t.digest}${matches === null ? ' (the file carries none to compare)' : matches ? ' (matches the file)' : ''}`);
    }
    if (matches === false) throw new CliError(`digest mismatch: the ballots recount to ${t.digest}, the file says ${f.digest}`, EXIT.environment, 'digest_mismatch');
  },
});
