// feed post [words | --file <path>]: one fresh Idempotency-Key per invocation.
import { command } from '../../command.ts';
import { postBody } from '../chats/shared.ts';
import type { Post } from '../../../../core/wire/chats.ts';

export const feedPost = command({
  path: 'feed post',
  summary: 'Post in the general feed',
  usage: 'Usage: hackathon feed post [words… | --file <path>] [--json]\n\nPlain text, 1 to 4000 characters; newlines kept.',
  flags: { file: { type: 'string' } },
  async run(opts, ctx) {
    const body = postBody(opts.args, opts.file);
    const p = await (await ctx.client()).call('POST /api/v1/event/feed/posts', { body: { body }, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(p);
    ctx.done(`Posted ${p.id} at ${p.at}`);
  },
});
