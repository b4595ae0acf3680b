// projects members remove: a manager removes anyone; anyone removes themselves.
import { command } from '../../../command.ts';
import { describe, memberPath } from './shared.ts';
import type { ProjectMemberRemoved } from '../../../../../core/wire/event.ts';

export const membersRemove = command({
  path: 'projects members remove',
  summary: 'Remove a member (a manager removes anyone; anyone removes themselves)',
  usage: 'Usage: hackathon projects members remove <project id> <person | team with --team> [--team]',
  flags: { team: { type: 'boolean' } },
  async run(opts, ctx) {
    const r = await (await ctx.client()).request<ProjectMemberRemoved>('DELETE', memberPath(opts, 'remove'));
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Removed ${describe(r.removed)}`);
  },
});
