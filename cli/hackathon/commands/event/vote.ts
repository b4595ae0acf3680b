import { exactlyOne } from '../../../lib/checks.ts';
import type { Command } from '../../command.ts';

export const eventVote: Command = {
  path: 'event vote',
  summary: 'Turn the vote section on or off (organizer)',
  usage: 'Usage: hackathon event vote --on|--off',
  flags: { on: { type: 'boolean' }, off: { type: 'boolean' } },
  async run(ctx) {
    const which = exactlyOne(ctx.flags, ['on', 'off'], 'the vote section');
    const r = await (await ctx.client()).request('PUT', '/api/v1/event/vote', { on: which === 'on' });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Vote section ${r.voteSection}`);
  },
};
