// `community ballot submit --ranking <ids or team names> [--eligibility-version <n>] [--expected-revision <n>]`:
// every candidate but your own team exactly once; an empty ranking is refused before any
// request; a fresh Idempotency-Key per invocation, so a retried request is counted once.
import { randomUUID } from 'node:crypto';
import { command } from '../../../command.ts';
import { ballotVersions, parseRanking, rankingIds } from '../shared.ts';

export const ballotSubmit = command({
  path: 'community ballot submit',
  summary: 'Submit your ranking of every candidate (voter)',
  usage: 'Usage: hackathon community ballot submit --ranking <ids or team names> [--eligibility-version <n>] [--expected-revision <n>]',
  flags: { ranking: { type: 'string' }, eligibilityVersion: { type: 'string' }, expectedRevision: { type: 'string' } },
  async run(opts, ctx) {
    const ranking = parseRanking(opts.ranking, true);
    const v = await ballotVersions(ctx, opts);
    const ids = await rankingIds(ctx, ranking);
    const r = await (await ctx.client()).call('POST /api/v1/community/ballot/submission', { body: { ranking: ids, ...v }, headers: { 'idempotency-key': randomUUID() } });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Ballot submitted (revision ${r.revision}, accepted at ${r.acceptedAt})`);
  },
});
