// `community results show`: per calculation, newest first: the heading line, the rows, one
// `Tie at rank <r>: <names>` per tie, a coverage line.
import { command } from '../../../command.ts';
import { coverageLine, resultHeading, resultRows, tieLines } from '../shared.ts';

export const resultsShow = command({
  path: 'community results show',
  summary: 'Every results version with rows, ties, coverage and digest (organizer)',
  usage: 'Usage: hackathon community results show [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/community/results');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) ctx.out('No results yet: community results calculate, once voting is closed');
    r.items.forEach((v, i) => {
      if (i > 0) ctx.out();
      ctx.out(resultHeading(v));
      for (const line of resultRows(v, ctx.paint)) ctx.out(line);
      for (const line of tieLines(v)) ctx.out(line);
      ctx.out(coverageLine(v));
    });
  },
});
