// `jury close [--yes]`: judging closes now; asks first on a terminal, like voting close.
import type { JuryStatus } from '../../../../core/wire/jury.ts';
import { command } from '../../command.ts';
import { confirm, YES_FLAG } from '../../../lib/prompt.ts';

export const juryClose = command({
  path: 'jury close',
  summary: 'Close judging now (organizer)',
  usage: 'Usage: hackathon jury close [--yes] [--json]\n\nAsks first on a terminal (closing cannot be undone); elsewhere --yes is required.',
  flags: { ...YES_FLAG },
  async run(opts, ctx) {
    await confirm(ctx.io, { yes: opts.yes, action: 'close judging now', consequence: 'a closed judging never opens again: no score can be saved or submitted afterwards' });
    const r = await (await ctx.client()).request<JuryStatus>('POST', '/api/v1/event/jury/close');
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Judging closed at ${r.closedAt}`);
  },
});
