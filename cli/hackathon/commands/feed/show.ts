// feed show: the channel name, then its pinned posts, newest pin first.
import { command } from '../../command.ts';
import { printPosts } from '../chats/shared.ts';

export const feedShow = command({
  path: 'feed show',
  summary: 'The general channel and its pinned posts',
  usage: 'Usage: hackathon feed show [--json]',
  async run(opts, ctx) {
    const view = await (await ctx.client()).call('GET /api/v1/event/feed');
    if (ctx.json) return ctx.printJson(view);
    ctx.out(view.channel.name);
    if (view.pinned.length === 0) return ctx.out('No pinned posts');
    printPosts(ctx, view.pinned, false);
  },
});
