// How a help request prints (requests list, show) and the transition verbs.
import { command, type Command } from '../../command.ts';
import type { Context } from '../../context.ts';
import { oneId } from '../chats/shared.ts';
import type { HelpRequest } from '../../../../core/wire/chats.ts';

export const STATUSES = ['open', 'claimed', 'resolved'] as const;

/** One block: id, status, opening time, team; the title; `claimed by <name>` when claimed. */
export function requestLines(r: HelpRequest): string[] {
  const lines = [`${r.id} ${r.status} ${r.openedAt} ${r.team.name}`, `  ${r.title}`];
  if (r.claimedBy) lines.push(`  claimed by ${r.claimedBy.name}`);
  return lines;
}

export function printRequest(ctx: Context, r: HelpRequest): void {
  for (const line of requestLines(r)) ctx.out(line);
}

export function transition(verb: 'claim' | 'unclaim' | 'resolve' | 'reopen', done: string, summary: string): Command {
  return command({
    path: `requests ${verb}`,
    summary,
    usage: `Usage: hackathon requests ${verb} <id> [--json]`,
    async run(opts, ctx) {
      const id = oneId(opts.args, 'the request id', `hackathon requests ${verb} <id>`);
      const r = await (await ctx.client()).call(`POST /api/v1/event/requests/:id/${verb}`, { params: { id } });
      if (ctx.json) return ctx.printJson(r);
      ctx.out(`${done} ${r.id} (now ${r.status})`);
    },
  });
}
