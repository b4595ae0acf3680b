// `community voting close`: closes an open vote now; idempotent once closed.
import type { VotingClosed } from '../../../../../core/wire/community.ts';
import { command } from '../../../command.ts';

export const votingClose = command({
  path: 'community voting close',
  summary: 'Close voting now (organizer)',
  usage: 'Usage: hackathon community voting close [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<VotingClosed>('POST', '/api/v1/community/voting/close');
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Voting closed at ${r.closedAt}`);
  },
});
