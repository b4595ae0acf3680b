// `jury open`: judging opens now (server clock).
import type { JuryStatus } from '../../../../core/wire/jury.ts';
import { command } from '../../command.ts';

export const juryOpen = command({
  path: 'jury open',
  summary: 'Open judging now (organizer)',
  usage: 'Usage: hackathon jury open [--json]\n\nNeeds criteria and assignments; a closed judging does not open again.',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<JuryStatus>('POST', '/api/v1/event/jury/open');
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Judging open since ${r.openedAt}`);
  },
});
