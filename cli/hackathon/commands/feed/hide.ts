// feed hide <postId> --reason <text>: organizers; the reason (1 to 500 characters) is seen by organizers only.
import { command } from '../../command.ts';
import { oneId } from '../chats/shared.ts';
import { hideReason } from './shared.ts';

export const feedHide = command({
  path: 'feed hide',
  summary: 'Hide a post with a reason seen by organizers only (organizers)',
  usage: 'Usage: hackathon feed hide <postId> --reason <text> [--json]',
  flags: { reason: { type: 'string' } },
  async run(opts, ctx) {
    const post = oneId(opts.args, 'the post id', 'hackathon feed hide <postId>');
    const reason = hideReason(opts.reason);
    const p = await (await ctx.client()).call('POST /api/v1/event/posts/:postId/hide', { params: { postId: post }, body: { reason } });
    if (ctx.json) return ctx.printJson(p);
    ctx.done(`Hidden ${p.id}`);
  },
});
