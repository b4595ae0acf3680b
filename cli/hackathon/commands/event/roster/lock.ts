// event roster lock: lock the roster (organizer; idempotent).
import { command } from '../../../command.ts';

export const rosterLock = command({
  path: 'event roster lock',
  summary: 'Lock the roster (organizer; idempotent)',
  usage: 'Usage: hackathon event roster lock',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('PUT /api/v1/event/roster/lock');
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Roster locked since ${r.rosterLockedAt}`);
  },
});
