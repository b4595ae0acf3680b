// Jury judging (/api/v1/event/jury/...): thin handlers over the app.* functions of
// sql/functions/app/*jury*.sql (docs/JUDGING.md, docs/WIRE.md "Jury").
//   GET    /                               jury status (window; organizers: progress counts)
//   GET    /criteria                       jury criteria show
//   PUT    /criteria                       jury criteria set (body: the criteria file)
//   GET    /conflicts                      jury conflicts show (organizer)
//   POST   /conflicts                      jury conflicts add { juror, team, reason? }
//   DELETE /conflicts?juror&team           jury conflicts remove
//   POST   /plan                           jury assign { perTeam?, seed? }
//   GET    /assignments                    jury assignments show (organizer)
//   POST   /assignments                    jury assignments add { juror, team }
//   DELETE /assignments?juror&team         jury assignments remove
//   POST   /open, /close                   jury open | close
//   GET    /progress                       counts per team and per juror (organizer)
//   GET    /scores                         jury scores (the caller's own; jurors)
//   PUT    /scores/:team/draft             jury score (draft)
//   POST   /scores/:team/submission        jury score --submit (Idempotency-Key honoured)
//   GET    /results                        jury results (versions)
//   POST   /results                        jury results calculate { method? }
//   PUT    /results/:version/release       jury results release
//   GET    /results/:version/scores        jury results export (?identities=true: organizers)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, strictTypes } from '../support.ts';

const INT4_MAX = 2_147_483_647;
const JUROR = { type: 'string', minLength: 1, maxLength: 320 } as const;
const TEAM = { type: 'string', minLength: 1, maxLength: 100 } as const;
const PAIR = { type: 'object', additionalProperties: false, required: ['juror', 'team'], properties: { juror: JUROR, team: TEAM } } as const;
const CONFLICT = { type: 'object', additionalProperties: false, required: ['juror', 'team'], properties: { juror: JUROR, team: TEAM, reason: { type: 'string', minLength: 1, maxLength: 500 } } } as const;
const PAIR_QUERY = { type: 'object', required: ['juror', 'team'], properties: { juror: JUROR, team: TEAM } } as const;
const PLAN = { type: 'object', additionalProperties: false, properties: { perTeam: { type: 'integer', minimum: 1, maximum: 100 }, seed: { type: 'integer', minimum: 0, maximum: INT4_MAX } } } as const;
const SCORE = {
  type: 'object',
  additionalProperties: false,
  required: ['scores', 'expectedRevision'],
  properties: {
    scores: { type: 'object', maxProperties: 20, additionalProperties: { type: 'integer', minimum: 0, maximum: 100 } },
    note: { type: 'string', maxLength: 4000 },
    expectedRevision: { type: 'integer', minimum: 0, maximum: INT4_MAX },
  },
} as const;
const CALCULATE = { type: 'object', additionalProperties: false, properties: { method: { type: 'string', enum: ['mean', 'rank'] } } } as const;
const TEAM_PARAM = { type: 'object', required: ['team'], properties: { team: TEAM } } as const;

/** A version in the path: a whole number within int4 (else invalid_input, before any SQL). */
/** Score values as JSON numbers only: the body schema's coercion would turn "4" into 4. */
const scoreTypes = (schema: Parameters<typeof strictTypes>[0]) => {
  const strict = strictTypes(schema);
  return async (req: FastifyRequest) => {
    await strict(req);
    const scores = (req.body as { scores?: unknown } | null)?.scores;
    if (scores !== null && typeof scores === 'object' && !Array.isArray(scores)) {
      for (const [k, v] of Object.entries(scores)) {
        if (typeof v !== 'number' || !Number.isInteger(v)) throw new AppError('invalid_input', `scores.${k} must be a whole number`, { field: `scores.${k}` });
      }
    }
  };
};

function versionParam(req: FastifyRequest): number {
  const raw = (req.params as { version: string }).version;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT4_MAX) {
    throw new AppError('invalid_input', `version must be a whole number from 1 to ${INT4_MAX}`, { field: 'version' });
  }
  return Number(raw);
}

