// projects create / update / archive / unarchive.
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Command } from '../../command.ts';
import { onePathArg } from '../../../lib/args.ts';
import { metadataArg, projectLine } from './shared.ts';

export const projectsCreate: Command = {
  path: 'projects create',
  summary: 'Create a project; you become its first manager',
  usage: 'Usage: hackathon projects create <name> [--description <text>] [--metadata <json object>]',
  flags: { description: { type: 'string' }, metadata: { type: 'string' } },
  async run(ctx) {
    const [name] = ctx.input;
    if (!name || ctx.input.length > 1) throw new CliError('name exactly one project (quote names with spaces)', EXIT.usage);
    const body: Record<string, unknown> = { name };
    if (ctx.flags.description !== undefined) body.description = ctx.flags.description;
    if (ctx.flags.metadata !== undefined) body.metadata = metadataArg(ctx.flags.metadata);
    const p = await (await ctx.client()).request('POST', '/api/v1/projects', body, { 'idempotency-key': crypto.randomUUID() });
    if (ctx.json) return ctx.printJson(p);
    ctx.out(`Created project ${p.name} (${p.id})`);
  },
};

export const projectsUpdate: Command = {
  path: 'projects update',
  summary: 'Rename a project, change its description or replace its metadata',
  usage: 'Usage: hackathon projects update <id> [--name <n>] [--description <text> | --clear-description] [--metadata <json object>]',
  flags: { name: { type: 'string' }, description: { type: 'string' }, clearDescription: { type: 'boolean' }, metadata: { type: 'string' } },
  async run(ctx) {
    const id = onePathArg(ctx.input, 'project id');
    const f = ctx.flags;
    if (f.description !== undefined && f.clearDescription) throw new CliError('--description and --clear-description conflict', EXIT.rejected);
    const body: Record<string, unknown> = {};
    if (f.name !== undefined) body.name = f.name;
    if (f.description !== undefined) body.description = f.description;
    if (f.clearDescription) body.description = null;
    if (f.metadata !== undefined) body.metadata = metadataArg(f.metadata);
    if (Object.keys(body).length === 0) throw new CliError('nothing to change: pass --name, --description, --clear-description or --metadata', EXIT.rejected);
    const p = await (await ctx.client()).request('PATCH', `/api/v1/projects/${id}`, body);
    if (ctx.json) return ctx.printJson(p);
    ctx.out(`Updated ${projectLine(p)}`);
  },
};

function archiveCommand(verb: 'archive' | 'unarchive'): Command {
  return {
    path: `projects ${verb}`,
    summary: verb === 'archive' ? 'Archive a project (read-only, out of the default list; nothing deleted)' : 'Bring an archived project back',
    usage: `Usage: hackathon projects ${verb} <id>`,
    async run(ctx) {
      const p = await (await ctx.client()).request('POST', `/api/v1/projects/${onePathArg(ctx.input, 'project id')}/${verb}`, {});
      if (ctx.json) return ctx.printJson(p);
      ctx.out(`${verb === 'archive' ? 'Archived' : 'Unarchived'} ${p.name} (${p.id})`);
    },
  };
}

export const projectsArchive = archiveCommand('archive');
export const projectsUnarchive = archiveCommand('unarchive');
