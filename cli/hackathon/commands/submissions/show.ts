// `submissions show <project>`: one team with repository, branch and readiness, last received
// revision with its sequence, frozen evidence, freeze instant, attention and next action,
// the last 50 receipts and the organizers' exceptions.
import type { SubmissionTeam } from '../../../../core/wire/submissions.ts';
import { command } from '../../command.ts';
import { table } from '../../../lib/table.ts';
import { frozenLabel, resolveProject } from './project.ts';

function nextAction(t: SubmissionTeam): string {
  if (t.state === 'error') return 'Next: hackathon submissions reconcile (or record an exception)';
  if (t.state === 'waiting') return 'Next: push to the designated branch before the freeze';
  if (t.state === 'capturing') return 'Next: wait for the capture, then hackathon submissions show again';
  if (t.state === 'missing') return 'Next: nothing to fetch (no submission); an organizer may record an exception with --sha';
  return `Next: hackathon submissions artifact ${t.project.id}`;
}

export const submissionsShow = command({
  path: 'submissions show',
  summary: 'One team\'s submission, evidence and receipts',
  usage: 'Usage: hackathon submissions show <project> [--json]',
  async run(opts, ctx) {
    const id = await resolveProject(ctx, opts.args[0]);
    const t = await (await ctx.client()).call('GET /api/v1/submissions/:projectId', { params: { projectId: id } });
    if (ctx.json) return ctx.printJson(t);
    ctx.out(`Team: ${t.project.name} (${t.project.id})`);
    ctx.out(`State: ${ctx.paint.state(t.state)}`);
    ctx.out(t.repository ? `Repository: ${t.repository.fullName} branch ${t.repository.branch} (${t.repository.readiness})` : 'Repository: not assigned yet');
    ctx.out(`Last received: ${t.lastReceived ? `${t.lastReceived.sha} (receipt ${t.lastReceived.sequence} at ${t.lastReceived.receivedAt}${t.lastReceived.late ? ', late' : ''})` : '-'}`);
    ctx.out(`Frozen: ${frozenLabel(t.frozen)}${t.frozen?.archive ? ` evidence ${t.frozen.archive.name} sha256 ${t.frozen.archive.sha256}${t.frozen.archive.fileId ? ` (file ${t.frozen.archive.fileId}: hackathon files download ${t.frozen.archive.fileId})` : ''}` : ''}`);
    ctx.out(`Freeze: ${t.freezeAt}${t.frozen?.frozenAt ? ` (frozen at ${t.frozen.frozenAt})` : ''}`);
    if (t.attention) ctx.out(`Attention: ${t.attention}`);
    ctx.out(nextAction(t));
    ctx.out(`Receipts (last ${t.receipts.length}):`);
    const rows = t.receipts.map((r) => [String(r.sequence), ctx.when(r.receivedAt), r.kind, ctx.paint.state(r.verdict + (r.refusal ? ` ${r.refusal}` : '') + (r.late ? ' late' : '')), r.ref ?? '-', r.sha ? r.sha.slice(0, 12) : '-', r.capture ? ctx.paint.state(r.capture.state) : '-']);
    for (const line of table(['SEQUENCE', 'RECEIVED', 'KIND', 'VERDICT', 'REF', 'SHA', 'CAPTURE'], rows, { indent: '  ', paint: ctx.paint })) ctx.out(line);
    if (t.exceptions.length === 0) return;
    ctx.out(`Exceptions (${t.exceptions.length}):`);
    for (const x of t.exceptions) {
      const what = x.missing ? 'marked missing' : `frozen on ${x.sha.slice(0, 12)}`;
      const was = x.previousSha ? ` (was ${x.previousSha.slice(0, 12)})` : '';
      const invalidates = [x.invalidateDecks && 'decks', x.invalidateVoting && 'voting'].filter(Boolean).join(', ');
      ctx.out(`  ${x.at} ${what}${was}: ${x.reason}${invalidates ? ` (invalidates ${invalidates})` : ''}`);
    }
  },
});
