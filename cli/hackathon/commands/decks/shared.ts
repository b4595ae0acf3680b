// What decks link and decks show share: the three kinds, the share link check, the print.
// Each link is a share link https://<host>/v/<token>/ of the deck service, or a share link of
// the instance itself whatever its scheme (http://127.0.0.1:8080/v/<token>/ on an http
// install): the client knows the instance only as the profile's URL; the server judges the rest.
import type { Context } from '../../context.ts';
import type { DeckLinks } from '../../../../core/wire/event.ts';

export const KINDS = [
  ['demo', 'Demo deck'],
  ['pitch', 'Presentation'],
  ['vote', 'Vote presentation'],
] as const;

export function shareLinkProblem(raw: string, instanceUrl?: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && instanceUrl && sameOrigin(u, instanceUrl))) {
    return instanceUrl ? `must be an https URL, or a share link of ${new URL(instanceUrl).origin}` : 'must be an https URL';
  }
  if (u.username || u.password || u.search || u.hash) return 'must carry no credentials, query or fragment';
  if (!/^\/v\/[A-Za-z0-9_-]+\/$/.test(u.pathname)) return 'must be a share link with path /v/<token>/';
  return null;
}

function sameOrigin(u: URL, instanceUrl: string): boolean {
  try {
    return new URL(instanceUrl).origin === u.origin;
  } catch {
    return false;
  }
}

export function print(ctx: Context, r: DeckLinks): void {
  ctx.out(`Team: ${r.team.name}`);
  for (const [key, label] of KINDS) ctx.out(`${label}: ${r[key] ?? '-'}`);
}
