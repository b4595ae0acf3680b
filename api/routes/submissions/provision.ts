// Provisioning and the code-host check (organizer): the plan with its conflicts (the
// template revision read live), starting or resuming a run by key, a run's state, and
// event github-check. The work itself is the codehost__provision job.
import type { FastifyInstance } from 'fastify';
import { codeHostProblems } from '../../../core/codehost/check.ts';
import { EventOwnership } from '../../../core/codehost/ownership.ts';
import type { CodeHost } from '../../../core/codehost/types.ts';
import type { AccessRevocation } from '../../../core/wire/event.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { asCaller, callJson } from '../support.ts';
import { UUID_SCHEMA } from '../../../core/ids.ts';

/**
 * The plan (app.provision_plan) and the code host read live for this event: whose the
 * organization and template are (`hold`: a GitHub installation nobody verified yet becomes
 * this event's, when provisioning starts), the app, the template's branch.
 */
async function readPlan(req: Parameters<typeof callJson>[0], deps: ApiDeps, host: CodeHost, hold: boolean) {
  const { plan, eventId } = await asCaller(req, deps.pool, async (c) => ({
    plan: (await c.query('select app.provision_plan() as r')).rows[0].r,
    eventId: (await c.query('select e.id from app.events e where e.workspace_id = app.current_workspace_id()')).rows[0].id as string,
  }));
  const live = await codeHostProblems(host, plan.organization, plan.template, plan.branch, {
    ownership: new EventOwnership(deps.pool, host, eventId, hold),
    pushUrl: host.kind === 'local' && plan.template ? `${deps.config.publicUrl}/git/${plan.template}.git` : undefined,
  });
  return { plan, live };
}

/** The plan as the dry run and github-check answer it: the live problems are conflicts too. */
async function livePlan(req: Parameters<typeof callJson>[0], deps: ApiDeps, host: CodeHost) {
  const { plan, live } = await readPlan(req, deps, host, false);
  return { ...plan, conflicts: [...plan.conflicts, ...live.problems], templateRevision: live.templateRevision, templatePushUrl: live.templatePushUrl };
}

export function registerProvisionRoutes(app: FastifyInstance, deps: ApiDeps, host: CodeHost): void {
  app.get('/api/v1/admin/provision/plan', { config: { keyScopes: ['hackathon:read'] } }, async (req) => livePlan(req, deps, host));

  app.post('/api/v1/admin/provision', {
      config: { keyScopes: ['hackathon:write'] },
    schema: {
      body: {
        type: 'object', additionalProperties: false, required: ['key'],
        properties: {
          key: { type: 'string', minLength: 1, maxLength: 200 },
          sample: UUID_SCHEMA,
        },
      },
    },
  }, async (req, reply) => {
    const b = req.body as { key: string; sample?: string };
    // SQL refuses plan_conflicts over the plan's conflicts and these live problems together.
    const { live } = await readPlan(req, deps, host, true);
    return reply.status(202).send(await callJson(req, deps.pool, 'app_private.start_provision($1, $2, $3)', [b.key, b.sample ?? null, JSON.stringify(live.problems)]));
  });

  app.get('/api/v1/admin/provision/runs/:key', { config: { keyScopes: ['hackathon:read'] } }, async (req) => {
    const run = await callJson(req, deps.pool, 'app.provision_run($1)', [(req.params as { key: string }).key]);
    if (!run) throw new AppError('not_found', 'No provisioning run with that key');
    return run;
  });

  // event github-check: the organization and template read live; ok false when provisioning cannot run.
  // Removed people still holding access (a revocation not done yet) are problems too.
  app.get('/api/v1/event/github-check', { config: { keyScopes: ['hackathon:read'] } }, async (req) => {
    const plan = await livePlan(req, deps, host);
    const eventId = await asCaller(req, deps.pool, async (c) => (await c.query('select e.id from app.events e where e.workspace_id = app.current_workspace_id()')).rows[0].id as string);
    const revocations: AccessRevocation[] = (await deps.pool.query('select app_private.pending_access_revocations($1) as r', [eventId])).rows[0].r;
    const held = revocations.map((v) => `${v.email} (${v.login}) was removed from the roster but still holds ${v.repository}: revocation pending since ${v.requestedAt}`
      + (v.lastError ? ` (${v.attempts} attempt(s), last error: ${v.lastError})` : ''));
    const problems = [...plan.conflicts, ...held];
    return { ok: problems.length === 0, codeHost: host.kind, organization: plan.organization, template: plan.template,
      branch: plan.branch, templateRevision: plan.templateRevision, templatePushUrl: plan.templatePushUrl, problems, notes: plan.notes, revocations };
  });
}
