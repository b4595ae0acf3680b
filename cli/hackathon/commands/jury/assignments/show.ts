// `jury assignments show`: every assignment, the loads, and the teams short of k with why.
import type { JuryAssignments } from '../../../../../core/wire/jury.ts';
import type { Paint } from '../../../../lib/colour.ts';
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

export function assignmentLines(r: JuryAssignments, paint: Paint | undefined, withItems: boolean): string[] {
  const out: string[] = [];
  if (withItems) out.push(...table(['JUROR', 'SOURCE', 'SCORE', 'TEAM'], r.items.map((a) => [a.juror, a.source, a.scoreState, a.team]), { indent: '  ', paint }));
  out.push(`Loads: ${r.jurors.map((j) => `${j.juror} ${j.load}`).join(', ') || 'no jurors on the roster'}`);
  if (r.shortfall.length === 0) out.push(`Every team has ${r.perTeam} jurors`);
  for (const s of r.shortfall) out.push(`Short: ${s.team} has ${s.assigned} of ${s.needed}: ${s.reason}`);
  return out;
}

export const assignmentsShow = command({
  path: 'jury assignments show',
  summary: 'List the jury assignments, loads and shortfall (organizer)',
  usage: 'Usage: hackathon jury assignments show [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<JuryAssignments>('GET', '/api/v1/event/jury/assignments');
    if (ctx.json) return ctx.printJson(r);
    for (const line of assignmentLines(r, ctx.paint, true)) ctx.out(line);
  },
});
