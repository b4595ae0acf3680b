import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

export const rosterShow = command({
  path: 'event roster show',
  summary: 'Everyone on the roster and whether they signed in (organizer)',
  usage: 'Usage: hackathon event roster show [--json]',
  async run(opts, ctx) {
    const client = await ctx.client();
    const first = await client.request('GET', '/api/v1/event/roster?limit=100');
    const items = first.nextCursor ? [...first.items, ...(await client.all(`/api/v1/event/roster?cursor=${encodeURIComponent(first.nextCursor)}`))] : first.items;
    if (ctx.json) return ctx.printJson({ items, rosterLockedAt: first.rosterLockedAt });
    type Row = { email: string; role: string; team: string | null; signedIn: boolean; name: string | null };
    for (const line of table(items.map((r: Row) => [r.email, r.role, r.team ?? '-', r.signedIn ? 'yes' : 'no', r.name ?? '']))) ctx.out(line);
    if (first.rosterLockedAt) ctx.out(`Roster locked since ${first.rosterLockedAt}`);
  },
});
