// What the paged deckcli listings share: the next-page line.
import { nextPageLine } from '../../lib/paging.ts';
import type { Context } from '../context.ts';

export function more(ctx: Context, page: { nextCursor: string | null; items: unknown[] }): void {
  const line = nextPageLine(page);
  if (line) ctx.out(line);
}
