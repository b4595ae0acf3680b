// `event agenda set --file`: replaces the programme (at most 30 items; empty clears).
// The agenda moves no phase and no deadline.
import { readJsonArg } from '../../../../lib/checks.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { printAgenda } from './show.ts';

export const agendaSet = command({
  path: 'event agenda set',
  summary: 'Replace the programme from a file (organizer)',
  usage: 'Usage: hackathon event agenda set --file <path>\n\nThe file: { "items": [{ "title", "kind", "startsAt", "endsAt"? }] } or a bare array; at most 30 items.',
  flags: { file: { type: 'string' } },
  async run(opts, ctx) {
    const data = readJsonArg(opts.file, '--file');
    const items = Array.isArray(data) ? data : (data as { items?: unknown })?.items;
    if (!Array.isArray(items)) throw new CliError(`${opts.file} must hold { "items": [...] } or an array of items`, EXIT.rejected, 'invalid_input');
    if (items.length > 30) throw new CliError(`the programme holds at most 30 items; ${opts.file} has ${items.length}`, EXIT.rejected, 'invalid_input');
    const r = await (await ctx.client()).call('PUT /api/v1/event/agenda', { body: { items } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`${r.count} item${r.count === 1 ? '' : 's'}`);
    printAgenda(ctx, r.items);
  },
});
