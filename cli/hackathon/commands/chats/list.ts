// chats list: one row per channel (kind, id, name): general, team chats, request threads newest first.
import { table } from '../../../lib/table.ts';
import { command } from '../../command.ts';

export const chatsList = command({
  path: 'chats list',
  summary: 'The channels you may read: general, team chats, request threads',
  usage: 'Usage: hackathon chats list [--json]',
  async run(opts, ctx) {
    const list = await (await ctx.client()).call('GET /api/v1/event/chats');
    if (ctx.json) return ctx.printJson(list);
    if (list.items.length === 0) return ctx.out('No channels');
    for (const line of table(['KIND', 'ID', 'NAME'], list.items.map((c) => [c.kind, c.id, c.name]), { paint: ctx.paint })) ctx.out(line);
  },
});
