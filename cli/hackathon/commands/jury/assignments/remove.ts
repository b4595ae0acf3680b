// `jury assignments remove <juror> <team>`: takes an assignment (and its draft) back.
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const assignmentsRemove = command({
  path: 'jury assignments remove',
  summary: 'Take a jury assignment back (organizer)',
  usage: 'Usage: hackathon jury assignments remove <juror email> <team>',
  async run(opts, ctx) {
    const [juror, team] = opts.args;
    if (!juror || !team) throw new CliError('name the juror (email) and the team', EXIT.usage, 'usage');
    const q = `juror=${encodeURIComponent(juror)}&team=${encodeURIComponent(team)}`;
    const r = await (await ctx.client()).request<{ juror: string; team: string; removed: boolean }>('DELETE', `/api/v1/event/jury/assignments?${q}`);
    if (ctx.json) return ctx.printJson(r);
    ctx.done(r.removed ? `Removed ${r.juror} from ${r.team}` : `${r.juror} was not assigned to ${r.team}`);
  },
});
