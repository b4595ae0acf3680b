// What decks link and decks show share: the three kinds, the share link check, the print.
// Each link is a share link https://<host>/v/<token>/ of the deck service.
import type { Context } from '../../context.ts';
import type { DeckLinks } from '../../../../core/wire/event.ts';

export const KINDS = [
  ['demo', 'Demo deck'],
  ['pitch', 'Presentation'],
  ['vote', 'Vote presentation'],
] as const;

export function shareLinkProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (u.protocol !== 'https:') return 'must be an https URL';
  if (u.username || u.password || u.search || u.hash) return 'must carry no credentials, query or fragment';
  if (!/^\/v\/[A-Za-z0-9_-]+\/$/.test(u.pathname)) return 'must be a share link with path /v/<token>/';
  return null;
}

export function print(ctx: Context, r: DeckLinks): void {
  ctx.out(`Team: ${r.team.name}`);
  for (const [key, label] of KINDS) ctx.out(`${label}: ${r[key] ?? '-'}`);
}
