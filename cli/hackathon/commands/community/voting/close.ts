// `community voting close`: closes an open vote now; idempotent once closed.
import { command } from '../../../command.ts';
import { confirm, YES_FLAG } from '../../../../lib/prompt.ts';

export const votingClose = command({
  path: 'community voting close',
  summary: 'Close voting now (organizer)',
  usage: 'Usage: hackathon community voting close [--yes] [--json]\n\nAsks first on a terminal (closing cannot be undone); elsewhere --yes is required.',
  flags: { ...YES_FLAG },
  async run(opts, ctx) {
    await confirm(ctx.io, { yes: opts.yes, action: 'close voting now', consequence: 'a closed vote never opens again: no ballot can be submitted or changed afterwards' });
    const r = await (await ctx.client()).call('POST /api/v1/community/voting/close');
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Voting closed at ${r.closedAt}`);
  },
});
