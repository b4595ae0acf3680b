// Provisioning one event's repositories (admin provision --key): the sample team first and
// read back before the rest, then every team: repository copied from the template (kept
// when it exists), members invited at maintain and coaches at read (kept when already
// invited), standing read back live: every member accepted → ready, else invited. A team
// whose step fails is `attention` with the reason; the next run (same key or a new one)
// skips what is done and re-runs invitations and readback. Idempotent throughout, so a
// killed worker's job simply runs again. Nothing is provisioned into an organization or from a
// template another workspace owns (core/codehost/ownership.ts): the job checks before any
// step, and on the local host each team repository is recorded as the event's before it is
// created (one found on disk with no owner is never adopted: that team is attention).
import type { Task } from 'graphile-worker';
import { createCodeHost } from '../../core/codehost/index.ts';
import { EventOwnership } from '../../core/codehost/ownership.ts';
import type { CodeHost } from '../../core/codehost/types.ts';
import type { WorkerDeps } from '../index.ts';

interface ProvisionPayload {
  eventId: string;
  key: string;
}

interface Person { email: string; login: string | null }
interface PlanTeam { project: { id: string; name: string }; repository: string; readiness: string; members: Person[] }
interface Plan { organization: string; template: string; branch: string; teams: PlanTeam[]; coaches: Person[]; conflicts: string[]; sampleProjectId: string | null }

function isProvision(p: unknown): p is ProvisionPayload {
  const x = p as ProvisionPayload;
  return typeof x?.eventId === 'string' && /^[0-9a-f-]{36}$/.test(x.eventId) && typeof x.key === 'string' && x.key.length > 0;
}

/** One team: claimed, created (recorded `created` at once), invited, read back. Answers its readiness. */
async function provisionTeam(host: CodeHost, own: EventOwnership, plan: Plan, team: PlanTeam, created: (sha: string) => Promise<unknown>): Promise<{ readiness: string; templateSha: string | null }> {
  await own.claimRepository(team.repository);
  const made = await host.createFromTemplate(plan.template, team.repository, plan.branch);
  if (made.created || team.readiness === 'planned') await created(made.sha);
  for (const m of team.members) await host.invite(team.repository, m.login!, 'maintain');
  for (const c of plan.coaches) await host.invite(team.repository, c.login!, 'read');
  const standings = await Promise.all(team.members.map((m) => host.standing(team.repository, m.login!)));
  return { readiness: standings.every((s) => s === 'member') ? 'ready' : 'invited', templateSha: made.created ? made.sha : null };
}

export function codehostProvision({ config, pool }: WorkerDeps): Task {
  const host = createCodeHost(config, pool);
  return async (payload, helpers) => {
    if (!isProvision(payload)) throw new Error('codehost__provision: malformed payload');
    const plan: Plan = await helpers.withPgClient(async (c) => {
      await c.query('begin');
      try {
        return (await c.query('select app_private.provision_work($1, $2) as p', [payload.eventId, payload.key])).rows[0].p;
      } finally {
        await c.query('rollback'); // the settings were only for reading the plan
      }
    });
    if (plan.conflicts.length) throw new Error(`codehost__provision: the plan has conflicts: ${plan.conflicts.join('; ')}`);
    const own = new EventOwnership(pool, host, payload.eventId, true);
    const owned = await own.problems(plan.organization, plan.template);
    if (owned.problems.length) throw new Error(`codehost__provision: ${owned.problems.join('; ')}`);
    const order = [...plan.teams].sort((a, b) => Number(b.project.id === plan.sampleProjectId) - Number(a.project.id === plan.sampleProjectId));
    const tally: Record<string, number> = { ready: 0, invited: 0, attention: 0 };
    for (const team of order) {
      let result: { readiness: string; templateSha: string | null; attention: string | null };
      try {
        const created = (sha: string) => helpers.withPgClient((c) => c.query('select app_private.set_repository_readiness($1, $2, $3, $4, $5)',
          [team.project.id, team.repository, 'created', sha, null]));
        result = { ...(await provisionTeam(host, own, plan, team, created)), attention: null };
      } catch (err) {
        result = { readiness: 'attention', templateSha: null, attention: (err as Error).message.slice(0, 500) };
      }
      await helpers.withPgClient((c) => c.query('select app_private.set_repository_readiness($1, $2, $3, $4, $5)',
        [team.project.id, team.repository, result.readiness, result.templateSha, result.attention]));
      tally[result.readiness] = (tally[result.readiness] ?? 0) + 1;
      if (team.project.id === plan.sampleProjectId && result.readiness === 'attention') {
        throw new Error(`codehost__provision: the sample team ${team.project.name} failed (${result.attention}); the rest waits`);
      }
    }
    await helpers.withPgClient((c) => c.query('select app_private.finish_provision($1, $2, $3)', [payload.eventId, payload.key, JSON.stringify(tally)]));
  };
}
