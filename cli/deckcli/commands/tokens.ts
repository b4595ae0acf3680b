// `deckcli tokens <deckId>`: every link of the deck (dashboard preview links included).
// The human table has no bar column; --json carries showBar, canDownload, downloadCount.
import { table } from '../../lib/table.ts';
import { command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';
import type { ShareLinkToken } from '../../../core/wire/deck.ts';

type Token = ShareLinkToken;

export const tokens = command({
  path: 'tokens',
  summary: 'Every share link of a deck',
  usage: 'Usage: deckcli tokens <deckId> [--json]',
  async run(opts, ctx) {
    const items = await (await ctx.client()).all<Token>(`/api/v1/presentations/${onePathArg(opts.args, 'deck id')}/share-links`);
    if (ctx.json) return ctx.printJson({ items, nextCursor: null });
    if (items.length === 0) return ctx.out('No share links');
    const rows: string[][] = [];
    for (const t of items) {
      rows.push([
        t.id, t.name ?? '-', t.follows === 'pinned' ? `v${t.pinnedVersion}` : 'latest', String(t.viewCount),
        t.canDownload ? String(t.downloadCount) : 'no downloads', t.hasPassword ? 'yes' : 'no', ctx.when(t.expiresAt), ctx.paint.state(t.revokedAt ? 'revoked' : 'live'),
      ]);
    }
    for (const line of table(['ID', 'NAME', 'VERSION', 'VIEWS', 'DOWNLOADS', 'PASSWORD', 'EXPIRES', 'STATE'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
