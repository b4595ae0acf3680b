// teams list: every page of the workspace teams.
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import type { Team } from '../../../../core/wire/event.ts';

export const teamsList = command({
  path: 'teams list',
  summary: 'Workspace teams ((hub) marks teams managed on the hub)',
  usage: 'Usage: hackathon teams list [--json]',
  async run(opts, ctx) {
    const items = await (await ctx.client()).all<Team>('/api/v1/teams');
    if (ctx.json) return ctx.printJson({ items, nextCursor: null });
    if (items.length === 0) return ctx.out('No teams');
    const rows = items.map((x) => [x.slug, x.name, `${x.memberCount} member${x.memberCount === 1 ? '' : 's'}`, x.hubManaged ? 'hub' : '-']);
    for (const line of table(['SLUG', 'NAME', 'MEMBERS', 'MANAGED BY'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
