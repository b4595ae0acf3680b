// decks runs: the current generation revision, then per run: id, revision, status, creation time, counts.
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import { countsLine, DECKS } from './generated.ts';

export const decksRuns = command({
  path: 'decks runs',
  summary: 'Generation runs and their counts',
  usage: 'Usage: hackathon decks runs [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/event/decks/runs');
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Current revision: ${r.currentRevision}`);
    if (r.items.length === 0) return ctx.out('No run yet: hackathon decks generate');
    const rows = r.items.map((x) => [x.id, String(x.revision), ctx.paint.state(x.status), ctx.when(x.createdAt), countsLine(x)]);
    for (const line of table(['ID', 'REVISION', 'STATUS', 'CREATED', 'COUNTS'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
