// requests reply <id> [words… | --file <path>]: a post in the request's thread (the same post
// as `chats post <threadChannelId>`, without looking the channel up by hand). A resolved
// request's thread is read-only: the server answers request_resolved.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { id, postBody } from '../chats/shared.ts';

export const requestsReply = command({
  path: 'requests reply',
  summary: 'Reply in a help request\'s thread',
  usage: 'Usage: hackathon requests reply <id> [words… | --file <path>] [--json]\n\nPlain text, 1 to 4000 characters; newlines kept. The team, advisors and organizers read the thread.',
  flags: { file: { type: 'string' } },
  async run(opts, ctx) {
    const [first, ...words] = opts.args;
    if (first === undefined) throw new CliError('hackathon requests reply <id>: name the request', EXIT.usage, 'usage');
    const requestId = id(first, 'the request id');
    const body = postBody(words, opts.file);
    const client = await ctx.client();
    const r = await client.call('GET /api/v1/event/requests/:id', { params: { id: requestId } });
    const p = await client.call('POST /api/v1/event/chats/:channelId/posts', { params: { channelId: r.threadChannelId }, body: { body }, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(p);
    ctx.done(`Replied ${p.id} at ${p.at} in the thread of "${r.title}"`);
  },
});
