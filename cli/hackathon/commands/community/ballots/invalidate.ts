// `community ballots invalidate <id> --reason <text>`: after the close; existing results are
// recalculated.
import type { BallotInvalidated } from '../../../../../core/wire/community.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const ballotsInvalidate = command({
  path: 'community ballots invalidate',
  summary: 'Invalidate a submitted ballot after the close (organizer)',
  usage: 'Usage: hackathon community ballots invalidate <id> --reason <text>',
  flags: { reason: { type: 'string' } },
  async run(opts, ctx) {
    const id = opts.args[0];
    if (!id) throw new CliError('name the ballot id (community ballots list shows them)', EXIT.usage);
    if (!/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(id)) throw new CliError(`${id} is not a ballot id`, EXIT.rejected);
    const reason = opts.reason?.trim();
    if (!reason) throw new CliError('--reason is required: say why this ballot is invalidated', EXIT.rejected);
    if (reason.length > 500) throw new CliError('--reason is at most 500 characters', EXIT.rejected);
    const r = await (await ctx.client()).request<BallotInvalidated>('POST', `/api/v1/community/ballots/${id}/invalidate`, { reason });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Ballot of ${r.ballot.email} invalidated`);
    if (r.recalculated) ctx.out(`Results recalculated: version ${r.recalculated.version}`);
  },
});
