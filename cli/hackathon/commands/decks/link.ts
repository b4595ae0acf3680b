// decks link: set or clear the team's deck links, each checked to be a share link first.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { KINDS, shareLinkProblem, print } from './shared.ts';

export const decksLink = command({
  path: 'decks link',
  summary: "Set a team's demo deck, presentation and vote presentation links",
  usage: 'Usage: hackathon decks link [--demo <url>] [--pitch <url>] [--vote <url>] [--clear demo|pitch|vote]... [--team <team>]',
  flags: { demo: { type: 'string' }, pitch: { type: 'string' }, vote: { type: 'string' }, clear: { type: 'string', isMultiple: true }, team: { type: 'string' } },
  async run(opts, ctx) {
    const body: Record<string, unknown> = {};
    const clears = (opts.clear) ?? [];
    for (const c of clears) if (!KINDS.some(([k]) => k === c)) throw new CliError(`--clear takes demo, pitch or vote, got ${c}`, EXIT.rejected, 'invalid_input');
    const instanceUrl = ctx.profile().url;
    for (const [key] of KINDS) {
      const v = opts[key];
      if (v !== undefined && clears.includes(key)) throw new CliError(`--${key} and --clear ${key} conflict`, EXIT.rejected, 'invalid_input');
      if (v !== undefined) {
        const problem = shareLinkProblem(v, instanceUrl);
        if (problem) throw new CliError(`--${key} ${problem}: ${v}`, EXIT.rejected, 'invalid_deck_link');
        body[key] = v;
      }
      if (clears.includes(key)) body[key] = null;
    }
    if (Object.keys(body).length === 0) throw new CliError('nothing to set: pass --demo, --pitch, --vote or --clear', EXIT.rejected, 'invalid_input');
    if (opts.team) body.team = opts.team;
    const r = await (await ctx.client()).call('PATCH /api/v1/event/deck-links', { body });
    if (ctx.json) return ctx.printJson(r);
    print(ctx, r);
  },
});
