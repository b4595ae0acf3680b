// `jury assign [--per-team <k>] [--seed <n>]`: a deterministic balanced plan without conflicts;
// prints the loads and, when a team cannot reach k, which and why.
import type { JuryAssignments } from '../../../../core/wire/jury.ts';
import { wholeNumber } from '../../../lib/checks.ts';
import { command } from '../../command.ts';
import { INT4_MAX } from './shared.ts';
import { assignmentLines } from './assignments/show.ts';

export const juryAssign = command({
  path: 'jury assign',
  summary: 'Assign jurors to teams: k per team, balanced, never a conflict (organizer)',
  usage: 'Usage: hackathon jury assign [--per-team <k>] [--seed <n>]\n\nThe same seed and roster give the same plan; assignments made by hand stay and count.',
  flags: { perTeam: { type: 'string' }, seed: { type: 'string' } },
  async run(opts, ctx) {
    const perTeam = opts.perTeam === undefined ? 3 : wholeNumber(opts.perTeam, '--per-team', 1, 100);
    const seed = opts.seed === undefined ? 0 : wholeNumber(opts.seed, '--seed', 0, INT4_MAX);
    const r = await (await ctx.client()).request<JuryAssignments>('POST', '/api/v1/event/jury/plan', { perTeam, seed });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Planned ${r.planned ?? 0} assignments: ${perTeam} per team, seed ${seed}`);
    for (const line of assignmentLines(r, ctx.paint, false)) ctx.out(line);
  },
});
