import type { RosterEntry, RosterPage } from '../../../../../core/wire/event.ts';
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

export const rosterShow = command({
  path: 'event roster show',
  summary: 'Everyone on the roster and whether they signed in (organizer)',
  usage: 'Usage: hackathon event roster show [--json]',
  async run(opts, ctx) {
    const client = await ctx.client();
    const first = await client.request<RosterPage>('GET', '/api/v1/event/roster?limit=100');
    const items = first.nextCursor ? [...first.items, ...(await client.all<RosterEntry>(`/api/v1/event/roster?cursor=${encodeURIComponent(first.nextCursor)}`))] : first.items;
    if (ctx.json) return ctx.printJson({ items, rosterLockedAt: first.rosterLockedAt });
    for (const line of table(items.map((r) => [r.email, r.role, r.team ?? '-', r.signedIn ? 'yes' : 'no', r.name ?? '']))) ctx.out(line);
    if (first.rosterLockedAt) ctx.out(`Roster locked since ${first.rosterLockedAt}`);
  },
});
