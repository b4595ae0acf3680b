// projects members role: change a member's role (--team makes the second argument a team).
import type { Command } from '../../../command.ts';
import { role, describe, memberPath } from './shared.ts';

export const membersRole: Command = {
  path: 'projects members role',
  summary: "Change a member's role",
  usage: 'Usage: hackathon projects members role <project id> <person | team with --team> --role viewer|editor|manager [--team]',
  flags: { team: { type: 'boolean' }, role: { type: 'string' } },
  async run(ctx) {
    const m = await (await ctx.client()).request('PUT', memberPath(ctx, 'change'), { role: role(ctx.flags.role) });
    if (ctx.json) return ctx.printJson(m);
    ctx.out(`${describe(m)} is ${m.role} of the project`);
  },
};
