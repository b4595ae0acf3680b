// `community voting open`: opens voting (scheduled until the configured opening); idempotent;
// prints the state and the window.
import { command } from '../../../command.ts';

export const votingOpen = command({
  path: 'community voting open',
  summary: 'Open voting once every candidate is ready (organizer)',
  usage: 'Usage: hackathon community voting open [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).call('POST /api/v1/community/voting/open');
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Voting ${r.voteState}: ${r.opensAt} to ${r.closesAt} (eligibility version ${r.eligibilityVersion}${r.alreadyOpen ? `, opened at ${r.votingOpenedAt}` : ''})`);
  },
});
