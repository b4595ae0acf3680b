// views: view statistics, then the views, newest first, paged.
import type { DeckView, ViewSummary } from '../../../core/wire/deck.ts';
import { DECK_CONFLICT, PAGE_FLAGS, readPage } from '../../lib/paging.ts';
import { table } from '../../lib/table.ts';
import { command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';
import { more } from './listing.ts';

export const views = command({
  path: 'views',
  summary: 'View statistics (entry loads, de-duplicated per browser)',
  usage: 'Usage: deckcli views <deckId> [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: PAGE_FLAGS,
  async run(opts, ctx) {
    const page = await readPage<DeckView, { summary: ViewSummary }>(await ctx.client(), `/api/v1/presentations/${onePathArg(opts.args, 'deck id')}/views`, opts, DECK_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    const { summary } = page;
    ctx.out(`${summary.views} view${summary.views === 1 ? '' : 's'}; last opened ${summary.lastOpenedAt ?? 'never'}`);
    const rows = page.items.map((v) => [ctx.when(v.viewedAt), v.linkName ?? v.linkId, `v${v.version}`, v.source, v.placement ?? '-']);
    for (const line of table(['VIEWED', 'LINK', 'VERSION', 'SOURCE', 'PLACEMENT'], rows, { paint: ctx.paint })) ctx.out(line);
    more(ctx, page);
  },
});
