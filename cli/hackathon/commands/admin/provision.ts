// `admin provision --dry-run` prints the plan (organization, template revision, sample team,
// one repository per team with members at maintain, coaches once with their usernames,
// conflicts). `admin provision --key <key> [--sample <projectId>]` starts or resumes the run
// (a worker job) and follows it until done, then prints each team's readiness. A plan with
// conflicts is refused plan_conflicts, every conflict listed. `--watch` shows the run's
// progress on stderr while it is followed and exits 1 when a team ends needing attention.
import type { ProvisionRun } from '../../../../core/wire/submissions.ts';
import { exactlyOne } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { table } from '../../../lib/table.ts';
import { WireError } from '../../../../client/errors.ts';
import { command } from '../../command.ts';
import { pollUntilDone, progressLine, WATCH_EXIT } from '../../watch.ts';
import { UUID_RE as UUID } from '../../../../core/ids.ts';

const who = (p: { email: string; login: string | null }) => `${p.login ?? '(no username)'} <${p.email}>`;

export const adminProvision = command({
  path: 'admin provision',
  summary: 'Plan or create the team repositories on the code host (organizer)',
  usage: 'Usage: hackathon admin provision --dry-run | --key <key> [--sample <projectId>] [--timeout <s>] [--watch]',
  flags: { dryRun: { type: 'boolean' }, key: { type: 'string' }, sample: { type: 'string' }, timeout: { type: 'number' }, watch: { type: 'boolean' } },
  async run(opts, ctx) {
    const mode = exactlyOne({ dryRun: opts.dryRun, key: opts.key }, ['dryRun', 'key'], 'plan or run');
    const sample = opts.sample;
    if (sample !== undefined && (mode !== 'key' || !UUID.test(sample))) throw new CliError('--sample takes a project id, with --key', EXIT.rejected, 'invalid_input');
    if (opts.watch && mode !== 'key') throw new CliError('--watch follows a run: use it with --key', EXIT.rejected, 'invalid_input');
    const client = await ctx.client();
    if (mode === 'dryRun') {
      const plan = await client.call('GET /api/v1/admin/provision/plan');
      if (ctx.json) return ctx.printJson(plan);
      ctx.out(`Organization: ${plan.organization ?? '-'}`);
      ctx.out(`Template: ${plan.template ?? '-'} branch ${plan.branch} at ${plan.templateRevision ?? '(not found)'}`);
      ctx.out(`Sample team: ${plan.sample ? plan.sample.name : '-'}`);
      ctx.out(`Repositories (${plan.teams.length}):`);
      for (const t of plan.teams) {
        ctx.out(`  ${t.repository}  ${t.project.name}  (${t.readiness})`);
        for (const m of t.members) ctx.out(`    maintain  ${who(m)}`);
      }
      ctx.out(`Coaches at read on every repository (${plan.coaches.length}):`);
      for (const c of plan.coaches) ctx.out(`  ${who(c)}`);
      for (const n of plan.notes ?? []) ctx.out(`Note: ${n}`);
      ctx.out(`Conflicts: ${plan.conflicts.length}`);
      for (const c of plan.conflicts) ctx.out(`  ${c}`);
      return;
    }
    const key = opts.key ?? ''; // given: mode is 'key'
    try {
      await client.call('POST /api/v1/admin/provision', { body: sample ? { key, sample } : { key } });
    } catch (err) {
      if (err instanceof WireError && err.code === 'plan_conflicts') {
        const conflicts = (err.details.conflicts as string[] | undefined) ?? [];
        throw new WireError(err.status, 'plan_conflicts', [err.message, ...conflicts.map((c) => `  ${c}`)].join('\n'), err.details);
      }
      throw err;
    }
    const timeoutS = opts.timeout ?? 600;
    const run = await pollUntilDone({
      read: () => client.call('GET /api/v1/admin/provision/runs/:key', { params: { key: encodeURIComponent(key) } }),
      line: progressOf,
      finished: (r) => r.state !== 'running',
      progress: progressLine(ctx.io.stderr, opts.watch === true && !ctx.json),
      intervalMs: 500,
      timeoutMs: timeoutS * 1000,
      timeoutMessage: `Provisioning ${key} is still running after ${timeoutS} s; run the same command again to follow it`,
    });
    const outcome = run.state === 'done' && run.summary.attention === 0 ? WATCH_EXIT.ok : WATCH_EXIT.failed;
    if (ctx.json) ctx.printJson(run);
    else {
      if (run.state === 'done') ctx.done(`Provisioned (${key}): ${run.summary.ready} ready, ${run.summary.invited} invited, ${run.summary.attention} attention`);
      else ctx.out(`Provisioning ${key} ${run.state}`);
      for (const line of table(['READINESS', 'REPOSITORY', 'TEAM', 'ATTENTION'], run.teams.map((t) => [ctx.paint.state(t.readiness), t.repository, t.project.name, t.attention ?? '']), { indent: '  ', paint: ctx.paint })) ctx.out(line);
    }
    // Without --watch the exit code stays what it always was (0 once the run is done).
    return opts.watch || run.state !== 'done' ? outcome : EXIT.ok;
  },
});

/** The progress line of a provisioning run: its state and how many teams stand where. */
function progressOf(r: ProvisionRun): string {
  const by = new Map<string, number>();
  for (const t of r.teams) by.set(t.readiness, (by.get(t.readiness) ?? 0) + 1);
  const counts = [...by].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${n} ${k}`).join(', ');
  return `Provisioning ${r.key} ${r.state}: ${r.teams.length} team${r.teams.length === 1 ? '' : 's'}${counts ? ` (${counts})` : ''}`;
}
