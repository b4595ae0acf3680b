// `community ballots invalidate <id> --reason <text>`: after the close; existing results are
// recalculated.
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { confirm, YES_FLAG } from '../../../../lib/prompt.ts';
import { UUID_RE as UUID } from '../../../../../core/ids.ts';

export const ballotsInvalidate = command({
  path: 'community ballots invalidate',
  summary: 'Invalidate a submitted ballot after the close (organizer)',
  usage: 'Usage: hackathon community ballots invalidate <id> --reason <text> [--yes]\n\nAsks first on a terminal (an invalidated ballot stays invalidated); elsewhere --yes is required.',
  flags: { reason: { type: 'string' }, ...YES_FLAG },
  async run(opts, ctx) {
    const id = opts.args[0];
    if (!id) throw new CliError('name the ballot id (community ballots list shows them)', EXIT.usage, 'usage');
    if (!UUID.test(id)) throw new CliError(`${id} is not a ballot id`, EXIT.rejected, 'invalid_input');
    const reason = opts.reason?.trim();
    if (!reason) throw new CliError('--reason is required: say why this ballot is invalidated', EXIT.rejected, 'invalid_input');
    if (reason.length > 500) throw new CliError('--reason is at most 500 characters', EXIT.rejected, 'invalid_input');
    await confirm(ctx.io, { yes: opts.yes, action: `invalidate ballot ${id}`, consequence: 'an invalidated ballot leaves the count for good' });
    const r = await (await ctx.client()).call('POST /api/v1/community/ballots/:ballotId/invalidate', { params: { ballotId: id }, body: { reason } });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Ballot of ${r.ballot.email} invalidated`);
    if (r.recalculated) ctx.out(`Results recalculated: version ${r.recalculated.version}`);
  },
});
