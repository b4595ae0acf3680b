// `submissions reconcile`: the freeze sweep now. Retry-safe; the cutoff never moves.
import type { Reconciled } from '../../../../core/wire/submissions.ts';
import { command } from '../../command.ts';

export const submissionsReconcile = command({
  path: 'submissions reconcile',
  summary: 'Run the freeze sweep now (organizer)',
  usage: 'Usage: hackathon submissions reconcile [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('POST /api/v1/submissions/reconcile');
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Reconciled at ${r.at}: ${r.selected} captured, ${r.frozen} frozen, ${r.capturing} capturing, ${r.missing} missing, ${r.errors} errors`);
  },
});
