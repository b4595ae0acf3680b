// versions: a deck's versions, newest first, paged.
import type { DeckVersion } from '../../../core/wire/deck.ts';
import { DECK_CONFLICT, PAGE_FLAGS, readPage } from '../../lib/paging.ts';
import { table } from '../../lib/table.ts';
import { command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';
import { more } from './listing.ts';

export const versions = command({
  path: 'versions',
  summary: "A deck's versions, newest first",
  usage: 'Usage: deckcli versions <deckId> [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: PAGE_FLAGS,
  async run(opts, ctx) {
    const page = await readPage<DeckVersion>(await ctx.client(), `/api/v1/presentations/${onePathArg(opts.args, 'deck id')}/versions`, opts, DECK_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    const rows = page.items.map((v) => [`v${v.version}`, ctx.when(v.createdAt), v.fileCount === undefined ? '-' : `${v.fileCount} files`, v.entry ?? '-']);
    for (const line of table(['VERSION', 'CREATED', 'FILES', 'ENTRY'], rows, { paint: ctx.paint })) ctx.out(line);
    more(ctx, page);
  },
});
