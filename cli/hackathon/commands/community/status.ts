// `community status`: vote state, eligibility version, window, server time, role, voter
// status, ballot line, candidates (yours marked), released results, and the notice.
import { command } from '../../command.ts';
import { coverageLine, resultRows, tieLines } from './shared.ts';
import { withEventTime } from '../../../../client/time.ts';

export const communityStatus = command({
  path: 'community status',
  summary: 'Where the community vote stands, and your part in it',
  usage: 'Usage: hackathon community status [--json]',
  async run(_opts, ctx) {
    const s = await (await ctx.client()).call('GET /api/v1/community/status');
    if (ctx.json) return ctx.printJson(s);
    ctx.out(`Vote: ${s.voteState}`);
    ctx.out(`Eligibility: ${s.eligibilityVersion === null ? 'not locked' : `version ${s.eligibilityVersion}`}`);
    ctx.out(`Window: ${withEventTime(s.opensAt, s.timezone)} to ${withEventTime(s.closesAt, s.timezone)}`);
    ctx.out(`Server time: ${s.serverTime}`);
    ctx.out(`Role: ${s.role}`);
    ctx.out(`Voter: ${s.voter.eligible ? `yes (team ${s.voter.team?.name})` : `no (${s.voter.reason})`}`);
    if (s.ballot) {
      const b = s.ballot;
      ctx.out(`Ballot: ${b.state}, revision ${b.revision}, ${b.submittedAt ? `submitted at ${b.submittedAt}` : 'not submitted'}`);
    }
    ctx.out(s.candidates.length ? 'Candidates:' : 'Candidates: none');
    for (const c of s.candidates) ctx.out(`  ${c.name}${c.yours ? ' (yours)' : ''}`);
    if (s.results) {
      ctx.out(`Results (version ${s.results.version}, released ${s.results.releasedAt}):`);
      for (const line of resultRows(s.results, ctx.paint)) ctx.out(line);
      for (const line of tieLines(s.results)) ctx.out(line);
      ctx.out(coverageLine(s.results));
    }
    ctx.out(s.notice);
  },
});
