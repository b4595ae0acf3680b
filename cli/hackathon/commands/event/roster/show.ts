// `event roster show`: everyone on the roster and how far they got: `signed in`, `invited`
// (an invitation mail is out), `invitation expired`, or `not signed in`.
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
    for (const line of table(items.map((r) => [r.email, r.role, r.team ?? '-', access(r), r.name ?? '']))) ctx.out(line);
    if (first.rosterLockedAt) ctx.out(`Roster locked since ${first.rosterLockedAt}`);
  },
});

/** How far a roster person got: signed in, else the state of their invitation. */
export function access(r: RosterEntry): string {
  if (r.signedIn) return 'signed in';
  const state = r.invitation?.state;
  if (state === 'pending' || state === 'sending') return 'invited';
  if (state === 'expired') return 'invitation expired';
  return 'not signed in';
}
