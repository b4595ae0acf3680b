// `community ballot save --ranking <ids or team names> [--eligibility-version <n>] [--expected-revision <n>]`:
// a draft, partial or empty; never withdraws a submission.
import { command } from '../../../command.ts';
import { ballotVersions, parseRanking, rankingIds } from '../shared.ts';

export const ballotSave = command({
  path: 'community ballot save',
  summary: 'Save a draft ranking, partial or empty (voter)',
  usage: 'Usage: hackathon community ballot save --ranking <ids or team names> [--eligibility-version <n>] [--expected-revision <n>]',
  flags: { ranking: { type: 'string' }, eligibilityVersion: { type: 'string' }, expectedRevision: { type: 'string' } },
  async run(opts, ctx) {
    const ranking = parseRanking(opts.ranking, false);
    const v = await ballotVersions(ctx, opts);
    const ids = await rankingIds(ctx, ranking);
    const r = await (await ctx.client()).call('PUT /api/v1/community/ballot/draft', { body: { ranking: ids, ...v } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Draft saved (revision ${r.revision}, accepted at ${r.acceptedAt})`);
  },
});
