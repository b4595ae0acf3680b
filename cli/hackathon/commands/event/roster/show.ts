// `event roster show`: everyone on the roster, the spec's columns first (email, role, team,
// `yes`/`no` signed in, name), then the code-host username (`-` without one: a participant
// names it with connect --github, an advisor's comes from the roster file's `github`), what the
// roster gives them on the code host (repository standing) and, for those not signed in, how
// far their invitation got (`invited`, `invitation expired`); then removed people whose
// repository access is still being revoked. `--json` has every field.
import type { RosterEntry } from '../../../../../core/wire/event.ts';
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

export const rosterShow = command({
  path: 'event roster show',
  summary: 'Everyone on the roster and whether they signed in (organizer)',
  usage: 'Usage: hackathon event roster show [--json]',
  async run(opts, ctx) {
    const client = await ctx.client();
    const first = await client.call('GET /api/v1/event/roster', { query: '?limit=100' });
    const items = first.nextCursor ? [...first.items, ...(await client.all<RosterEntry>(`/api/v1/event/roster?cursor=${encodeURIComponent(first.nextCursor)}`))] : first.items;
    if (ctx.json) return ctx.printJson({ items, rosterLockedAt: first.rosterLockedAt, revocations: first.revocations ?? [] });
    const rows = items.map((r) => [r.email, r.role, r.team ?? '-', r.signedIn ? 'yes' : 'no', r.name ?? '', github(r), repository(r), invitation(r)]);
    for (const line of table(['EMAIL', 'ROLE', 'TEAM', 'SIGNED IN', 'NAME', 'GITHUB', 'REPOSITORY', 'INVITATION'], rows, { paint: ctx.paint })) ctx.out(line);
    for (const v of first.revocations ?? []) {
      ctx.out(`Removed, still holding ${v.repository}: ${v.email} (${v.login}), revocation pending since ${v.requestedAt}${v.lastError ? ` (last error: ${v.lastError})` : ''}`);
    }
    if (first.rosterLockedAt) ctx.out(`Roster locked since ${first.rosterLockedAt}`);
  },
});

/** The code-host username column: the login, or `-` (nobody to invite yet, for a participant or advisor). */
export function github(r: RosterEntry): string {
  return r.github ?? '-';
}

/**
 * The repository standing column: `maintain acme/rocket (member)`, `read all teams`,
 * `maintain (no repository yet)`, or `-` for organizers and jury. `no_username` is not repeated
 * here: the GITHUB column's `-` says it.
 */
export function repository(r: RosterEntry): string {
  const x = r.repository;
  if (!x) return '-';
  const where = x.name ?? (x.permission === 'read' ? 'all teams' : '(no repository yet)');
  const standing = x.standing === 'no_username' ? null : x.standing;
  return `${x.permission} ${where}${standing ? ` (${standing})` : ''}`;
}

/** The invitation of someone not signed in yet: `invited`, `invitation expired`, or nothing. */
export function invitation(r: RosterEntry): string {
  if (r.signedIn) return '';
  const state = r.invitation?.state;
  if (state === 'pending' || state === 'sending') return 'invited';
  if (state === 'expired') return 'invitation expired';
  return '';
}
