// event roster unlock: unlock the roster (organizer; refused once voting opened).
import type { Command } from '../../../command.ts';

export const rosterUnlock: Command = {
  path: 'event roster unlock',
  summary: 'Unlock the roster (organizer; refused once voting opened)',
  usage: 'Usage: hackathon event roster unlock',
  async run(ctx) {
    const r = await (await ctx.client()).request('DELETE', '/api/v1/event/roster/lock');
    if (ctx.json) return ctx.printJson(r);
    ctx.out('Roster unlocked');
  },
};
