// projects create: you become the project's first manager.
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Command } from '../../command.ts';
import { metadataArg } from './shared.ts';

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
