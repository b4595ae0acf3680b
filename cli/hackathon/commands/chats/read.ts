// chats read <channelId>: one page of the channel's posts, newest first, as feed list prints
// them, with a pointer to each thread that has replies.
import { nextPageLine, PAGE_FLAGS, readPage } from '../../../lib/paging.ts';
import { command } from '../../command.ts';
import { oneId, printPosts } from './shared.ts';
import type { Post } from '../../../../core/wire/chats.ts';

export const chatsRead = command({
  path: 'chats read',
  summary: "A channel's posts, newest first",
  usage: 'Usage: hackathon chats read <channelId> [--limit <1-100>] [--cursor <c>] [--json]',
  // --follow (tailing GET /api/v1/event/stream after the page) is added here by the live-stream work.
  flags: { ...PAGE_FLAGS },
  async run(opts, ctx) {
    const channel = oneId(opts.args, 'the channel id', 'hackathon chats read <channelId>');
    const page = await readPage<Post>(await ctx.client(), `/api/v1/event/chats/${channel}/posts`, opts);
    if (ctx.json) return ctx.printJson(page);
    if (page.items.length === 0) ctx.out('No posts');
    printPosts(ctx, page.items, true);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
});
