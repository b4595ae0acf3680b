// `jury results export <version> [--identities] [--output <file>]`: the counted inputs of a
// version (juror labels, never a note): the file `podium jury recount` reads. --identities
// (organizers) adds who each label is.
import { writeFileSync } from 'node:fs';
import type { ScoreFile } from '../../../../../core/jury/tally.ts';
import { wholeNumber } from '../../../../lib/checks.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { count } from '../../../../lib/words.ts';
import { command } from '../../../command.ts';
import { INT4_MAX } from '../shared.ts';

export const resultsExport = command({
  path: 'jury results export',
  summary: 'Export the counted scores of a version, for podium jury recount',
  usage: 'Usage: hackathon jury results export <version> [--identities] [--output <file>]',
  flags: { output: { type: 'string' }, identities: { type: 'boolean' } },
  async run(opts, ctx) {
    if (opts.args[0] === undefined) throw new CliError('name the version to export (jury results show lists them)', EXIT.rejected, 'invalid_input');
    const version = wholeNumber(opts.args[0], 'the version', 1, INT4_MAX);
    const x = await (await ctx.client()).request<ScoreFile>('GET', `/api/v1/event/jury/results/${version}/scores${opts.identities ? '?identities=true' : ''}`);
    const text = JSON.stringify(x, null, 2) + '\n';
    if (!opts.output) {
      ctx.io.stdout.write(text);
      return;
    }
    try {
      writeFileSync(opts.output, text, { flag: 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(`cannot write ${opts.output} (${code ?? (err as Error).message})`, code === 'EEXIST' ? EXIT.conflict : EXIT.environment, code === 'EEXIST' ? 'file_exists' : 'environment');
    }
    if (ctx.json) return ctx.printJson(x);
    ctx.out(`Wrote ${opts.output}: version ${x.resultVersion}, ${count(x.scores.length, 'score')}, digest ${x.digest}`);
  },
});
