// decks release <projectId>: releases the newest approved deck of each kind of the current
// frozen evidence; prints released and superseded.
import type { Released } from '../../../../core/wire/decks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { DECKS, resolveTeam } from './generated.ts';

export const decksRelease = command({
  path: 'decks release',
  summary: 'Release a team\'s approved decks to the gallery (organizer)',
  usage: 'Usage: hackathon decks release <projectId or team> [--json]',
  async run(opts, ctx) {
    if (opts.args.length > 1) throw new CliError(`unexpected argument ${opts.args[1]}`, EXIT.usage, 'usage');
    const projectId = await resolveTeam(ctx, opts.args[0]);
    const r = await (await ctx.client()).call('POST /api/v1/event/decks/releases', { body: { projectId } });
    if (ctx.json) return ctx.printJson(r);
    for (const x of r.released) ctx.done(`Released ${x.kind} v${x.version} of ${r.team.name}: ${x.view ?? '-'}`);
    for (const x of r.superseded) ctx.out(`Superseded ${x.kind} v${x.version}`);
    for (const x of r.unchanged) ctx.out(`Already released: ${x.kind} v${x.version}`);
  },
});
