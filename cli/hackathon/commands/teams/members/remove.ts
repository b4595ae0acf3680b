// teams members remove <team> <email or user id>: owners and admins.
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const teamsMembersRemove = command({
  path: 'teams members remove',
  summary: 'Remove a person from a team (owner or admin)',
  usage: 'Usage: hackathon teams members remove <team slug or id> <email or user id> [--json]',
  async run(opts, ctx) {
    const [team, person, extra] = opts.args;
    if (!team || !person || extra !== undefined) throw new CliError('name a team (slug or id), then one person (email or user id)', EXIT.usage, 'usage');
    const r = await (await ctx.client()).call('DELETE /api/v1/teams/:team/members/:person', { params: { team: encodeURIComponent(team), person: encodeURIComponent(person) } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Removed ${r.removed.email} from team ${team}`);
  },
});
