// `jury results release <version>`: the roster reads it from then on.
import type { JuryResult } from '../../../../../core/wire/jury.ts';
import { wholeNumber } from '../../../../lib/checks.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { INT4_MAX } from '../shared.ts';

export const resultsRelease = command({
  path: 'jury results release',
  summary: 'Release a jury results version (organizer)',
  usage: 'Usage: hackathon jury results release <version>',
  async run(opts, ctx) {
    if (opts.args[0] === undefined) throw new CliError('name the version to release (jury results show lists them)', EXIT.rejected, 'invalid_input');
    const version = wholeNumber(opts.args[0], 'the version', 1, INT4_MAX);
    const r = await (await ctx.client()).request<JuryResult>('PUT', `/api/v1/event/jury/results/${version}/release`);
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Released jury results version ${r.version} (digest ${r.digest}) at ${r.releasedAt}`);
  },
});
