// teams update <slug or id> [--slug <new slug>] [--name <name>]: owners and admins.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { nameArg, slugArg } from './shared.ts';

export const teamsUpdate = command({
  path: 'teams update',
  summary: 'Change a team\'s slug or name (owner or admin)',
  usage: 'Usage: hackathon teams update <slug or id> [--slug <new slug>] [--name <name>] [--json]',
  flags: { slug: { type: 'string' }, name: { type: 'string' } },
  async run(opts, ctx) {
    const [team, extra] = opts.args;
    if (!team || extra !== undefined) throw new CliError('name exactly one team (slug or id)', EXIT.usage, 'usage');
    if (opts.slug === undefined && opts.name === undefined) throw new CliError('nothing to change: pass --slug and/or --name', EXIT.rejected, 'invalid_input');
    const body: Record<string, string> = {};
    if (opts.slug !== undefined) body.slug = slugArg(opts.slug, '--slug');
    if (opts.name !== undefined) body.name = nameArg(opts.name);
    const t = await (await ctx.client()).call('PATCH /api/v1/teams/:team', { params: { team: encodeURIComponent(team) }, body });
    if (ctx.json) return ctx.printJson(t);
    ctx.done(`Updated team ${t.slug} (${t.name})`);
  },
});
