// teams members add <team> <email or user id>: a member of the workspace joins a team.
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const teamsMembersAdd = command({
  path: 'teams members add',
  summary: 'Add a workspace member to a team (owner or admin)',
  usage: 'Usage: hackathon teams members add <team slug or id> <email or user id> [--json]',
  async run(opts, ctx) {
    const [team, person, extra] = opts.args;
    if (!team || !person || extra !== undefined) throw new CliError('name a team (slug or id), then one person (email or user id)', EXIT.usage, 'usage');
    const m = await (await ctx.client()).call('POST /api/v1/teams/:team/members', { params: { team: encodeURIComponent(team) }, body: { person } });
    if (ctx.json) return ctx.printJson(m);
    ctx.out(`${m.email} is in team ${team}`);
  },
});
