// Test mode only (PODIUM_TEST_MODE=1): moves the one server clock, never by sleeping.
// Not registered at all otherwise.
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../deps.ts';

// Within a century either way: beyond that app.now() itself would overflow.
const CENTURY = 100 * 366 * 86_400;

export function registerTestRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  app.put<{ Body: { offsetSeconds: number } }>(
    '/api/v1/test/clock',
    {
      config: { auth: 'public' },
      schema: { body: { type: 'object', required: ['offsetSeconds'], additionalProperties: false, properties: { offsetSeconds: { type: 'number', minimum: -CENTURY, maximum: CENTURY } } } },
    },
    async (req) => {
      await pool.query('update app_private.clock set offset_seconds = $1', [req.body.offsetSeconds]);
      const { rows } = await pool.query('select app.now() as now');
      return { offsetSeconds: req.body.offsetSeconds, serverTime: rows[0].now };
    },
  );
}
