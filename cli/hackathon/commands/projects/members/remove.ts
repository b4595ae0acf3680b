// projects members remove: a manager removes anyone; anyone removes themselves.
import { command } from '../../../command.ts';
import { describe, memberOf } from './shared.ts';

export const membersRemove = command({
  path: 'projects members remove',
  summary: 'Remove a member (a manager removes anyone; anyone removes themselves)',
  usage: 'Usage: hackathon projects members remove <project id> <person | team with --team> [--team]',
  flags: { team: { type: 'boolean' } },
  async run(opts, ctx) {
    const client = await ctx.client(); // before the arguments are read, as always
    const { kind, params } = memberOf(opts, 'remove');
    const r = await client.call(`DELETE /api/v1/projects/:id/members/${kind}/:ref`, { params });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Removed ${describe(r.removed)}`);
  },
});
