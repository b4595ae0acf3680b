// delete: soft-delete a deck (every share link stops working).
import { command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';
import type { DeckDeleted } from '../../../core/wire/deck.ts';

export const remove = command({
  path: 'delete',
  summary: 'Soft-delete a deck (every share link stops working)',
  usage: 'Usage: deckcli delete <deckId> [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).request<DeckDeleted>('DELETE', `/api/v1/presentations/${onePathArg(opts.args, 'deck id')}`);
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Deleted deck ${r.presentation.id}; its share links no longer resolve`);
  },
});
