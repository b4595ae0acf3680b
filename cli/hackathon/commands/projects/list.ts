import { CliError, EXIT } from '../../../lib/errors.ts';
import { table } from '../../../lib/table.ts';
import type { Command } from '../../command.ts';
import { PAGE_FLAGS, pageQuery, type Project } from './shared.ts';

export const projectsList: Command = {
  path: 'projects list',
  summary: 'Projects of the workspace (live by default)',
  usage: 'Usage: hackathon projects list [--archived true|all] [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: { archived: { type: 'string' }, ...PAGE_FLAGS },
  async run(ctx) {
    const archived = ctx.flags.archived as string | undefined;
    if (archived !== undefined && archived !== 'true' && archived !== 'all') throw new CliError('--archived takes true or all', EXIT.rejected);
    const { query, all } = pageQuery(ctx);
    const path = `/api/v1/projects?archived=${archived ?? 'false'}${query ? `&${query}` : ''}`;
    const client = await ctx.client();
    const page: { items: Project[]; nextCursor: string | null } = all ? { items: await client.all(path), nextCursor: null } : await client.request('GET', path);
    if (ctx.json) return ctx.printJson(page);
    if (page.items.length === 0) ctx.out('No projects');
    for (const line of table(page.items.map((p) => [p.name, p.id, p.role, p.archived ? 'archived' : '']))) ctx.out(line);
    if (page.nextCursor) ctx.out(`Next page: --cursor ${page.nextCursor}`);
  },
};
