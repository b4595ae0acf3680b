// The moderation verbs (organizers; posts of any channel of the event, by id).
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import type { Command } from '../../command.ts';
import { oneId, text } from '../chats/shared.ts';

export function moderation(verb: 'pin' | 'unpin' | 'restore', done: string, summary: string): Command {
  return command({
    path: `feed ${verb}`,
    summary,
    usage: `Usage: hackathon feed ${verb} <postId> [--json]`,
    async run(opts, ctx) {
      const post = oneId(opts.args, 'the post id', `hackathon feed ${verb} <postId>`);
      const p = await (await ctx.client()).call(`POST /api/v1/event/posts/:postId/${verb}`, { params: { postId: post } });
      if (ctx.json) return ctx.printJson(p);
      ctx.out(`${done} ${p.id}`);
    },
  });
}

/** The hide reason: 1 to 500 characters on one line, seen by organizers only. */
export function hideReason(reason: string | undefined): string {
  if (reason === undefined) throw new CliError('--reason <text> is required (1 to 500 characters, seen by organizers only)', EXIT.usage, 'usage');
  return text(reason, '--reason', 500, false);
}
