// What the project commands share: flags for paging, the metadata check, one-line output.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { wholeNumber } from '../../../lib/checks.ts';
import type { Context } from '../../context.ts';

export interface Project {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, unknown>;
  archived: boolean;
  role: string;
  createdAt: string;
}

export const PAGE_FLAGS = { cursor: { type: 'string' }, limit: { type: 'string' }, all: { type: 'boolean' } } as const;

export function pageQuery(ctx: Context): { query: string; all: boolean } {
  const parts: string[] = [];
  if (ctx.flags.limit !== undefined) parts.push(`limit=${wholeNumber(ctx.flags.limit, '--limit', 1, 100)}`);
  if (ctx.flags.cursor) parts.push(`cursor=${encodeURIComponent(ctx.flags.cursor as string)}`);
  if (ctx.flags.all && ctx.flags.cursor) throw new CliError('--all reads every page; it takes no --cursor', EXIT.rejected);
  return { query: parts.join('&'), all: Boolean(ctx.flags.all) };
}

export function metadataArg(raw: unknown): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(String(raw));
  } catch {
    throw new CliError('--metadata must be a JSON object, e.g. \'{"track":"ai"}\'', EXIT.rejected);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new CliError('--metadata must be a JSON object', EXIT.rejected);
  return v as Record<string, unknown>;
}

export function projectLine(p: Project): string {
  return `${p.name}  ${p.id}  ${p.role}${p.archived ? '  (archived)' : ''}`;
}

export function onePath(ctx: Context, what: string): string {
  const [id] = ctx.input;
  if (!id || ctx.input.length > 1) throw new CliError(`name exactly one ${what}`, EXIT.usage);
  return encodeURIComponent(id);
}
