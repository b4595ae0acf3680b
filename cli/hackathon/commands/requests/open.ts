// requests open --title <t> --body <b>: participants, for their own team; checked before any request.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { text } from '../chats/shared.ts';

export const requestsOpen = command({
  path: 'requests open',
  summary: 'Ask the advisors for help (participants)',
  usage: 'Usage: hackathon requests open --title <text> --body <text> [--json]\n\nTitle 1 to 200 characters on one line; body 1 to 4000 characters.',
  flags: { title: { type: 'string' }, body: { type: 'string' } },
  async run(opts, ctx) {
    if (opts.title === undefined || opts.body === undefined) throw new CliError('--title <text> and --body <text> are required', EXIT.usage, 'usage');
    if (opts.args.length > 0) throw new CliError('requests open takes no arguments: quote the title and the body', EXIT.usage, 'usage');
    const title = text(opts.title, '--title', 200, false);
    const body = text(opts.body, '--body', 4000, true);
    const r = await (await ctx.client()).call('POST /api/v1/event/requests', { body: { title, body }, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Opened ${r.id}`);
    ctx.out(`Thread: hackathon chats read ${r.threadChannelId}`);
  },
});
