// The strict JSON-type check of api/routes/support.ts (zod, no coercion) that a few routes run
// before their schema's coercing validation: the first mistyped value as written is named, with
// its dotted path as the field; every other rule is left to the route schema.
import test from 'ava';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '../../api/errors.ts';
import { strictTypes } from '../../api/routes/support.ts';

const hook = strictTypes({
  type: 'object',
  properties: {
    ranking: { type: 'array', items: { type: 'string' } },
    revision: { type: 'integer' },
    share: { type: 'number' },
    open: { type: 'boolean' },
    file: { type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } },
  },
});

/** The answer's error (code, message, field) for that body, or null when it passes. */
async function refusal(body: unknown): Promise<Record<string, unknown> | null> {
  try {
    await hook({ body } as FastifyRequest);
    return null;
  } catch (err) {
    return (err as AppError).toJSON().error;
  }
}

test('each JSON type, nested paths, the first as written; what is well typed passes', async (t) => {
  t.is(await refusal({ ranking: ['a'], revision: 3, share: 0.5, open: true, file: { rows: [{ id: 'x', extra: 1 }] }, other: 'anything' }), null);
  t.is(await refusal(undefined), null);
  t.is(await refusal({ revision: 1e20 }), null, 'a whole number however large: bounds are the route schema\'s');
  t.like(await refusal({ revision: '3' }), { code: 'invalid_input', message: 'revision must be a whole number', field: 'revision' });
  t.like(await refusal({ revision: 0.5 }), { message: 'revision must be a whole number', field: 'revision' });
  t.like(await refusal({ share: '1' }), { message: 'share must be a number', field: 'share' });
  t.like(await refusal({ open: 'true' }), { message: 'open must be a boolean', field: 'open' });
  t.like(await refusal({ ranking: 'a' }), { message: 'ranking must be an array', field: 'ranking' });
  t.like(await refusal({ ranking: ['a', 2] }), { message: 'ranking.1 must be a string', field: 'ranking.1' });
  t.like(await refusal({ file: { rows: [{ id: 'x' }, { id: 7 }] } }), { message: 'file.rows.1.id must be a string', field: 'file.rows.1.id' });
  t.like(await refusal({ file: null }), { message: 'file must be an object', field: 'file' });
  t.like(await refusal([1]), { message: 'the body must be an object', field: 'body' });
  t.like(await refusal({ open: 1, revision: 'x' }), { field: 'open' }, 'the first as written, not as the schema lists them');
  t.like(await refusal({ revision: 'x', open: 1 }), { field: 'revision' });
});
