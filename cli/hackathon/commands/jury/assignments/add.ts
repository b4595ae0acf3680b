// `jury assignments add <juror> <team>`: assigns by hand; a conflict is refused, named.
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const assignmentsAdd = command({
  path: 'jury assignments add',
  summary: 'Assign a juror to a team by hand (organizer)',
  usage: 'Usage: hackathon jury assignments add <juror email> <team>',
  async run(opts, ctx) {
    const [juror, team] = opts.args;
    if (!juror || !team) throw new CliError('name the juror (email) and the team', EXIT.usage, 'usage');
    const r = await (await ctx.client()).request<{ juror: string; team: string; added: boolean }>('POST', '/api/v1/event/jury/assignments', { juror, team });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(r.added ? `Assigned ${r.juror} to ${r.team}` : `${r.juror} was already assigned to ${r.team}`);
  },
});
