// `community ballots reads`: who read the ballot list, when (workspace owners and admins).
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';
import { count } from '../../../../lib/words.ts';

export const ballotsReads = command({
  path: 'community ballots reads',
  summary: 'Who read the ballot list, newest first (owner or admin)',
  usage: 'Usage: hackathon community ballots reads [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/community/ballots/reads');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) ctx.out('Nobody has read the ballot list');
    const rows = r.items.map((x) => [ctx.when(x.at), x.email, `v${x.eligibilityVersion ?? '-'}`, count(x.ballots, 'ballot')]);
    for (const line of table(['READ AT', 'EMAIL', 'ELIGIBILITY', 'BALLOTS'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
