// `community ballots list`: per ballot of the current eligibility version, never a ranking;
// the server records the read (who, when) where the workspace's owners list it.
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

export const ballotsList = command({
  path: 'community ballots list',
  summary: 'Every ballot without its ranking; the read is audited (organizer)',
  usage: 'Usage: hackathon community ballots list [--json]',
  async run(_opts, ctx) {
    const l = await (await ctx.client()).call('GET /api/v1/community/ballots');
    if (ctx.json) return ctx.printJson(l);
    ctx.out(`Ballots of eligibility version ${l.eligibilityVersion}: ${l.items.length}`);
    const rows = l.items.map((b) => [b.email, ctx.paint.state(b.state), String(b.revision), ctx.when(b.submittedAt), b.invalidationReason ?? '-', b.name ?? '-', b.id]);
    for (const line of table(['EMAIL', 'STATE', 'REVISION', 'SUBMITTED', 'INVALIDATION REASON', 'NAME', 'ID'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
