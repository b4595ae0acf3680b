// delete: soft-delete a deck (every share link stops working).
import { command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';
import { confirm, YES_FLAG } from '../../lib/prompt.ts';

export const remove = command({
  path: 'delete',
  summary: 'Soft-delete a deck (every share link stops working)',
  usage: 'Usage: deckcli delete <deckId> [--yes] [--json]\n\nAsks first on a terminal (no command restores a deleted deck); elsewhere --yes is required.',
  flags: { ...YES_FLAG },
  async run(opts, ctx) {
    const id = onePathArg(opts.args, 'deck id');
    await confirm(ctx.io, { yes: opts.yes, action: `delete deck ${decodeURIComponent(id)}`, consequence: 'every share link of the deck stops working and no command restores it' });
    const r = await (await ctx.client()).call('DELETE /api/v1/presentations/:id', { params: { id } });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Deleted deck ${r.presentation.id}; its share links no longer resolve`);
  },
});
