// requests list [--status <s>] [--limit <1-100>]: one block per request, newest first.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { EVENT_CONFLICT, nextPageLine, PAGE_FLAGS, readPage } from '../../../lib/paging.ts';
import { command } from '../../command.ts';
import { printRequest, STATUSES } from './shared.ts';
import type { HelpRequest } from '../../../../core/wire/chats.ts';

export const requestsList = command({
  path: 'requests list',
  summary: 'Help requests, newest first (participants: their team\'s)',
  usage: 'Usage: hackathon requests list [--status open|claimed|resolved] [--limit <1-100>] [--cursor <c>] [--json]',
  flags: { status: { type: 'string' }, ...PAGE_FLAGS },
  async run(opts, ctx) {
    const status = opts.status;
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
      throw new CliError(`--status takes ${STATUSES.join(', ')}, got ${JSON.stringify(status)}`, EXIT.rejected, 'invalid_input');
    }
    const page = await readPage<HelpRequest>(await ctx.client(), `/api/v1/event/requests${status ? `?status=${status}` : ''}`, opts, EVENT_CONFLICT);
    if (ctx.json) return ctx.printJson(page);
    if (page.items.length === 0) ctx.out('No help requests');
    for (const r of page.items) printRequest(ctx, r);
    const more = nextPageLine(page);
    if (more) ctx.out(more);
  },
});
