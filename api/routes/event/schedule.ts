// The event itself: record, status, configure (schedule rules in app.configure_event),
// code-host settings and the vote switch.
//   GET /api/v1/event            GET /api/v1/event/status
//   PUT /api/v1/event            PUT /api/v1/event/github      PUT /api/v1/event/vote
import type { FastifyInstance } from 'fastify';
import { createCodeHost } from '../../../core/codehost/index.ts';
import { claimEventGithub } from './github.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent } from '../support.ts';
import type { Answer } from '../../../core/wire/routes.ts';

const INSTANT = { type: 'string', format: 'date-time', maxLength: 40 } as const;

const CONFIGURE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['expectedVersion', 'name', 'timezone', 'startsAt', 'buildEndsAt', 'voteOpensAt', 'voteClosesAt'],
  properties: {
    expectedVersion: { type: 'integer', minimum: 0 },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    timezone: { type: 'string', minLength: 1, maxLength: 100 },
    startsAt: INSTANT,
    buildEndsAt: INSTANT,
    voteOpensAt: INSTANT,
    voteClosesAt: INSTANT,
    reason: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const;

interface ConfigureBody {
  expectedVersion: number;
  name: string;
  timezone: string;
  startsAt: string;
  buildEndsAt: string;
  voteOpensAt: string;
  voteClosesAt: string;
  reason?: string;
}

export function registerScheduleRoutes(app: FastifyInstance, { pool, config }: ApiDeps): void {
  const host = createCodeHost(config, pool);
  app.get('/api/v1/event', { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson<Answer<'GET /api/v1/event'>>(req, pool, 'app.current_event()', []));

  app.get('/api/v1/event/status', { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson<Answer<'GET /api/v1/event/status'>>(req, pool, 'app.event_status()', []));
  // The instance's health for organizers (hackathon tui's Overview): instance-wide figures only.
  app.get('/api/v1/event/health', { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app.event_instance_health()', []));

  app.put<{ Body: ConfigureBody }>('/api/v1/event', { config: { keyScopes: ['hackathon:write'] }, schema: { body: CONFIGURE_SCHEMA } }, async (req, reply) => {
    const b = req.body;
    const r = await idempotent(req, pool, async (c) => {
      const { rows } = await c.query('select app.configure_event($1, $2, $3, $4, $5, $6, $7, $8) as r', [
        b.expectedVersion, b.name, b.timezone, b.startsAt, b.buildEndsAt, b.voteOpensAt, b.voteClosesAt, b.reason ?? null,
      ]);
      return { status: rows[0].r.created ? 201 : 200, body: rows[0].r };
    });
    return reply.status(r.status).send(r.body);
  });

  app.put<{ Body: { organization: string; template: string; branch?: string } }>(
    '/api/v1/event/github',
    {
      config: { keyScopes: ['hackathon:write'] },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['organization', 'template'],
          properties: {
            organization: { type: 'string', minLength: 1, maxLength: 39 },
            template: { type: 'string', minLength: 3, maxLength: 141 },
            branch: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
      },
    },
    async (req) => claimEventGithub(req, pool, host, req.body),
  );

  app.put<{ Body: { on: boolean } }>(
    '/api/v1/event/vote',
    { config: { keyScopes: ['hackathon:write'] }, schema: { body: { type: 'object', additionalProperties: false, required: ['on'], properties: { on: { type: 'boolean' } } } } },
    async (req) => callJson<Answer<'PUT /api/v1/event/vote'>>(req, pool, 'app.set_vote_section($1)', [req.body.on]),
  );
}
