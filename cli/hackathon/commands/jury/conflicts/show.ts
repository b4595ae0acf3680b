// `jury conflicts show`: every conflict (roster, advised, declared) with its reason.
import type { JuryConflict } from '../../../../../core/wire/jury.ts';
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

export const conflictsShow = command({
  path: 'jury conflicts show',
  summary: 'List the jurors\' conflicts of interest (organizer)',
  usage: 'Usage: hackathon jury conflicts show [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<{ items: JuryConflict[] }>('GET', '/api/v1/event/jury/conflicts');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) {
      ctx.out('No conflicts');
      return;
    }
    for (const line of table(['JUROR', 'KIND', 'TEAM', 'REASON'], r.items.map((c) => [c.juror, c.kind, c.team, c.reason]), { paint: ctx.paint })) ctx.out(line);
  },
});
