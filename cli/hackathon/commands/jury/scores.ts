// `jury scores`: the caller's teams with their own score each (juror).
import type { MyJuryScores } from '../../../../core/wire/jury.ts';
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';

export const juryScores = command({
  path: 'jury scores',
  summary: 'Your teams and your scores: drafts, submissions, notes (juror)',
  usage: 'Usage: hackathon jury scores [--json]',
  async run(_opts, ctx) {
    const r = await (await ctx.client()).request<MyJuryScores>('GET', '/api/v1/event/jury/scores');
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Judging ${r.state}; criteria: ${r.criteria.map((c) => `${c.name} (x${c.weight})`).join(', ') || 'none yet'}; scale ${r.scale.min}-${r.scale.max}`);
    const fmt = (v: Record<string, number> | null) => (v ? r.criteria.map((c) => `${c.name}=${v[c.name] ?? '-'}`).join(' ') : '-');
    const rows = r.items.map((i) => [i.state, String(i.revision), fmt(i.submission), fmt(i.draft), i.team]);
    for (const line of table(['STATE', 'REVISION', 'SUBMITTED', 'DRAFT', 'TEAM'], rows, { indent: '  ', paint: ctx.paint })) ctx.out(line);
    const done = r.items.filter((i) => i.state === 'submitted').length;
    ctx.out(`${done} of ${r.items.length} submitted`);
  },
});
