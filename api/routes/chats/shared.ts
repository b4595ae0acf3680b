// What the chat routes share: id parameters, text limits (checked again in SQL).
export const UUID = { type: 'string', format: 'uuid' } as const;
export const POST_BODY = { type: 'string', minLength: 1, maxLength: 4000 } as const;

export function idParams<const K extends string>(...names: K[]) {
  return { type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, UUID])) as Record<K, typeof UUID> } as const;
}

export const NEW_POST = {
  type: 'object',
  additionalProperties: false,
  required: ['body'],
  properties: { body: POST_BODY, threadId: UUID },
} as const;

export interface NewPost {
  body: string;
  threadId?: string;
}

export interface PageQuery {
  limit?: number;
  cursor?: string;
}
