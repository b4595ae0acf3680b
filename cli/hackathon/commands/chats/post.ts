// chats post <channel id or name> [words | --file <path>] [--thread <postId>]: one fresh Idempotency-Key per invocation.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { channelArg, id, postBody } from './shared.ts';
import type { Post } from '../../../../core/wire/chats.ts';

export const chatsPost = command({
  path: 'chats post',
  summary: 'Post in a channel, or reply in a thread with --thread',
  usage: 'Usage: hackathon chats post <channel id or name> [words… | --file <path>] [--thread <postId>] [--json]\n\nPlain text, 1 to 4000 characters; newlines kept.',
  flags: { file: { type: 'string' }, thread: { type: 'string' } },
  async run(opts, ctx) {
    const [first, ...words] = opts.args;
    if (first === undefined) throw new CliError('hackathon chats post <channel>: name the channel', EXIT.usage, 'usage');
    const thread = opts.thread === undefined ? undefined : id(opts.thread, '--thread');
    const body = postBody(words, opts.file);
    const channel = await channelArg(ctx, first);
    const p = await (await ctx.client()).call('POST /api/v1/event/chats/:channelId/posts', { params: { channelId: channel }, body: thread ? { body, threadId: thread } : { body }, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(p);
    ctx.done(`Posted ${p.id} at ${p.at}`);
  },
});
