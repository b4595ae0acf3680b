// What every deck route shares: id checks, the deck page URL, JSON schemas.
import { AppError } from '../../errors.ts';
import { UUID_RE } from '../../../core/ids.ts';

/** A malformed id names no deck: it answers exactly like one that does not exist. */
export function deckId(id: string): string {
  if (!UUID_RE.test(id)) throw new AppError('not_found', 'No such deck', { presentationId: id });
  return id;
}

export function anyId(id: string, what: string): string {
  if (!UUID_RE.test(id)) throw new AppError('not_found', `No such ${what}`);
  return id;
}

/** The deck's page on this instance (the master page of the spec). */
export function deckUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/decks/${id}/present`;
}

export function withUrl<T extends { id: string }>(publicUrl: string, deck: T): T & { url: string } {
  return { ...deck, url: deckUrl(publicUrl, deck.id) };
}

/** The wire answer of a push, a duplicate, a rename or a delete: presentation, version, url. */
export function pushAnswer(publicUrl: string, r: { presentation: { id: string; version: number }; version: number; attachments?: unknown } & Record<string, unknown>) {
  const { attachments, ...rest } = r;
  return {
    ...rest,
    presentation: withUrl(publicUrl, r.presentation),
    version: r.version,
    url: deckUrl(publicUrl, r.presentation.id),
    ...(attachments ? { attachments } : {}),
  };
}

export const SHA256_SCHEMA = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;
export const TITLE_SCHEMA = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]+$' } as const;
export const ID_PARAMS = { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } } as const;
