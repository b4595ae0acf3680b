import { CliError, EXIT } from '../../../lib/errors.ts';
import { table } from '../../../lib/table.ts';
import { EVENT_CONFLICT, nextPageLine, PAGE_FLAGS, readPage } from '../../../lib/paging.ts';
import { command } from '../../command.ts';
import type { Project } from './shared.ts';

export const projectsList = command({
  path: 'projects list',
  summary: 'Projects of the workspace (live by default)',
  usage: 'Usage: hackathon projects list [--archived true|all] [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: { archived: { type: 'string' }, ...PAGE_FLAGS },
  async run(opts, ctx) {
    const archived = opts.archived;
    if (archived !== undefined && archived !== 'true' && archived !== 'all') throw new CliError('--archived takes true or all', EXIT.rejected, 'invalid_input');
    const page = await readPage<Project>(await ctx.client(), `/api/v1/projects?archived=${archived ?? 'false'}`, opts, EVENT_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    if (page.items.length === 0) ctx.out('No projects');
    const rows = page.items.map((p) => [p.name, p.id, p.role, p.archived ? ctx.paint.muted('archived') : 'live']);
    for (const line of table(['NAME', 'ID', 'ROLE', 'STATE'], rows, { paint: ctx.paint })) ctx.out(line);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
});
