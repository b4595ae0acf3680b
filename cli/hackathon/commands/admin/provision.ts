// `admin provision --dry-run` prints the plan (organization, template revision, sample team,
// one repository per team with members at maintain, coaches once with their usernames,
// conflicts). `admin provision --key <key> [--sample <projectId>]` starts or resumes the run
// (a worker job) and follows it until done, then prints each team's readiness. A plan with
// conflicts is refused plan_conflicts, every conflict listed.
import type { ProvisionPlan, ProvisionRun, ProvisionStarted } from '../../../../core/wire/submissions.ts';
import { exactlyOne } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { table } from '../../../lib/table.ts';
import { WireError } from '../../../lib/wire.ts';
import { command } from '../../command.ts';

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const who = (p: { email: string; login: string | null }) => `${p.login ?? '(no username)'} <${p.email}>`;

export const adminProvision = command({
  path: 'admin provision',
  summary: 'Plan or create the team repositories on the code host (organizer)',
  usage: 'Usage: hackathon admin provision --dry-run | --key <key> [--sample <projectId>] [--timeout <s>]',
  flags: { dryRun: { type: 'boolean' }, key: { type: 'string' }, sample: { type: 'string' }, timeout: { type: 'number' } },
  async run(opts, ctx) {
    const mode = exactlyOne({ dryRun: opts.dryRun, key: opts.key }, ['dryRun', 'key'], 'plan or run');
    const sample = opts.sample;
    if (sample !== undefined && (mode !== 'key' || !UUID.test(sample))) throw new CliError('--sample takes a project id, with --key', EXIT.rejected);
    const client = await ctx.client();
    if (mode === 'dryRun') {
      const plan = await client.request<ProvisionPlan>('GET', '/api/v1/admin/provision/plan');
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
      ctx.out(`Conflicts: ${plan.conflicts.length}`);
      for (const c of plan.conflicts) ctx.out(`  ${c}`);
      return;
    }
    const key = opts.key ?? ''; // given: mode is 'key'
    try {
      await client.request<ProvisionStarted>('POST', '/api/v1/admin/provision', sample ? { key, sample } : { key });
    } catch (err) {
      if (err instanceof WireError && err.code === 'plan_conflicts') {
        const conflicts = (err.details.conflicts as string[] | undefined) ?? [];
        throw new WireError(err.status, 'plan_conflicts', [err.message, ...conflicts.map((c) => `  ${c}`)].join('\n'), err.details);
      }
      throw err;
    }
    const timeoutS = opts.timeout ?? 600;
    const until = Date.now() + timeoutS * 1000;
    let run = await client.request<ProvisionRun>('GET', `/api/v1/admin/provision/runs/${encodeURIComponent(key)}`);
    while (run.state !== 'done') {
      if (Date.now() > until) throw new CliError(`Provisioning ${key} is still running after ${timeoutS} s; run the same command again to follow it`, EXIT.environment);
      await new Promise((r) => setTimeout(r, 500));
      run = await client.request<ProvisionRun>('GET', `/api/v1/admin/provision/runs/${encodeURIComponent(key)}`);
    }
    if (ctx.json) return ctx.printJson(run);
    ctx.out(`Provisioned (${key}): ${run.summary.ready} ready, ${run.summary.invited} invited, ${run.summary.attention} attention`);
    for (const line of table(run.teams.map((t) => [`  ${t.readiness}`, t.repository, t.project.name, t.attention ?? '']))) ctx.out(line.trimEnd());
  },
});
