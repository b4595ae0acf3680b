// A route's validation from the wire registry (core/wire/routes.ts): the zod schema of its body
// as the JSON schema fastify validates with, so the refusal of a bad body keeps the wording and
// the `invalid_input` code every route answers (api/errors.ts reads the validator's errors).
// A uuid is written as the `uuid` format (the validator's own check), not zod's pattern.
import * as z from 'zod';
import { ROUTES, type RouteKey } from '../../core/wire/routes.ts';

export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    override: (ctx) => {
      const def = (ctx.zodSchema as { _zod?: { def?: { format?: string } } })._zod?.def;
      if (def?.format === 'uuid') delete ctx.jsonSchema.pattern;
    },
  }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/** The body schema of a registered route, for its fastify `schema.body`. */
export function routeBody(route: RouteKey): Record<string, unknown> {
  const body = (ROUTES[route] as { body?: z.ZodType }).body;
  if (!body) throw new Error(`${route}: the wire registry has no body schema`);
  return jsonSchemaOf(body);
}
