// files list: files of a version (current by default), newest first (by the version since which
// each is unchanged, then by path), paged.
import type { DeckFile } from '../../../../core/wire/deck.ts';
import { DECK_CONFLICT, PAGE_FLAGS, readPage } from '../../../lib/paging.ts';
import { table } from '../../../lib/table.ts';
import { wholeNumber } from '../../../lib/checks.ts';
import { command } from '../../command.ts';
import { onePathArg } from '../../../lib/args.ts';
import { more } from '../listing.ts';

export const filesList = command({
  path: 'files list',
  summary: 'Files of a version (current by default)',
  usage: 'Usage: deckcli files list <deckId> [--version <n>] [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: { ...PAGE_FLAGS, version: { type: 'string' } },
  async run(opts, ctx) {
    const v = opts.version === undefined ? '' : `?version=${wholeNumber(opts.version, '--version', 1)}`;
    const page = await readPage<DeckFile>(await ctx.client(), `/api/v1/presentations/${onePathArg(opts.args, 'deck id')}/files${v}`, opts, DECK_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    const rows = page.items.map((f) => [f.path, `${f.size} B`, f.sha256.slice(0, 12), `since v${f.changedIn.version}`]);
    for (const line of table(['PATH', 'SIZE', 'SHA-256', 'UNCHANGED'], rows, { paint: ctx.paint })) ctx.out(line);
    more(ctx, page);
  },
});
