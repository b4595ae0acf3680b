// projects create: you become the project's first manager.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { metadataArg } from './shared.ts';

export const projectsCreate = command({
  path: 'projects create',
  summary: 'Create a project; you become its first manager',
  usage: 'Usage: hackathon projects create <name> [--description <text>] [--metadata <json object>]',
  flags: { description: { type: 'string' }, metadata: { type: 'string' } },
  async run(opts, ctx) {
    const [name] = opts.args;
    if (!name || opts.args.length > 1) throw new CliError('name exactly one project (quote names with spaces)', EXIT.usage, 'usage');
    const body: Record<string, unknown> = { name };
    if (opts.description !== undefined) body.description = opts.description;
    if (opts.metadata !== undefined) body.metadata = metadataArg(opts.metadata);
    const p = await (await ctx.client()).call('POST /api/v1/projects', { body, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(p);
    ctx.done(`Created project ${p.name} (${p.id})`);
  },
});
