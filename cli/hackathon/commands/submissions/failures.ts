// `submissions failures`: the signature failure counter, teams needing attention with why,
// refused deliveries with their code, late deliveries.
import { command } from '../../command.ts';

export const submissionsFailures = command({
  path: 'submissions failures',
  summary: 'Signature failures, attention, refused and late deliveries (organizer)',
  usage: 'Usage: hackathon submissions failures [--json]',
  async run(opts, ctx) {
    const f = await (await ctx.client()).call('GET /api/v1/submissions/failures');
    if (ctx.json) return ctx.printJson(f);
    const sf = f.signatureFailures;
    ctx.out(`Signature failures: ${sf.count}${sf.count ? ` (first ${sf.first}, last ${sf.last}, reason: ${sf.reason})` : ''}`);
    ctx.out(`Attention: ${f.attention.length}`);
    for (const a of f.attention) ctx.out(`  ${a.project.name}: ${a.why}`);
    ctx.out(`Refused deliveries: ${f.refused.length}`);
    for (const r of f.refused) ctx.out(`  ${r.sequence} ${r.receivedAt} ${r.refusal} ${r.repository ?? '-'} ${r.ref ?? '-'}`);
    ctx.out(`Late deliveries: ${f.late.length}`);
    for (const r of f.late) ctx.out(`  ${r.sequence} ${r.receivedAt} late ${r.repository ?? '-'} ${r.sha ? r.sha.slice(0, 12) : '-'}`);
  },
});
