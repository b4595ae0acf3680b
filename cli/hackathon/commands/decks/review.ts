// decks review <deckId> (--approve | --reject) [--note <text>]
import { exactlyOne } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { DECKS, idArg } from './generated.ts';

export const decksReview = command({
  path: 'decks review',
  summary: 'Approve or reject a generated deck (organizer)',
  usage: 'Usage: hackathon decks review <deckId> (--approve | --reject) [--note <text>] [--json]',
  flags: { approve: { type: 'boolean' }, reject: { type: 'boolean' }, note: { type: 'string' } },
  async run(opts, ctx) {
    const which = exactlyOne(opts, ['approve', 'reject'], 'the review');
    if (opts.note !== undefined && (opts.note.trim() === '' || opts.note.length > 1000)) throw new CliError('--note takes 1 to 1000 characters', EXIT.rejected, 'invalid_input');
    if (opts.args.length > 1) throw new CliError(`unexpected argument ${opts.args[1]}`, EXIT.usage, 'usage');
    const id = idArg(opts.args[0], 'deck');
    const d = await (await ctx.client()).call('POST /api/v1/event/decks/:deckId/review', { params: { deckId: id }, body: { decision: which, ...(opts.note ? { note: opts.note } : {}) } });
    if (ctx.json) return ctx.printJson(d);
    ctx.out(`${which === 'approve' ? 'Approved' : 'Rejected'} the ${d.kind} deck v${d.version} of ${d.team.name}${d.reviewNote ? ` (${d.reviewNote})` : ''}`);
    if (d.release === 'released') ctx.out(`Released: ${d.view ?? '-'}`);
  },
});
