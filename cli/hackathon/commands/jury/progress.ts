// `jury progress`: scores in / expected per team and per juror, late jurors (organizer).
import type { JuryProgress } from '../../../../core/wire/jury.ts';
import { command } from '../../command.ts';
import { progressLines } from './shared.ts';

export const juryProgress = command({
  path: 'jury progress',
  summary: 'Judging progress per team and per juror, who is late (organizer)',
  usage: 'Usage: hackathon jury progress [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<JuryProgress>('GET', '/api/v1/event/jury/progress');
    if (ctx.json) return ctx.printJson(r);
    for (const line of progressLines(r, ctx.paint)) ctx.out(line);
  },
});
