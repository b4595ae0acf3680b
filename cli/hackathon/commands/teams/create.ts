// teams create <slug> --name <name>: owners and admins.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { nameArg, slugArg } from './shared.ts';

export const teamsCreate = command({
  path: 'teams create',
  summary: 'Create a workspace team (owner or admin)',
  usage: 'Usage: hackathon teams create <slug> --name <name> [--json]',
  flags: { name: { type: 'string' } },
  async run(opts, ctx) {
    const [slug, extra] = opts.args;
    if (!slug || extra !== undefined) throw new CliError('name exactly one team slug', EXIT.usage, 'usage');
    if (opts.name === undefined) throw new CliError('--name is required', EXIT.usage, 'usage');
    const body = { slug: slugArg(slug, 'the slug'), name: nameArg(opts.name) };
    const t = await (await ctx.client()).call('POST /api/v1/teams', { body, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(t);
    ctx.done(`Created team ${t.slug} (${t.name}, ${t.id})`);
  },
});
