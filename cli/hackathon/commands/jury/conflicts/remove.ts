// `jury conflicts remove <juror> <team>`: withdraws a declared conflict.
import type { JuryConflict } from '../../../../../core/wire/jury.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const conflictsRemove = command({
  path: 'jury conflicts remove',
  summary: 'Withdraw a declared conflict (organizer)',
  usage: 'Usage: hackathon jury conflicts remove <juror email> <team>\n\nRoster and advising conflicts are facts and stay.',
  async run(opts, ctx) {
    const [juror, team] = opts.args;
    if (!juror || !team) throw new CliError('name the juror (email) and the team', EXIT.usage, 'usage');
    const q = `juror=${encodeURIComponent(juror)}&team=${encodeURIComponent(team)}`;
    const r = await (await ctx.client()).request<{ items: JuryConflict[] }>('DELETE', `/api/v1/event/jury/conflicts?${q}`);
    if (ctx.json) return ctx.printJson(r);
    const left = r.items.filter((c) => c.juror === juror.toLowerCase() && c.team.toLowerCase() === team.toLowerCase());
    ctx.done(left.length === 0 ? `No conflict of ${juror} with ${team} any more` : `Still a conflict: ${left.map((c) => `${c.kind}: ${c.reason}`).join('; ')}`);
  },
});
