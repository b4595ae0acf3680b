// teams list / teams members: every page is read.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { table } from '../../../lib/table.ts';
import type { Command } from '../../command.ts';

export const teamsList: Command = {
  path: 'teams list',
  summary: 'Workspace teams ((hub) marks teams managed on the hub)',
  usage: 'Usage: hackathon teams list [--json]',
  async run(ctx) {
    const items = await (await ctx.client()).all('/api/v1/teams');
    if (ctx.json) return ctx.printJson({ items, nextCursor: null });
    if (items.length === 0) return ctx.out('No teams');
    type Team = { slug: string; name: string; memberCount: number; hubManaged: boolean };
    for (const line of table(items.map((x: Team) => [x.slug, x.name, `${x.memberCount} member${x.memberCount === 1 ? '' : 's'}`, x.hubManaged ? '(hub)' : '']))) ctx.out(line);
  },
};

export const teamsMembers: Command = {
  path: 'teams members',
  summary: 'Members of a workspace team',
  usage: 'Usage: hackathon teams members <slug or id> [--json]',
  async run(ctx) {
    const [team] = ctx.input;
    if (!team || ctx.input.length > 1) throw new CliError('name exactly one team (slug or id)', EXIT.usage);
    const items = await (await ctx.client()).all(`/api/v1/teams/${encodeURIComponent(team)}/members`);
    if (ctx.json) return ctx.printJson({ items, nextCursor: null });
    if (items.length === 0) return ctx.out('No members');
    for (const line of table(items.map((m: { email: string; userId: string; name: string | null }) => [m.email, m.userId, m.name ?? '']))) ctx.out(line);
  },
};
