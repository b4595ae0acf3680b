// teams members: every page of one team's members.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import type { TeamMember } from '../../../../core/wire/event.ts';

export const teamsMembers = command({
  path: 'teams members',
  summary: 'Members of a workspace team',
  usage: 'Usage: hackathon teams members <slug or id> [--json]',
  async run(opts, ctx) {
    const [team] = opts.args;
    if (!team || opts.args.length > 1) throw new CliError('name exactly one team (slug or id)', EXIT.usage, 'usage');
    const items = await (await ctx.client()).all<TeamMember>(`/api/v1/teams/${encodeURIComponent(team)}/members`);
    if (ctx.json) return ctx.printJson({ items, nextCursor: null });
    if (items.length === 0) return ctx.out('No members');
    for (const line of table(['EMAIL', 'USER ID', 'NAME'], items.map((m) => [m.email, m.userId, m.name ?? '-']), { paint: ctx.paint })) ctx.out(line);
  },
});
