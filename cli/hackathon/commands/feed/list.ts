// feed list: the general channel's posts, newest first (hidden ones for organizers only, with the reason).
import { EVENT_CONFLICT, nextPageLine, PAGE_FLAGS, readPage } from '../../../lib/paging.ts';
import { command } from '../../command.ts';
import { printPosts } from '../chats/shared.ts';
import type { Post } from '../../../../core/wire/chats.ts';

export const feedList = command({
  path: 'feed list',
  summary: 'The general feed, newest first',
  usage: 'Usage: hackathon feed list [--limit <1-100>] [--cursor <c>] [--json]',
  flags: { ...PAGE_FLAGS },
  async run(opts, ctx) {
    const page = await readPage<Post>(await ctx.client(), '/api/v1/event/feed/posts', opts, EVENT_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    if (page.items.length === 0) ctx.out('No posts');
    printPosts(ctx, page.items, false);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
});
