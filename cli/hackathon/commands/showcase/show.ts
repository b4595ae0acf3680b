// showcase show: a team's product name, tagline and description.
import { command } from '../../command.ts';
import { teamQuery, print } from './shared.ts';

export const showcaseShow = command({
  path: 'showcase show',
  summary: "A team's product name, tagline and description",
  usage: 'Usage: hackathon showcase show [--team <team>] [--json]',
  flags: { team: { type: 'string' } },
  async run(opts, ctx) {
    const s = await (await ctx.client()).call('GET /api/v1/event/showcase', { query: teamQuery(opts.team) });
    if (ctx.json) return ctx.printJson(s);
    print(ctx, s);
  },
});
