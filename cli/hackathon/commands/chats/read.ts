// chats read <channel>: one page of the channel's posts, newest first, as feed list prints
// them, with a pointer to each thread that has replies.
import { EVENT_CONFLICT, nextPageLine, PAGE_FLAGS, readPage } from '../../../lib/paging.ts';
import { command } from '../../command.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { channelArg, postLines, printPosts } from './shared.ts';
import { followAfterPage } from '../../follow.ts';
import type { Post } from '../../../../core/wire/chats.ts';

export const chatsRead = command({
  path: 'chats read',
  summary: "A channel's posts, newest first",
  usage: 'Usage: hackathon chats read <channel id or name> [--limit <1-100>] [--cursor <c>] [--follow] [--json]',
  flags: { ...PAGE_FLAGS, follow: { type: 'boolean' } },
  async run(opts, ctx) {
    if (opts.args.length > 1) throw new CliError('hackathon chats read <channel>: name one channel', EXIT.usage, 'usage');
    const client = await ctx.client();
    const channel = await channelArg(ctx, opts.args[0]);
    const printPage = async (): Promise<string[]> => {
      const page = await readPage<Post>(client, `/api/v1/event/chats/${channel}/posts`, opts, EVENT_CONFLICT);
      if (ctx.json) {
        ctx.printJson(page);
      } else {
        if (page.items.length === 0) ctx.out('No posts');
        printPosts(ctx, page.items, true);
        const more = nextPageLine(page);
        if (more) ctx.out(more);
      }
      return page.items.map((p) => p.id);
    };
    if (!opts.follow) return void (await printPage());
    // --follow: the stream opens first, then the page, then the channel's changes until Ctrl-C.
    await followAfterPage({ client, channelId: channel, json: ctx.json, out: (l) => ctx.out(l), err: (l) => ctx.err(l), postLines, printPage });
  },
});
