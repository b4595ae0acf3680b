// projects members list / add / role / remove. A member is a person (email, anything
// with @, or a user id) or a workspace team (slug or id).
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { table } from '../../../../lib/table.ts';
import type { Command } from '../../../command.ts';
import { nextPageLine, PAGE_FLAGS, readPage } from '../../../../lib/paging.ts';

const ROLES = ['viewer', 'editor', 'manager'];

interface Member {
  kind: 'person' | 'team';
  role: string;
  userId: string | null;
  email: string | null;
  name: string | null;
  teamSlug: string | null;
  teamName: string | null;
}

function role(raw: unknown): string {
  if (raw === undefined) throw new CliError('--role viewer|editor|manager is required', EXIT.usage);
  if (!ROLES.includes(String(raw))) throw new CliError(`--role must be viewer, editor or manager, got ${raw}`, EXIT.rejected);
  return String(raw);
}

function describe(m: Member): string {
  return m.kind === 'person' ? `${m.email ?? m.userId}` : `team ${m.teamSlug}`;
}

export const membersList: Command = {
  path: 'projects members list',
  summary: 'Members of a project (people and teams)',
  usage: 'Usage: hackathon projects members list <project id> [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: { ...PAGE_FLAGS },
  async run(ctx) {
    const [project] = ctx.input;
    if (!project || ctx.input.length > 1) throw new CliError('name exactly one project id', EXIT.usage);
    const page = await readPage<Member>(await ctx.client(), `/api/v1/projects/${encodeURIComponent(project)}/members`, ctx.flags);
    if (ctx.json) return ctx.printJson(page);
    const rows = page.items.map((m) =>
      m.kind === 'person' ? [m.email ?? '-', m.userId ?? '-', m.role, m.name ?? ''] : [`team ${m.teamName}`, m.teamSlug ?? '-', m.role, ''],
    );
    for (const line of table(rows)) ctx.out(line);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
};

export const membersAdd: Command = {
  path: 'projects members add',
  summary: 'Add a person or a team to a project',
  usage: 'Usage: hackathon projects members add <project id> <email or user id> --role viewer|editor|manager\n       hackathon projects members add <project id> --team <slug or id> --role viewer|editor|manager',
  flags: { team: { type: 'string' }, role: { type: 'string' } },
  async run(ctx) {
    const [project, person, extra] = ctx.input;
    if (!project || extra !== undefined) throw new CliError('name a project id, then a person (or --team)', EXIT.usage);
    if (!person === !ctx.flags.team) throw new CliError('name exactly one member: a person argument or --team', EXIT.rejected);
    const body = { ...(person ? { person } : { team: ctx.flags.team }), role: role(ctx.flags.role) };
    const m = await (await ctx.client()).request('POST', `/api/v1/projects/${encodeURIComponent(project)}/members`, body);
    if (ctx.json) return ctx.printJson(m);
    ctx.out(`${describe(m)} is ${m.role} of the project`);
  },
};

function memberPath(ctx: Parameters<Command['run']>[0], verb: string): string {
  const [project, who, extra] = ctx.input;
  if (!project || !who || extra !== undefined) throw new CliError(`name a project id and the member to ${verb} (with --team the second argument is a team)`, EXIT.usage);
  return `/api/v1/projects/${encodeURIComponent(project)}/members/${ctx.flags.team ? 'teams' : 'people'}/${encodeURIComponent(who)}`;
}

export const membersRole: Command = {
  path: 'projects members role',
  summary: "Change a member's role",
  usage: 'Usage: hackathon projects members role <project id> <person | team with --team> --role viewer|editor|manager [--team]',
  flags: { team: { type: 'boolean' }, role: { type: 'string' } },
  async run(ctx) {
    const m = await (await ctx.client()).request('PUT', memberPath(ctx, 'change'), { role: role(ctx.flags.role) });
    if (ctx.json) return ctx.printJson(m);
    ctx.out(`${describe(m)} is ${m.role} of the project`);
  },
};

export const membersRemove: Command = {
  path: 'projects members remove',
  summary: 'Remove a member (a manager removes anyone; anyone removes themselves)',
  usage: 'Usage: hackathon projects members remove <project id> <person | team with --team> [--team]',
  flags: { team: { type: 'boolean' } },
  async run(ctx) {
    const r = await (await ctx.client()).request('DELETE', memberPath(ctx, 'remove'));
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Removed ${describe(r.removed)}`);
  },
};
