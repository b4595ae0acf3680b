import type { AgendaItem } from '../../../../../core/wire/event.ts';
import { table } from '../../../../lib/table.ts';
import type { Context } from '../../../context.ts';
import { command } from '../../../command.ts';

export function printAgenda(ctx: Context, items: AgendaItem[]): void {
  const rows = items.map((i) => [ctx.when(i.startsAt), ctx.when(i.endsAt), i.kind, i.title]);
  for (const line of table(['STARTS', 'ENDS', 'KIND', 'TITLE'], rows, { paint: ctx.paint })) ctx.out(line);
}

export const agendaShow = command({
  path: 'event agenda show',
  summary: 'The programme, sorted by start',
  usage: 'Usage: hackathon event agenda show [--json]',
  async run(opts, ctx) {
    const r = await (await ctx.client()).call('GET /api/v1/event/agenda');
    if (ctx.json) return ctx.printJson(r);
    if (r.items.length === 0) return ctx.out('No programme yet');
    printAgenda(ctx, r.items);
  },
});
