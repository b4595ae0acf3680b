// Paged listings as both CLIs present them: --limit 1..100, --cursor, or --all pages.
import type { AnyFlags } from 'meow';
import { wholeNumber } from './checks.ts';
import { CliError, EXIT } from './errors.ts';
import type { WireClient } from '../../client/wire.ts';

export const PAGE_FLAGS = { cursor: { type: 'string' }, limit: { type: 'string' }, all: { type: 'boolean' } } as const satisfies AnyFlags;

/**
 * How a tool refuses a conflict of options: the deck spec's "usage error: conflicting
 * options" (exit 1) for deckcli, the event spec's "option conflicts" (exit 2) for hackathon.
 */
/** Whose rule for conflicting options: deckcli's (a usage error, exit 1) or hackathon's (exit 2). */
export const DECK_CONFLICT = 'deck';
export const EVENT_CONFLICT = 'event';
export type ConflictRule = typeof DECK_CONFLICT | typeof EVENT_CONFLICT;

/** The paging options as a command parsed them from PAGE_FLAGS. */
export interface PageOptions {
  cursor?: string;
  limit?: string;
  all?: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  [extra: string]: unknown;
}

/**
 * One page (or every page with --all) of `path`, whose query may already hold filters. `X`
 * names what the answer carries beside the page (a listing's `summary`), kept from the first
 * page. `conflict`: the tool's rule for --all with --cursor, as for its other conflicts.
 */
export async function readPage<T, X extends object = {}>(client: WireClient, path: string, flags: PageOptions, conflict: ConflictRule): Promise<Page<T> & X> {
  if (flags.all && flags.cursor) {
    const why = '--all and --cursor conflict (--all reads every page from the first)';
    throw conflict === DECK_CONFLICT ? new CliError(why, EXIT.usage, 'usage') : new CliError(why, EXIT.rejected, 'invalid_input');
  }
  const q: string[] = [];
  if (flags.limit !== undefined) q.push(`limit=${wholeNumber(flags.limit, '--limit', 1, 100)}`);
  if (flags.cursor) q.push(`cursor=${encodeURIComponent(flags.cursor)}`);
  const sep = path.includes('?') ? '&' : '?';
  const first = await client.request<Page<T> & X>('GET', q.length ? `${path}${sep}${q.join('&')}` : path);
  if (!flags.all || !first.nextCursor) return first;
  const items = [...first.items];
  let cursor: string | null = first.nextCursor;
  while (cursor) {
    const next: Page<T> = await client.request<Page<T>>('GET', `${path}${sep}limit=100&cursor=${encodeURIComponent(cursor)}`);
    items.push(...next.items);
    cursor = next.nextCursor;
  }
  return { ...first, items, nextCursor: null };
}

export function nextPageLine(page: Page<unknown>): string | null {
  return page.nextCursor ? `Next page: --cursor ${page.nextCursor}` : null;
}
