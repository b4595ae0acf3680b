// `podium jury recount <file>`: recomputes a jury result and its digest from an exported score
// file (`hackathon jury results export <version>`) with integers only, prints it as
// `jury results show` does, and compares the digest with the file's (a mismatch is exit 4,
// like any digest mismatch). Needs no server and no configuration.
import { readFileSync } from 'node:fs';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { paintFor } from '../../../lib/colour.ts';
import { printJson } from '../../../lib/io.ts';
import { table } from '../../../lib/table.ts';
import { count } from '../../../lib/words.ts';
import { command } from '../../command.ts';
import { fileProblem, tally, type ScoreFile } from '../../../../core/jury/tally.ts';

export const juryRecount = command({
  path: 'jury recount',
  summary: 'Recount an exported jury score file: results and digest',
  usage: 'Usage: podium jury recount <file> [--json]',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io }) {
    const file = opts.args[0];
    if (!file) throw new CliError('name the exported score file (hackathon jury results export <version> --output <file>)', EXIT.usage, 'usage');
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(code ? `cannot read ${file} (${code})` : `${file} is not valid JSON: ${(err as Error).message}`, EXIT.rejected, 'invalid_input');
    }
    const problem = fileProblem(parsed);
    if (problem) throw new CliError(`${file}: ${problem}`, EXIT.rejected, 'invalid_score_file');
    const f = parsed as ScoreFile;
    const t = tally(f);
    const matches = f.digest === undefined ? null : f.digest === t.digest;
    if (opts.json) printJson(io, { resultVersion: f.resultVersion ?? null, method: f.method, ...t, fileDigest: f.digest ?? null, matches });
    else {
      const out = (l: string) => io.stdout.write(l + '\n');
      out(`Recount${f.resultVersion ? ` of version ${f.resultVersion}` : ''} (${f.method}): ${count(t.scores, 'score')}, ${count(f.teams.length, 'team')}`);
      const rows = t.rows.map((x) => [x.rank === null ? '-' : String(x.rank), x.score ?? '-', x.fraction ?? '-', String(x.scores), x.name]);
      for (const line of table(['RANK', 'SCORE', 'FRACTION', 'SCORES', 'TEAM'], rows, { indent: '  ', paint: paintFor(io, 'stdout') })) out(line);
      for (const tie of t.ties) out(`Tie at rank ${tie.rank}: ${tie.names.join(', ')}`);
      out(`Digest: ${t.digest}${matches === null ? ' (the file carries none to compare)' : matches ? ' (matches the file)' : ''}`);
    }
    if (matches === false) throw new CliError(`digest mismatch: the scores recount to ${t.digest}, the file says ${f.digest}`, EXIT.environment, 'digest_mismatch');
  },
});