export function registerJuryRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  const base = '/api/v1/event/jury';
  const read = { keyScopes: ['hackathon:read'] };
  const write = { keyScopes: ['hackathon:write'] };

  app.get(base, { config: read }, async (req) => callJson(req, pool, 'app.jury_status()', []));

  app.get(`${base}/criteria`, { config: read }, async (req) => callJson(req, pool, 'app.show_jury_criteria()', []));
  // The file is checked in SQL (invalid_criteria names the field): any JSON list or object.
  app.put(`${base}/criteria`, { config: write }, async (req) =>
    callJson(req, pool, 'app.set_jury_criteria($1)', [JSON.stringify(req.body ?? null)]));

  app.get(`${base}/conflicts`, { config: read }, async (req) => callJson(req, pool, 'app.list_jury_conflicts()', []));
  app.post(`${base}/conflicts`, { config: write, schema: { body: CONFLICT }, preValidation: strictTypes(CONFLICT) }, async (req) => {
    const b = req.body as { juror: string; team: string; reason?: string };
    return callJson(req, pool, 'app.add_jury_conflict($1, $2, $3)', [b.juror, b.team, b.reason ?? null]);
  });
  app.delete(`${base}/conflicts`, { config: write, schema: { querystring: PAIR_QUERY } }, async (req) => {
    const q = req.query as { juror: string; team: string };
    return callJson(req, pool, 'app.remove_jury_conflict($1, $2)', [q.juror, q.team]);
  });

  app.post(`${base}/plan`, { config: write, schema: { body: PLAN }, preValidation: strictTypes(PLAN) }, async (req) => {
    const b = (req.body ?? {}) as { perTeam?: number; seed?: number };
    return callJson(req, pool, 'app.assign_jury($1, $2)', [b.perTeam ?? 3, b.seed ?? 0]);
  });
  app.get(`${base}/assignments`, { config: read }, async (req) => callJson(req, pool, 'app.list_jury_assignments()', []));
  app.post(`${base}/assignments`, { config: write, schema: { body: PAIR }, preValidation: strictTypes(PAIR) }, async (req) => {
    const b = req.body as { juror: string; team: string };
    return callJson(req, pool, 'app.add_jury_assignment($1, $2)', [b.juror, b.team]);
  });
  app.delete(`${base}/assignments`, { config: write, schema: { querystring: PAIR_QUERY } }, async (req) => {
    const q = req.query as { juror: string; team: string };
    return callJson(req, pool, 'app.remove_jury_assignment($1, $2)', [q.juror, q.team]);
  });

  app.post(`${base}/open`, { config: write }, async (req) => callJson(req, pool, 'app.open_jury()', []));
  app.post(`${base}/close`, { config: write }, async (req) => callJson(req, pool, 'app.close_jury()', []));
  app.get(`${base}/progress`, { config: read }, async (req) => callJson(req, pool, 'app.jury_progress()', []));

  app.get(`${base}/scores`, { config: read }, async (req) => callJson(req, pool, 'app.my_jury_scores()', []));
  const scoreArgs = (req: FastifyRequest) => {
    const b = req.body as { scores: Record<string, number>; note?: string; expectedRevision: number };
    return [(req.params as { team: string }).team, JSON.stringify(b.scores), b.note ?? null, b.expectedRevision];
  };
  app.put(`${base}/scores/:team/draft`, { config: write, schema: { params: TEAM_PARAM, body: SCORE }, preValidation: scoreTypes(SCORE) }, async (req) =>
    callJson(req, pool, 'app.save_jury_score($1, $2, $3, $4)', scoreArgs(req)));
  app.post(`${base}/scores/:team/submission`, { config: write, schema: { params: TEAM_PARAM, body: SCORE }, preValidation: scoreTypes(SCORE) }, async (req, reply) => {
    const r = await idempotent(req, pool, async (c) => {
      const body = (await c.query('select app.submit_jury_score($1, $2, $3, $4) as r', scoreArgs(req))).rows[0].r;
      return { status: 200, body };
    });
    if (r.replayed) reply.header('idempotency-replayed', 'true');
    return reply.code(r.status).send(r.body);
  });

  app.get(`${base}/results`, { config: read }, async (req) => callJson(req, pool, 'app.list_jury_results()', []));
  app.post(`${base}/results`, { config: write, schema: { body: CALCULATE }, preValidation: strictTypes(CALCULATE) }, async (req, reply) => {
    const r = await callJson<{ created: boolean }>(req, pool, 'app.calculate_jury_results($1)', [(req.body as { method?: string } | undefined)?.method ?? 'mean']);
    return reply.code(r.created ? 201 : 200).send(r);
  });
  app.put(`${base}/results/:version/release`, { config: write }, async (req) => callJson(req, pool, 'app.release_jury_results($1)', [versionParam(req)]));
  app.get(`${base}/results/:version/scores`, { config: read, schema: { querystring: { type: 'object', properties: { identities: { type: 'boolean' } } } } }, async (req) =>
    callJson(req, pool, 'app.jury_results_export($1, $2)', [versionParam(req), (req.query as { identities?: boolean }).identities === true]));
}
