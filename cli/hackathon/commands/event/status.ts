// `event status`: name, phase, server time, the five deadlines, the next one with the time
// left (from the server's time in the answer, never this machine's clock; an early vote
// close ends the vote's deadline), released results, role and team,
// one line per team with its submission state.
import { deadlineAhead } from '../../../../core/wire/event.ts';
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import { timeLeft, withEventTime } from '../../../../client/time.ts';

const DEADLINES = [
  ['start', 'startsAt', 'Start'],
  ['build end', 'buildEndsAt', 'Build end'],
  ['freeze', 'freezeAt', 'Freeze'],
  ['vote open', 'voteOpensAt', 'Vote opens'],
  ['vote close', 'voteClosesAt', 'Vote closes'],
] as const;

export const eventStatus = command({
  path: 'event status',
  summary: 'Phase, deadlines, your role and the teams',
  usage: 'Usage: hackathon event status [--json]',
  async run(opts, ctx) {
    const s = await (await ctx.client()).call('GET /api/v1/event/status');
    if (ctx.json) return ctx.printJson(s);
    ctx.out(`${s.name} (version ${s.version}, timezone ${s.timezone})`);
    ctx.out(`Phase: ${ctx.paint.state(s.phase)}`);
    ctx.out(`Server time: ${s.serverTime}`);
    for (const [, key, label] of DEADLINES) {
      ctx.out(`${label}: ${withEventTime(s[key], s.timezone)}${key === 'voteClosesAt' && s.voteClosedAt ? ` (closed early at ${s.voteClosedAt})` : ''}`);
    }
    const next = DEADLINES.find(([, key]) => deadlineAhead(s, key, Date.parse(s.serverTime)));
    ctx.out(next ? `Next deadline: ${next[0]} at ${s[next[1]]} (${timeLeft(s.serverTime, s[next[1]])} left)` : 'Next deadline: none (every deadline has passed)');
    if (s.resultsReleased) ctx.out(`Results: released (version ${s.resultsReleased.version}, ${s.resultsReleased.releasedAt}): hackathon community results show`);
    for (const n of s.notices ?? []) ctx.out(`Notice (${n.at}): build end moved to ${n.buildEndsAt}: ${n.reason}`);
    ctx.out(`Role: ${s.role}${s.team ? `, team ${s.team.name}` : ''}`);
    if (s.teams.length) {
      ctx.out('Teams:');
      for (const line of table(['TEAM', 'STATE'], s.teams.map((t) => [t.name, ctx.paint.state(t.state)]), { indent: '  ', paint: ctx.paint })) ctx.out(line);
    }
  },
});
