// `community results calculate`: a new results version, or the version already holding this ballot set.
import { command } from '../../../command.ts';

export const resultsCalculate = command({
  path: 'community results calculate',
  summary: 'Calculate results once voting is closed (organizer)',
  usage: 'Usage: hackathon community results calculate [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).call('POST /api/v1/community/results');
    if (ctx.json) return ctx.printJson(r);
    ctx.out(r.created ? `Calculated version ${r.version}` : `Version ${r.version} already holds this ballot set`);
  },
});
