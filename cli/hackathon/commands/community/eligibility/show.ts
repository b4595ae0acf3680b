// `community eligibility show`: candidates and exclusion reasons, voters, then the lock and
// the roster lock.
import type { Eligibility } from '../../../../../core/wire/community.ts';
import { paint as palette, type Paint } from '../../../../lib/colour.ts';
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

const paintOff = palette(false);

export function printEligibility(e: Eligibility, out: (line: string) => void, paint: Paint = paintOff): void {
  out(e.candidates.length ? 'Candidates:' : 'Candidates: none (a candidate is a team with a vote link: decks link --vote)');
  const candidates = e.candidates.map((c) => [
    c.name, paint.state(c.included ? 'included' : `excluded: ${c.reason}`), `${c.memberCount} ${c.memberCount === 1 ? 'member' : 'members'}`,
    c.confirmed ? 'confirmed' : 'not confirmed', c.ready ? paint.ok('ready') : paint.warn(`not ready: ${c.readiness}`), c.projectId,
  ]);
  for (const line of table(['NAME', 'ELIGIBILITY', 'MEMBERS', 'CONFIRMED', 'READY', 'PROJECT ID'], candidates, { indent: '  ', paint })) out(line);
  out(e.voters.length ? 'Voters:' : 'Voters: none');
  const voters = e.voters.map((v) => [v.email, v.team.name, paint.state(v.included ? 'included' : `excluded: ${v.reason}`), v.name ?? '-']);
  for (const line of table(['EMAIL', 'TEAM', 'ELIGIBILITY', 'NAME'], voters, { indent: '  ', paint })) out(line);
  out(e.locked ? `Locked (version ${e.version}) since ${e.lockedAt}` : 'Not locked');
  out(e.rosterLocked ? 'Roster locked' : 'Roster not locked');
}

export const eligibilityShow = command({
  path: 'community eligibility show',
  summary: 'Candidates, voters and exclusions; the lock (organizer)',
  usage: 'Usage: hackathon community eligibility show [--json]',
  async run(_opts, ctx) {
    const e = await (await ctx.client()).call('GET /api/v1/community/eligibility');
    if (ctx.json) return ctx.printJson(e);
    printEligibility(e, (l) => ctx.out(l), ctx.paint);
  },
});
