// `community results release <version>`: the version is a whole number, checked before any request.
import { wholeNumber } from '../../../../lib/checks.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { INT4_MAX } from '../shared.ts';
import { confirm, YES_FLAG } from '../../../../lib/prompt.ts';

export const resultsRelease = command({
  path: 'community results release',
  summary: 'Release a results version (organizer)',
  usage: 'Usage: hackathon community results release <version> [--yes]\n\nAsks first on a terminal (a release cannot be taken back); elsewhere --yes is required.',
  flags: { ...YES_FLAG },
  async run(opts, ctx) {
    if (opts.args[0] === undefined) throw new CliError('name the version to release (community results show lists them)', EXIT.rejected, 'invalid_input');
    const version = wholeNumber(opts.args[0], 'the version', 1, INT4_MAX);
    await confirm(ctx.io, { yes: opts.yes, action: `release results version ${version}`, consequence: 'every participant sees the released ranking, and a release cannot be taken back' });
    const r = await (await ctx.client()).call('PUT /api/v1/community/results/:version/release', { params: { version } });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Released version ${r.version}`);
  },
});
