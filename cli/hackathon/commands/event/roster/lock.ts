// event roster lock: lock the roster (organizer; idempotent).
import type { Command } from '../../../command.ts';

export const rosterLock: Command = {
  path: 'event roster lock',
  summary: 'Lock the roster (organizer; idempotent)',
  usage: 'Usage: hackathon event roster lock',
  async run(ctx) {
    const r = await (await ctx.client()).request('PUT', '/api/v1/event/roster/lock');
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Roster locked since ${r.rosterLockedAt}`);
  },
};
