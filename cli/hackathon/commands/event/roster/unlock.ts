// event roster unlock: unlock the roster (organizer; refused once voting opened).
import { command } from '../../../command.ts';

export const rosterUnlock = command({
  path: 'event roster unlock',
  summary: 'Unlock the roster (organizer; refused once voting opened)',
  usage: 'Usage: hackathon event roster unlock',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('DELETE /api/v1/event/roster/lock');
    if (ctx.json) return ctx.printJson(r);
    ctx.done('Roster unlocked');
  },
});
