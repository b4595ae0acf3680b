// requests show <id>: one request, its body and its thread.
import { command } from '../../command.ts';
import { oneId } from '../chats/shared.ts';
import { printRequest } from './shared.ts';

export const requestsShow = command({
  path: 'requests show',
  summary: 'One help request',
  usage: 'Usage: hackathon requests show <id> [--json]',
  async run(opts, ctx) {
    const id = oneId(opts.args, 'the request id', 'hackathon requests show <id>');
    const r = await (await ctx.client()).call('GET /api/v1/event/requests/:id', { params: { id } });
    if (ctx.json) return ctx.printJson(r);
    printRequest(ctx, r);
    ctx.out(`  opened by ${r.openedBy.name}`);
    ctx.out(`  thread: hackathon chats read ${r.threadChannelId}`);
    ctx.out('');
    for (const line of r.body.split('\n')) ctx.out(`  ${line}`);
  },
});
