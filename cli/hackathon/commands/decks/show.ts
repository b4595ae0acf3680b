// decks show: the team's three deck links.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { print } from './shared.ts';
import type { DeckLinks } from '../../../../core/wire/event.ts';

export const decksShow = command({
  path: 'decks show',
  summary: "A team's three deck links",
  usage: 'Usage: hackathon decks show [--team <team>] [--json]',
  flags: { team: { type: 'string' } },
  async run(opts, ctx) {
    if (opts.args.length) throw new CliError(`unexpected argument ${opts.args[0]}: decks show takes --team`, EXIT.usage);
    const r = await (await ctx.client()).request<DeckLinks>('GET', `/api/v1/event/deck-links${opts.team ? `?team=${encodeURIComponent(opts.team)}` : ''}`);
    if (ctx.json) return ctx.printJson(r);
    print(ctx, r);
  },
});
