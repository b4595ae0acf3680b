// decks show <deckId>: a generated deck (team, kind, version, template, review, release,
// read-only view, validation findings, each screen's heading and claims).
// decks show [--team <team>] (no deck id): the team's three deck links, whatever the vote
// section says.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { DECKS, idArg, printDeck } from './generated.ts';
import { print } from './shared.ts';

export const decksShow = command({
  path: 'decks show',
  summary: "A generated deck, or a team's three deck links",
  usage: 'Usage: hackathon decks show <deckId> [--json]\n       hackathon decks show [--team <team>] [--json]',
  flags: { team: { type: 'string' } },
  async run(opts, ctx) {
    if (opts.args.length > 1) throw new CliError(`unexpected argument ${opts.args[1]}`, EXIT.usage, 'usage');
    if (opts.args.length === 1) {
      if (opts.team !== undefined) throw new CliError('decks show takes a deck id or --team, not both', EXIT.rejected, 'invalid_input');
      const d = await (await ctx.client()).call('GET /api/v1/event/decks/:deckId', { params: { deckId: idArg(opts.args[0], 'deck') } });
      if (ctx.json) return ctx.printJson(d);
      return printDeck(ctx, d);
    }
    const r = await (await ctx.client()).call('GET /api/v1/event/deck-links', { query: opts.team ? `?team=${encodeURIComponent(opts.team)}` : '' });
    if (ctx.json) return ctx.printJson(r);
    print(ctx, r);
  },
});
