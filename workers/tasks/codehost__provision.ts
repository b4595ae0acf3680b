// Provisioning one event's repositories (admin provision --key): the sample team first and
// read back before the rest, then every team (a few at once on the local host,
// PROVISION_CONCURRENCY): repository copied from the template (kept
// when it exists), members invited at maintain and coaches at read (kept when already
// invited; a member without a code-host username yet is not), standing read back
// live: every member accepted → ready, else invited. A team
// whose step fails is `attention` with the reason; the next run (same key or a new one)
// skips what is done and re-runs invitations and readback; a payload naming one team
// (`projectId`) runs that team's pass only. The rules are SQL's:
// app_private.provision_work refuses a plan with conflicts and orders the teams
// (sample first); app_private.provision_team_done decides readiness from the standings read
// here and whether the run halts (the sample team needs attention). This task only talks to
// the code host. Idempotent throughout, so a
// killed worker's job simply runs again. Nothing is provisioned into an organization or from a
// template another workspace owns (core/codehost/ownership.ts): the job checks before any
// step, and on the local host each team repository is recorded as the event's before it is
// created (one found on disk with no owner is never adopted: that team is attention).
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import { createCodeHost } from '../../core/codehost/index.ts';
import { EventOwnership } from '../../core/codehost/ownership.ts';
import type { CodeHost } from '../../core/codehost/types.ts';
import type { WorkerDeps } from '../deps.ts';


interface Person { email: string; login: string | null }
interface PlanTeam { project: { id: string; name: string }; repository: string; readiness: string; members: Person[] }
/** app_private.provision_work: a plan without conflicts, its teams in the order to run (sample first). */
interface Plan { organization: string; template: string; branch: string; teams: PlanTeam[]; coaches: Person[] }
/** app_private.provision_team_done. */
interface TeamDone { readiness: 'ready' | 'invited' | 'attention'; halt: boolean }

/** One team: claimed, created (recorded `created` at once), invited, read back. Answers the members' standings. */
async function provisionTeam(host: CodeHost, own: EventOwnership, plan: Plan, team: PlanTeam, created: (sha: string) => Promise<unknown>): Promise<{ standings: string[]; templateSha: string | null }> {
  await own.claimRepository(team.repository);
  const made = await host.createFromTemplate(plan.template, team.repository, plan.branch);
  if (made.created || team.readiness === 'planned') await created(made.sha);
  // A member without a username yet is not invited (naming it later invites them):
  // read back as `no_username`, so the team stays invited until they have accepted too.
  const named = team.members.flatMap((m) => (m.login ? [m.login] : []));
  await host.inviteAll(team.repository, [
    ...named.map((login) => ({ login, permission: 'maintain' as const })),
    ...plan.coaches.map((c) => ({ login: c.login!, permission: 'read' as const })),
  ]);
  const standings: string[] = await host.standings(team.repository, named);
  for (const m of team.members) if (!m.login) standings.push('no_username');
  return { standings, templateSha: made.created ? made.sha : null };
}

/**
 * Teams provisioned at once after the sample: the local host's work is a git copy and a few
 * round trips per team, so a handful in flight keeps both cores busy without taking the pool
 * (10 connections shared with the other jobs); GitHub asks integrations for serial writes.
 */
export const PROVISION_CONCURRENCY = { local: 4, github: 1 } as const;

export function codehostProvision({ config, pool }: WorkerDeps): Task<'codehost__provision'> {
  const host = createCodeHost(config, pool);
  return async (raw, helpers) => {
    const payload = parseJob('codehost__provision', raw);
    const plan: Plan = await helpers.withPgClient(async (c) => {
      await c.query('begin');
      try {
        return (await c.query('select app_private.provision_work($1, $2) as p', [payload.eventId, payload.key])).rows[0].p;
      } finally {
        await c.query('rollback'); // the settings were only for reading the plan
      }
    });
    const own = new EventOwnership(pool, host, payload.eventId, true);
    const owned = await own.problems(plan.organization, plan.template);
    if (owned.problems.length) throw new Error(`codehost__provision: ${owned.problems.join('; ')}`);
    const tally: Record<string, number> = { ready: 0, invited: 0, attention: 0 };
    const one = async (team: PlanTeam) => {
      let result: { standings: string[]; templateSha: string | null; attention: string | null };
      try {
        const created = (sha: string) => helpers.withPgClient((c) => c.query('select app_private.set_repository_readiness($1, $2, $3, $4, $5)',
          [team.project.id, team.repository, 'created', sha, null]));
        result = { ...(await provisionTeam(host, own, plan, team, created)), attention: null };
      } catch (err) {
        result = { standings: [], templateSha: null, attention: (err as Error).message.slice(0, 500) };
      }
      const done: TeamDone = await helpers.withPgClient(async (c) => (await c.query('select app_private.provision_team_done($1, $2, $3, $4, $5, $6, $7) as r',
        [payload.eventId, payload.key, team.project.id, team.repository, result.standings, result.templateSha, result.attention])).rows[0].r);
      tally[done.readiness] = (tally[done.readiness] ?? 0) + 1;
      if (done.halt) throw new Error(`codehost__provision: the sample team ${team.project.name} failed (${result.attention}); the rest waits`);
    };
    // One team's pass again (a participant named their username): that team only; the
    // run's summary is the whole run's, so it is left as it is. A team gone from the plan: nothing.
    if (payload.projectId) {
      const team = plan.teams.find((x) => x.project.id === payload.projectId);
      if (team) await one(team);
      return;
    }
    // The sample (first in the plan) alone and read back before the rest; then the rest,
    // a few at a time. A halt stops new teams; those in flight finish (each step is idempotent).
    const [first, ...rest] = plan.teams;
    if (first) await one(first);
    let next = 0;
    let halted: Error | null = null;
    await Promise.all(Array.from({ length: Math.min(PROVISION_CONCURRENCY[host.kind], rest.length) }, async () => {
      while (!halted && next < rest.length) {
        const team = rest[next++]!;
        await one(team).catch((err: Error) => { halted ??= err; });
      }
    }));
    if (halted) throw halted;
    await helpers.withPgClient((c) => c.query('select app_private.finish_provision($1, $2, $3)', [payload.eventId, payload.key, JSON.stringify(tally)]));
  };
}
