// `community eligibility unlock`: ends the current version; refused voting_open once voting opened.
import type { EligibilityUnlocked } from '../../../../../core/wire/community.ts';
import { command } from '../../../command.ts';

export const eligibilityUnlock = command({
  path: 'community eligibility unlock',
  summary: 'Unlock eligibility before voting opens (organizer)',
  usage: 'Usage: hackathon community eligibility unlock [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<EligibilityUnlocked>('DELETE', '/api/v1/community/eligibility/lock');
    if (ctx.json) return ctx.printJson(r);
    ctx.done('Eligibility unlocked');
  },
});
