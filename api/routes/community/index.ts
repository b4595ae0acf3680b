// The community vote (/api/v1/community/...): thin handlers over the app.* functions of
// sql/functions/app/ (the community_* and vote functions; docs/VOTING.md, docs/WIRE.md
// "Community vote").
//   GET  /status                         community status
//   GET  /eligibility                    eligibility show (the locked version or the draft)
//   PUT  /eligibility/lock               eligibility lock (body: the eligibility file)
//   DELETE /eligibility/lock             eligibility unlock
//   POST /voting/open, /voting/close     voting open | close
//   GET  /ballot                         ballot show
//   PUT  /ballot/draft                   ballot save
//   POST /ballot/submission              ballot submit (Idempotency-Key honoured)
//   GET  /ballots                        ballots list (audited; no ranking)
//   GET  /ballots/reads                  who read the ballot list (owners and admins)
//   POST /ballots/:ballotId/invalidate   ballots invalidate
//   GET  /results                        results show
//   POST /results                        results calculate
//   PUT  /results/:version/release       results release
//   GET  /results/:version/ballots       the counted ballots of a version, for podium vote recount
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent, strictTypes } from '../support.ts';
import { UUID_PATTERN } from '../../../core/ids.ts';

const INT4_MAX = 2_147_483_647;

const REASON = { type: 'string', minLength: 1, maxLength: 500 } as const;
const ELIGIBILITY_FILE = {
  type: 'object',
  additionalProperties: false,
  properties: {
    excludedProjects: {
      type: 'array', maxItems: 10_000,
      items: { type: 'object', additionalProperties: false, required: ['projectId', 'reason'], properties: { projectId: { type: 'string', maxLength: 100 }, reason: REASON } },
    },
    excludedVoters: {
      type: 'array', maxItems: 10_000,
      items: { type: 'object', additionalProperties: false, required: ['email', 'reason'], properties: { email: { type: 'string', maxLength: 320 }, reason: REASON } },
    },
    confirmedProjects: { type: 'array', maxItems: 10_000, items: { type: 'string', maxLength: 100 } },
  },
} as const;

const INVALIDATE = { type: 'object', additionalProperties: false, required: ['reason'], properties: { reason: REASON } } as const;

const BALLOT_WRITE = {
  type: 'object',
  additionalProperties: false,
  required: ['ranking', 'eligibilityVersion', 'expectedRevision'],
  properties: {
    ranking: { type: 'array', maxItems: 10_000, items: { type: 'string', maxLength: 100 } },
    eligibilityVersion: { type: 'integer', minimum: 1 },
    expectedRevision: { type: 'integer', minimum: 0 },
  },
} as const;

/** A version in the path: a whole number within int4 (else invalid_input, before any SQL). */
function versionParam(req: FastifyRequest): number {
  const raw = (req.params as { version: string }).version;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT4_MAX) {
    throw new AppError('invalid_input', `version must be a whole number from 1 to ${INT4_MAX}`, { field: 'version' });
  }
  return Number(raw);
}

export function registerCommunityRoutes(app: FastifyInstance, { pool }: ApiDeps): void {
  const base = '/api/v1/community';

  app.get(`${base}/status`, { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app.community_status()', []));

  app.get(`${base}/eligibility`, { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app.community_eligibility()', []));
  app.put(`${base}/eligibility/lock`, { config: { keyScopes: ['hackathon:write'] }, schema: { body: ELIGIBILITY_FILE }, preValidation: strictTypes(ELIGIBILITY_FILE) }, async (req) =>
    callJson(req, pool, 'app.lock_vote_eligibility($1)', [JSON.stringify(req.body ?? {})]));
  app.delete(`${base}/eligibility/lock`, { config: { keyScopes: ['hackathon:write'] } }, async (req) => callJson(req, pool, 'app.unlock_vote_eligibility()', []));

  app.post(`${base}/voting/open`, { config: { keyScopes: ['hackathon:write'] } }, async (req) => callJson(req, pool, 'app.open_voting()', []));
  app.post(`${base}/voting/close`, { config: { keyScopes: ['hackathon:write'] } }, async (req) => callJson(req, pool, 'app.close_voting()', []));

  app.get(`${base}/ballot`, { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app.community_ballot()', []));
  const ballotArgs = (req: FastifyRequest) => {
    const b = req.body as { ranking: string[]; eligibilityVersion: number; expectedRevision: number };
    return [b.ranking, b.eligibilityVersion, b.expectedRevision];
  };
  app.put(`${base}/ballot/draft`, { config: { keyScopes: ['hackathon:write'] }, schema: { body: BALLOT_WRITE }, preValidation: strictTypes(BALLOT_WRITE) }, async (req) =>
    callJson(req, pool, 'app.save_vote_ballot($1, $2, $3)', ballotArgs(req)));
  app.post(`${base}/ballot/submission`, { config: { keyScopes: ['hackathon:write'] }, schema: { body: BALLOT_WRITE }, preValidation: strictTypes(BALLOT_WRITE) }, async (req, reply) => {
    const r = await idempotent(req, pool, async (c) => {
      const body = (await c.query('select app.submit_vote_ballot($1, $2, $3) as r', ballotArgs(req))).rows[0].r;
      return { status: 200, body };
    });
    if (r.replayed) reply.header('idempotency-replayed', 'true');
    return reply.code(r.status).send(r.body);
  });

  // The list is read through app_private (not on GraphQL): every read is audited there.
  app.get(`${base}/ballots`, { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app_private.community_ballots()', []));
  app.get(`${base}/ballots/reads`, { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app.community_ballot_reads()', []));
  app.post(`${base}/ballots/:ballotId/invalidate`, {
      config: { keyScopes: ['hackathon:write'] },
    schema: {
      params: { type: 'object', required: ['ballotId'], properties: { ballotId: { type: 'string', pattern: UUID_PATTERN } } },
      body: INVALIDATE,
    },
    preValidation: strictTypes(INVALIDATE),
  }, async (req) => callJson(req, pool, 'app.invalidate_vote_ballot($1, $2)', [(req.params as { ballotId: string }).ballotId, (req.body as { reason: string }).reason]));

  app.get(`${base}/results`, { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app.community_results()', []));
  app.post(`${base}/results`, { config: { keyScopes: ['hackathon:write'] } }, async (req, reply) => {
    const r = await callJson<{ created: boolean }>(req, pool, 'app.calculate_vote_results()', []);
    return reply.code(r.created ? 201 : 200).send(r);
  });
  app.put(`${base}/results/:version/release`, { config: { keyScopes: ['hackathon:write'] } }, async (req) => callJson(req, pool, 'app.release_vote_results($1)', [versionParam(req)]));
  app.get(`${base}/results/:version/ballots`, { config: { keyScopes: ['hackathon:read'] } }, async (req) => callJson(req, pool, 'app.community_results_export($1)', [versionParam(req)]));
}
