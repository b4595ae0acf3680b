// `event roster import --file`: the file is the whole roster; absent rows are removed and
// teams no row names are dissolved, without confirmation.
import type { RosterImported } from '../../../../../core/wire/event.ts';
import { readJsonArg } from '../../../../lib/checks.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';

export const rosterImport = command({
  path: 'event roster import',
  summary: 'Replace the roster with a file (organizer)',
  usage: 'Usage: hackathon event roster import --file <path>\n\nThe file: { "participants": [{ "email", "name"?, "role"?, "team"? }] } or a bare array of entries.',
  flags: { file: { type: 'string' } },
  async run(opts, ctx) {
    const data = readJsonArg(opts.file, '--file') as { participants?: unknown } | unknown[];
    const participants = Array.isArray(data) ? data : (data as { participants?: unknown })?.participants;
    if (!Array.isArray(participants)) throw new CliError(`${opts.file} must hold { "participants": [...] } or an array of entries`, EXIT.rejected);
    const r = await (await ctx.client()).request<RosterImported>('PUT', '/api/v1/event/roster', { participants });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Imported ${r.imported} rows`);
    for (const row of r.removed) ctx.out(`Removed ${row.email} (${row.team ?? '-'})`);
    for (const name of r.dissolved) ctx.out(`Dissolved team ${name}`);
  },
});
