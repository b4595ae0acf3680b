// `jury conflicts add <juror> <team> [--reason <text>]`: declares a conflict of interest.
import type { JuryConflict } from '../../../../../core/wire/jury.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const conflictsAdd = command({
  path: 'jury conflicts add',
  summary: 'Declare a juror\'s conflict of interest with a team (organizer)',
  usage: 'Usage: hackathon jury conflicts add <juror email> <team> [--reason <text>]\n\nThe pair\'s assignment and draft go; refused once the juror submitted a score for the team.',
  flags: { reason: { type: 'string' } },
  async run(opts, ctx) {
    const [juror, team] = opts.args;
    if (!juror || !team) throw new CliError('name the juror (email) and the team', EXIT.usage, 'usage');
    const r = await (await ctx.client()).request<{ items: JuryConflict[] }>('POST', '/api/v1/event/jury/conflicts', { juror, team, ...(opts.reason ? { reason: opts.reason } : {}) });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Declared: ${juror} has a conflict with ${team}`);
  },
});
