// `community results export <version> [--output <file>]`: the counted ballots of a version
// (rankings only, canonical order) and its candidates: the file `podium vote recount` reads.
// Organizers export any version; participants and advisors a released one.
import { writeFileSync } from 'node:fs';
import { wholeNumber } from '../../../../lib/checks.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { INT4_MAX } from '../shared.ts';
import { count } from '../../../../lib/words.ts';

export const resultsExport = command({
  path: 'community results export',
  summary: 'Export the counted ballots of a version, for podium vote recount',
  usage: 'Usage: hackathon community results export <version> [--output <file>]',
  flags: { output: { type: 'string' } },
  async run(opts, ctx) {
    if (opts.args[0] === undefined) throw new CliError('name the version to export (community results show lists them)', EXIT.rejected, 'invalid_input');
    const version = wholeNumber(opts.args[0], 'the version', 1, INT4_MAX);
    const x = await (await ctx.client()).call('GET /api/v1/community/results/:version/ballots', { params: { version } });
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
    ctx.out(`Wrote ${opts.output}: version ${x.resultVersion}, ${count(x.ballots.length, 'ballot')}, digest ${x.digest}`);
  },
});
