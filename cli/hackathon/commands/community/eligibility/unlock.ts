// `community eligibility unlock`: ends the current version; refused voting_open once voting opened.
import { command } from '../../../command.ts';

export const eligibilityUnlock = command({
  path: 'community eligibility unlock',
  summary: 'Unlock eligibility before voting opens (organizer)',
  usage: 'Usage: hackathon community eligibility unlock [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).call('DELETE /api/v1/community/eligibility/lock');
    if (ctx.json) return ctx.printJson(r);
    ctx.done('Eligibility unlocked');
  },
});
