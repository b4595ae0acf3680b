// `jury criteria show`: the criteria in order with their weights, and the scale.
import type { JuryCriteria } from '../../../../../core/wire/jury.ts';
import { command } from '../../../command.ts';

export function criteriaLines(r: JuryCriteria): string[] {
  return r.criteria.map((c) => `${c.position}. ${c.name} (weight ${c.weight})${c.description ? `: ${c.description}` : ''}`);
}

export const criteriaShow = command({
  path: 'jury criteria show',
  summary: 'Show the jury criteria, their weights and the scale',
  usage: 'Usage: hackathon jury criteria show [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<JuryCriteria>('GET', '/api/v1/event/jury/criteria');
    if (ctx.json) return ctx.printJson(r);
    if (r.criteria.length === 0) {
      ctx.out('No criteria yet: hackathon jury criteria set --file criteria.json');
      return;
    }
    ctx.out(`Scale: ${r.scale.min}-${r.scale.max}, total weight ${r.totalWeight}${r.fixed ? ' (fixed: judging opened)' : ''}`);
    for (const line of criteriaLines(r)) ctx.out(line);
  },
});
