// projects update: rename a project, change its description or replace its metadata.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { onePathArg } from '../../../lib/args.ts';
import { metadataArg, projectLine } from './shared.ts';

export const projectsUpdate = command({
  path: 'projects update',
  summary: 'Rename a project, change its description or replace its metadata',
  usage: 'Usage: hackathon projects update <id> [--name <n>] [--description <text> | --clear-description] [--metadata <json object>]',
  flags: { name: { type: 'string' }, description: { type: 'string' }, clearDescription: { type: 'boolean' }, metadata: { type: 'string' } },
  async run(opts, ctx) {
    const id = onePathArg(opts.args, 'project id');
    const f = opts;
    if (f.description !== undefined && f.clearDescription) throw new CliError('--description and --clear-description conflict', EXIT.rejected, 'invalid_input');
    const body: Record<string, unknown> = {};
    if (f.name !== undefined) body.name = f.name;
    if (f.description !== undefined) body.description = f.description;
    if (f.clearDescription) body.description = null;
    if (f.metadata !== undefined) body.metadata = metadataArg(f.metadata);
    if (Object.keys(body).length === 0) throw new CliError('nothing to change: pass --name, --description, --clear-description or --metadata', EXIT.rejected, 'invalid_input');
    const p = await (await ctx.client()).call('PATCH /api/v1/projects/:id', { params: { id }, body });
    if (ctx.json) return ctx.printJson(p);
    ctx.done(`Updated ${projectLine(p)}`);
  },
});
