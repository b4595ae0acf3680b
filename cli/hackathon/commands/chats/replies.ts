// chats replies <channel id or name> <postId>: the thread's root, then one page of its replies, oldest first.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { EVENT_CONFLICT, nextPageLine, PAGE_FLAGS, readPage } from '../../../lib/paging.ts';
import { command } from '../../command.ts';
import { channelArg, id, printPosts } from './shared.ts';
import type { Post } from '../../../../core/wire/chats.ts';

export const chatsReplies = command({
  path: 'chats replies',
  summary: 'One page of a thread, oldest first',
  usage: 'Usage: hackathon chats replies <channel id or name> <postId> [--limit <1-100>] [--cursor <c>] [--json]',
  flags: { ...PAGE_FLAGS },
  async run(opts, ctx) {
    if (opts.args.length !== 2) throw new CliError('hackathon chats replies <channelId> <postId>: name the channel and the thread\'s root post', EXIT.usage, 'usage');
    const post = id(opts.args[1], 'the post id');
    const channel = await channelArg(ctx, opts.args[0]);
    const page = await readPage<Post, { root: Post }>(await ctx.client(), `/api/v1/event/chats/${channel}/posts/${post}/replies`, opts, EVENT_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    printPosts(ctx, [page.root], false);
    if (page.items.length === 0) ctx.out('No replies');
    printPosts(ctx, page.items, false);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
});
