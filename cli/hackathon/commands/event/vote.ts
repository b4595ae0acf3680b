import { exactlyOne } from '../../../lib/checks.ts';
import { command } from '../../command.ts';

export const eventVote = command({
  path: 'event vote',
  summary: 'Turn the vote section on or off (organizer)',
  usage: 'Usage: hackathon event vote --on|--off',
  flags: { on: { type: 'boolean' }, off: { type: 'boolean' } },
  async run(opts, ctx) {
    const which = exactlyOne(opts, ['on', 'off'], 'the vote section');
    const r = await (await ctx.client()).call('PUT /api/v1/event/vote', { body: { on: which === 'on' } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Vote section ${r.voteSection}`);
  },
});
