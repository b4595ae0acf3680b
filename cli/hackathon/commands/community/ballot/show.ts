// `community ballot show`: your ballot, the window, and the candidates you rank (numbered, with ids).
import type { RankedProject } from '../../../../../core/wire/community.ts';
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';

const names = (r: RankedProject[] | null) => (r === null ? '-' : r.length === 0 ? '(empty)' : r.map((x) => x.name).join(', '));

export const ballotShow = command({
  path: 'community ballot show',
  summary: 'Your ballot, the window and the candidates you rank (voter)',
  usage: 'Usage: hackathon community ballot show [--json]',
  async run(_opts, ctx) {
    const b = await (await ctx.client()).call('GET /api/v1/community/ballot');
    if (ctx.json) return ctx.printJson(b);
    ctx.out(`Eligibility version: ${b.eligibilityVersion}`);
    ctx.out(`State: ${ctx.paint.state(b.state)}`);
    ctx.out(`Window: ${b.opensAt} to ${b.closesAt} (${b.voteState})`);
    ctx.out(`Team: ${b.team.name}`);
    ctx.out(`Revision: ${b.revision}`);
    ctx.out(`Can submit: ${b.canSubmit ? 'yes' : `no (${b.cannotSubmitReason})`}`);
    ctx.out('Candidates:');
    for (const line of table(['#', 'NAME', 'PROJECT ID'], b.candidates.map((c, i) => [`${i + 1}.`, c.name, c.projectId]), { indent: '  ', paint: ctx.paint })) ctx.out(line);
    ctx.out(`Draft: ${names(b.draft)}`);
    ctx.out(`Submission: ${names(b.submission)}`);
    if (b.invalidationReason) ctx.out(`Invalidated: ${b.invalidationReason}`);
  },
});
