// decks show: the team's three deck links.
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Command } from '../../command.ts';
import { print } from './shared.ts';

export const decksShow: Command = {
  path: 'decks show',
  summary: "A team's three deck links",
  usage: 'Usage: hackathon decks show [--team <team>] [--json]',
  flags: { team: { type: 'string' } },
  async run(ctx) {
    if (ctx.input.length) throw new CliError(`unexpected argument ${ctx.input[0]}: decks show takes --team`, EXIT.usage);
    const r = await (await ctx.client()).request('GET', `/api/v1/event/deck-links${ctx.flags.team ? `?team=${encodeURIComponent(ctx.flags.team as string)}` : ''}`);
    if (ctx.json) return ctx.printJson(r);
    print(ctx, r);
  },
};
