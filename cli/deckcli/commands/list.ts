// list: decks you own or were invited to, newest first, paged.
import type { Deck } from '../../../core/wire/deck.ts';
import { DECK_CONFLICT, PAGE_FLAGS, readPage } from '../../lib/paging.ts';
import { table } from '../../lib/table.ts';
import { command } from '../command.ts';
import { more } from './listing.ts';

export const list = command({
  path: 'list',
  summary: 'Decks you own or were invited to (admins and owners: every deck)',
  usage: 'Usage: deckcli list [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: PAGE_FLAGS,
  async run(opts, ctx) {
    const page = await readPage<Deck>(await ctx.client(), '/api/v1/presentations', opts, DECK_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    if (page.items.length === 0) ctx.out('No decks');
    const rows = page.items.map((d) => [d.id, `v${d.version}`, d.kind, ctx.when(d.updatedAt), d.title]);
    for (const line of table(['ID', 'VERSION', 'KIND', 'UPDATED', 'TITLE'], rows, { paint: ctx.paint })) ctx.out(line);
    more(ctx, page);
  },
});
