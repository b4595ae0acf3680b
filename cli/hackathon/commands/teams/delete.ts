// teams delete <slug or id>: owners and admins. The team's memberships and the project
// roles it carried go with it; the answer says how many.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { confirm, YES_FLAG } from '../../../lib/prompt.ts';

export const teamsDelete = command({
  path: 'teams delete',
  summary: 'Delete a team; its project roles go with it (owner or admin)',
  usage: 'Usage: hackathon teams delete <slug or id> [--yes] [--json]\n\nAsks first on a terminal (a deleted team cannot be restored); elsewhere --yes is required.',
  flags: { ...YES_FLAG },
  async run(opts, ctx) {
    const [team, extra] = opts.args;
    if (!team || extra !== undefined) throw new CliError('name exactly one team (slug or id)', EXIT.usage, 'usage');
    await confirm(ctx.io, { yes: opts.yes, action: `delete team ${team}`, consequence: 'its memberships and the project roles it carries go with it, and nothing restores them' });
    const r = await (await ctx.client()).call('DELETE /api/v1/teams/:team', { params: { team: encodeURIComponent(team) } });
    if (ctx.json) return ctx.printJson(r);
    const d = r.deleted;
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
    ctx.done(`Deleted team ${d.slug} (${d.name}): ${plural(d.memberCount, 'member')} left it, ${plural(d.projectEntries, 'project role')} removed`);
  },
});
