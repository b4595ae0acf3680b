// What the chat routes share: id parameters, text limits (checked again in SQL). Bodies are
// the wire registry's (core/wire/routes.ts), validated through their JSON schema.
import { routeBody } from '../wire-schema.ts';
export type { NewPost } from '../../../core/wire/routes.ts';
export const UUID = { type: 'string', format: 'uuid' } as const;

export function idParams<const K extends string>(...names: K[]) {
  return { type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, UUID])) as Record<K, typeof UUID> } as const;
}

/** A post or a reply, in a channel or the feed (the two routes take one body). */
export const NEW_POST = routeBody('POST /api/v1/event/feed/posts');

export interface PageQuery {
  limit?: number;
  cursor?: string;
}
