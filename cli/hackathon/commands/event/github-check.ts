// `event github-check`: the organization and template read live on the code host; lists the
// problems (a removed person still holding repository access is one until revoked) and exits
// non-zero (environment, 4) when there is any.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { commandLine } from '../../../lib/run.ts';
import { command } from '../../command.ts';
import type { Context } from '../../context.ts';
import { credentialHelper } from '../../git-helper.ts';

/**
 * The template's push, ready to run from its folder: git asks `hackathon git-credential` for
 * the key of this profile, so the organizer never sees or types it. The helper names this
 * copy and its Node by absolute path: run as `npx hackathon`, no `hackathon` is on the
 * organizer's own PATH.
 */
function printTemplatePush(ctx: Context, pushUrl: string, branch: string): void {
  const helper = credentialHelper(ctx, pushUrl, { thisCopy: true });
  if (!helper) return; // the instance answers under another address than this profile's: the sentence above says where
  ctx.out(`Push the template from its folder (git gets your key from this copy of hackathon):\n  ${commandLine('git', ['-c', `${helper.key}=${helper.value}`, 'push', pushUrl, branch])}`);
}

export const eventGithubCheck = command({
  path: 'event github-check',
  summary: 'Check the code host can provision (organizer)',
  usage: 'Usage: hackathon event github-check [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/event/github-check');
    if (ctx.json) ctx.printJson(r);
    else {
      ctx.out(`Code host: ${r.codeHost}`);
      ctx.out(`Organization: ${r.organization ?? '-'}`);
      ctx.out(`Template: ${r.template ?? '-'} branch ${r.branch} at ${r.templateRevision ?? '(not found)'}`);
      for (const p of r.problems) ctx.out(`Problem: ${p}`);
      if (r.templatePushUrl) printTemplatePush(ctx, r.templatePushUrl, r.branch);
      for (const n of r.notes ?? []) ctx.out(`Note: ${n}`);
      ctx.out(r.ok ? 'Provisioning can run. Next: hackathon admin provision --dry-run' : 'Provisioning cannot run until these are fixed.');
    }
    if (!r.ok) throw new CliError(`${r.problems.length} problem(s) stop provisioning`, EXIT.environment, 'environment');
  },
});
