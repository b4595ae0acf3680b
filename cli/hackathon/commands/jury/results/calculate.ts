// `jury results calculate [--method mean|rank]`: a new version, or the one holding these inputs.
import type { JuryResult } from '../../../../../core/wire/jury.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { coverageLine, resultHeading, resultRows, tieLines } from '../shared.ts';

export const resultsCalculate = command({
  path: 'jury results calculate',
  summary: 'Calculate the jury result once judging closed (organizer)',
  usage: 'Usage: hackathon jury results calculate [--method mean|rank] [--json]\n\nmean: the weighted mean of the scores; rank: each juror\'s scores become ranks among their own teams first.',
  flags: { method: { type: 'string' } },
  async run(opts, ctx) {
    const method = opts.method ?? 'mean';
    if (method !== 'mean' && method !== 'rank') throw new CliError('--method is mean or rank', EXIT.rejected, 'invalid_input');
    const r = await (await ctx.client()).request<JuryResult>('POST', '/api/v1/event/jury/results', { method });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(r.created ? `Calculated version ${r.version}` : `Version ${r.version} already holds these scores`);
    ctx.out(resultHeading(r));
    for (const line of resultRows(r, ctx.paint)) ctx.out(line);
    for (const line of tieLines(r)) ctx.out(line);
    ctx.out(coverageLine(r));
  },
});
