// projects members role: change a member's role (--team makes the second argument a team).
import { command } from '../../../command.ts';
import { role, describe, memberOf } from './shared.ts';

export const membersRole = command({
  path: 'projects members role',
  summary: "Change a member's role",
  usage: 'Usage: hackathon projects members role <project id> <person | team with --team> --role viewer|editor|manager [--team]',
  flags: { team: { type: 'boolean' }, role: { type: 'string' } },
  async run(opts, ctx) {
    const client = await ctx.client(); // before the arguments are read, as always
    const { kind, params } = memberOf(opts, 'change');
    const m = await client.call(`PUT /api/v1/projects/:id/members/${kind}/:ref`, { params, body: { role: role(opts.role) } });
    if (ctx.json) return ctx.printJson(m);
    ctx.out(`${describe(m)} is ${m.role} of the project`);
  },
});
