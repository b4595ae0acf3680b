// `jury results show`: every version (organizers) or the released ones, newest first.
import type { JuryResult } from '../../../../../core/wire/jury.ts';
import { command } from '../../../command.ts';
import { coverageLine, resultHeading, resultRows, tieLines } from '../shared.ts';

export const resultsShow = command({
  path: 'jury results show',
  summary: 'The jury results versions with rows, ties, coverage and digest',
  usage: 'Usage: hackathon jury results show [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<{ items: JuryResult[] }>('GET', '/api/v1/event/jury/results');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) ctx.out('No jury results yet');
    r.items.forEach((v, i) => {
      if (i > 0) ctx.out();
      ctx.out(resultHeading(v));
      for (const line of resultRows(v, ctx.paint)) ctx.out(line);
      for (const line of tieLines(v)) ctx.out(line);
      ctx.out(coverageLine(v));
    });
  },
});
