// projects members add: a person (email, anything with @, or a user id) or a team (--team).
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { role, describe } from './shared.ts';

export const membersAdd = command({
  path: 'projects members add',
  summary: 'Add a person or a team to a project',
  usage: 'Usage: hackathon projects members add <project id> <email or user id> --role viewer|editor|manager\n       hackathon projects members add <project id> --team <slug or id> --role viewer|editor|manager',
  flags: { team: { type: 'string' }, role: { type: 'string' } },
  async run(opts, ctx) {
    const [project, person, extra] = opts.args;
    if (!project || extra !== undefined) throw new CliError('name a project id, then a person (or --team)', EXIT.usage, 'usage');
    if (!person === !opts.team) throw new CliError('name exactly one member: a person argument or --team', EXIT.rejected, 'invalid_input');
    const body = { ...(person ? { person } : { team: opts.team }), role: role(opts.role) };
    const m = await (await ctx.client()).call('POST /api/v1/projects/:id/members', { params: { id: encodeURIComponent(project) }, body });
    if (ctx.json) return ctx.printJson(m);
    ctx.out(`${describe(m)} is ${m.role} of the project`);
  },
});
