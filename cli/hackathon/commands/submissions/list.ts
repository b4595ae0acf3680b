// `submissions list`: the intake sentence, server time, freeze, attention count, then one
// line per team: state, readiness, last received revision with receipt time (late marked),
// frozen sha (`template` for the template only), repository, team.
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';
import { frozenLabel } from './project.ts';

export const submissionsList = command({
  path: 'submissions list',
  summary: 'Intake and each team\'s submission state',
  usage: 'Usage: hackathon submissions list [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/submissions');
    if (ctx.json) return ctx.printJson(r);
    ctx.out(r.intake);
    ctx.out(`Server time: ${r.serverTime}`);
    ctx.out(`Freeze: ${r.freezeAt}`);
    ctx.out(`Attention: ${r.attentionCount}`);
    const rows = r.items.map((i) => [
      ctx.paint.state(i.state),
      ctx.paint.state(i.readiness),
      i.lastReceived ? `${i.lastReceived.sha.slice(0, 12)} at ${ctx.when(i.lastReceived.receivedAt)}${i.lastReceived.late ? ` ${ctx.paint.warn('late')}` : ''}` : '-',
      frozenLabel(i.frozen),
      i.repository?.fullName ?? '-',
      i.project.name,
    ]);
    for (const line of table(['STATE', 'READINESS', 'LAST RECEIVED', 'FROZEN', 'REPOSITORY', 'TEAM'], rows, { paint: ctx.paint })) ctx.out(line);
  },
});
