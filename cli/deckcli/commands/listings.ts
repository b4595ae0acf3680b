// list, versions, files list, views: paged listings (newest first; files by path).
import { nextPageLine, PAGE_FLAGS, readPage } from '../../lib/paging.ts';
import { table } from '../../lib/table.ts';
import { wholeNumber } from '../../lib/checks.ts';
import type { Command } from '../command.ts';
import type { Context } from '../context.ts';
import { onePathArg } from '../../lib/args.ts';

function more(ctx: Context, page: { nextCursor: string | null; items: unknown[] }): void {
  const line = nextPageLine(page);
  if (line) ctx.out(line);
}

export const list: Command = {
  path: 'list',
  summary: 'Decks you own or were invited to (admins and owners: every deck)',
  usage: 'Usage: deckcli list [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: PAGE_FLAGS,
  async run(ctx) {
    const page = await readPage<{ id: string; title: string; version: number; kind: string; updatedAt: string }>(await ctx.client(), '/api/v1/presentations', ctx.flags);
    if (ctx.json) return ctx.printJson(page);
    if (page.items.length === 0) ctx.out('No decks');
    for (const line of table(page.items.map((d) => [d.id, `v${d.version}`, d.kind, d.updatedAt, d.title]))) ctx.out(line);
    more(ctx, page);
  },
};

export const versions: Command = {
  path: 'versions',
  summary: "A deck's versions, newest first",
  usage: 'Usage: deckcli versions <deckId> [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: PAGE_FLAGS,
  async run(ctx) {
    const page = await readPage<{ version: number; createdAt: string; fileCount?: number; entry?: string }>(await ctx.client(), `/api/v1/presentations/${onePathArg(ctx.input, 'deck id')}/versions`, ctx.flags);
    if (ctx.json) return ctx.printJson(page);
    for (const line of table(page.items.map((v) => [`v${v.version}`, v.createdAt, v.fileCount === undefined ? '' : `${v.fileCount} files`, v.entry ?? '']))) ctx.out(line);
    more(ctx, page);
  },
};

export const filesList: Command = {
  path: 'files list',
  summary: 'Files of a version (current by default)',
  usage: 'Usage: deckcli files list <deckId> [--version <n>] [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: { ...PAGE_FLAGS, version: { type: 'string' } },
  async run(ctx) {
    const v = ctx.flags.version === undefined ? '' : `?version=${wholeNumber(ctx.flags.version, '--version', 1)}`;
    const page = await readPage<{ path: string; size: number; sha256: string }>(await ctx.client(), `/api/v1/presentations/${onePathArg(ctx.input, 'deck id')}/files${v}`, ctx.flags);
    if (ctx.json) return ctx.printJson(page);
    for (const line of table(page.items.map((f) => [f.path, `${f.size} B`, f.sha256.slice(0, 12)]))) ctx.out(line);
    more(ctx, page);
  },
};

export const views: Command = {
  path: 'views',
  summary: 'View statistics (entry loads, de-duplicated per browser)',
  usage: 'Usage: deckcli views <deckId> [--limit <1-100>] [--cursor <c>] [--all] [--json]',
  flags: PAGE_FLAGS,
  async run(ctx) {
    type View = { viewedAt: string; linkName: string | null; linkId: string; version: number; source: string; placement: string | null };
    const page = await readPage<View>(await ctx.client(), `/api/v1/presentations/${onePathArg(ctx.input, 'deck id')}/views`, ctx.flags);
    if (ctx.json) return ctx.printJson(page);
    const summary = page.summary as { views: number; lastOpenedAt: string | null };
    ctx.out(`${summary.views} view${summary.views === 1 ? '' : 's'}; last opened ${summary.lastOpenedAt ?? 'never'}`);
    for (const line of table(page.items.map((v) => [v.viewedAt, v.linkName ?? v.linkId, `v${v.version}`, v.source, v.placement ?? '-']))) ctx.out(line);
    more(ctx, page);
  },
};
