import { command } from '../command.ts';
import { table } from '../../lib/table.ts';

export const workspaces = command({
  path: 'workspaces',
  summary: 'List your workspaces (the default is marked)',
  usage: 'Usage: hackathon workspaces [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.bareClient()).call('GET /api/v1/workspaces');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) return ctx.out('You belong to no workspace yet');
    // `*` marks the default workspace (bold too on a terminal).
    const rows = r.items.map((x) => [x.isDefault ? ctx.paint.strong(`* ${x.name}`) : `  ${x.name}`, x.id, x.role, x.organizationId ? `organization ${x.organizationId}` : '-']);
    for (const line of table(['  NAME', 'ID', 'ROLE', 'ORGANIZATION'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
