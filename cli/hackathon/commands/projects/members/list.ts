// projects members list: people and teams of a project, paged.
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { table } from '../../../../lib/table.ts';
import { command } from '../../../command.ts';
import { EVENT_CONFLICT, nextPageLine, PAGE_FLAGS, readPage } from '../../../../lib/paging.ts';
import { Member } from './shared.ts';

export const membersList = command({
  path: 'projects members list',
  summary: 'Members of a project (people and teams)',
  usage: 'Usage: hackathon projects members list <project id> [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: { ...PAGE_FLAGS },
  async run(opts, ctx) {
    const [project] = opts.args;
    if (!project || opts.args.length > 1) throw new CliError('name exactly one project id', EXIT.usage, 'usage');
    const page = await readPage<Member>(await ctx.client(), `/api/v1/projects/${encodeURIComponent(project)}/members`, opts, EVENT_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    const rows = page.items.map((m) =>
      m.kind === 'person' ? [m.email ?? '-', m.userId ?? '-', m.role, m.name ?? '-'] : [`team ${m.teamName}`, m.teamSlug ?? '-', m.role, '-'],
    );
    for (const line of table(['MEMBER', 'USER ID OR TEAM SLUG', 'ROLE', 'NAME'], rows, { paint: ctx.paint })) ctx.out(line);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
});
