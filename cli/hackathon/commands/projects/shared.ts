// What the project commands share: flags for paging, the metadata check, one-line output,
// and archive/unarchive (one request each, told apart by their verb).
import { CliError, EXIT } from '../../../lib/errors.ts';
import { onePathArg } from '../../../lib/args.ts';
import { command, type Command } from '../../command.ts';
import type { Project } from '../../../../core/wire/event.ts';

export type { Project };

export function metadataArg(raw: unknown): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(String(raw));
  } catch {
    throw new CliError('--metadata must be a JSON object, e.g. \'{"track":"ai"}\'', EXIT.rejected, 'invalid_input');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new CliError('--metadata must be a JSON object', EXIT.rejected, 'invalid_input');
  return v as Record<string, unknown>;
}

export function projectLine(p: Project): string {
  return `${p.name}  ${p.id}  ${p.role}${p.archived ? '  (archived)' : ''}`;
}

export function archiveCommand(verb: 'archive' | 'unarchive'): Command {
  return command({
    path: `projects ${verb}`,
    summary: verb === 'archive' ? 'Archive a project (read-only, out of the default list; nothing deleted)' : 'Bring an archived project back',
    usage: `Usage: hackathon projects ${verb} <id>`,
    async run(opts, ctx) {
      const p = await (await ctx.client()).call(`POST /api/v1/projects/:id/${verb}`, { params: { id: onePathArg(opts.args, 'project id') }, body: {} });
      if (ctx.json) return ctx.printJson(p);
      ctx.out(`${verb === 'archive' ? 'Archived' : 'Unarchived'} ${p.name} (${p.id})`);
    },
  });
}
