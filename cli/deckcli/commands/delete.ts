// delete: soft-delete a deck (every share link stops working).
import type { Command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';

export const remove: Command = {
  path: 'delete',
  summary: 'Soft-delete a deck (every share link stops working)',
  usage: 'Usage: deckcli delete <deckId> [--json]',
  async run(ctx) {
    const r = await (await ctx.client()).request('DELETE', `/api/v1/presentations/${onePathArg(ctx.input, 'deck id')}`);
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Deleted deck ${r.presentation.id}; its share links no longer resolve`);
  },
};
