// What decks link and decks show share: the three kinds, the share link check, the print.
// Each link is a share link https://<host>/v/<token>/ of the deck service, or a share link of
// the instance itself on its own scheme (http://127.0.0.1:8080/v/<token>/ on an http install,
// never https there): the client knows the instance only as the profile's URL; the server
// judges the rest (PUBLIC_URL, whose deck the link opens).
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
  const instance = instanceOrigin(instanceUrl);
  if (u.protocol !== 'https:' && u.origin !== instance) {
    return instance ? `must be an https URL, or a share link of ${instance}` : 'must be an https URL';
  }
  // the instance's host and port under the other scheme: a dead link (https on an http install)
  if (instance && u.host === new URL(instance).host && u.origin !== instance) return `must be a share link of this instance: ${instance}/v/<token>/`;
  if (u.username || u.password || u.search || u.hash) return 'must carry no credentials, query or fragment';
  if (!/^\/v\/[A-Za-z0-9_-]+\/$/.test(u.pathname)) return 'must be a share link with path /v/<token>/';
  return null;
}

function instanceOrigin(instanceUrl: string | undefined): string | null {
  try {
    return instanceUrl ? new URL(instanceUrl).origin : null;
  } catch {
    return null;
  }
}

export function print(ctx: Context, r: DeckLinks): void {
  ctx.out(`Team: ${r.team.name}`);
  for (const [key, label] of KINDS) ctx.out(`${label}: ${r[key] ?? '-'}`);
}
