// Sets the workspace used when a command names none (self-hosted). On cloud the default
// is a hub account setting: the answer points to the account page.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { WireError } from '../../../../client/errors.ts';
import { command } from '../../command.ts';
import { UUID_RE as UUID } from '../../../../core/ids.ts';


export const workspaceDefault = command({
  path: 'workspace default',
  summary: 'Set the default workspace (self-hosted)',
  usage: 'Usage: hackathon workspace default <id or name>',
  async run(opts, ctx) {
    const [ref] = opts.args;
    if (!ref || opts.args.length > 1) throw new CliError('name exactly one workspace (id or name)', EXIT.usage, 'usage');
    const client = await ctx.bareClient();
    let id = ref;
    if (!UUID.test(ref)) {
      const { items } = await client.call('GET /api/v1/workspaces');
      const m = items.filter((w) => w.name.toLowerCase() === ref.toLowerCase());
      if (m.length !== 1) {
        throw new CliError(`${m.length ? 'several' : 'no'} workspaces match "${ref}"; candidates:\n${(m.length ? m : items).map((w) => `  ${w.name} (${w.id})`).join('\n')}`, EXIT.rejected, 'invalid_input');
      }
      id = m[0].id;
    }
    try {
      const r = await client.call('PUT /api/v1/me/default-workspace', { body: { workspaceId: id } });
      if (ctx.json) return ctx.printJson(r);
      ctx.out(`Default workspace: ${r.defaultWorkspace.name} (${r.defaultWorkspace.id})`);
    } catch (err) {
      if (err instanceof WireError && err.code === 'managed_on_hub') {
        throw new CliError(`On this cloud instance the default workspace is set on your hub account page: ${err.details.accountUrl}`, EXIT.wire, 'managed_on_hub');
      }
      throw err;
    }
  },
});
