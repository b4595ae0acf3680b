// Sets the workspace used when a command names none. Self-hosted: the instance keeps it. On a
// cloud instance the default is the hub account's default organization (the instance answers
// managed_on_hub): it is set at the hub with the stored hub login, then this instance is
// signed in to again through the hub (the old key revoked first) so it takes the new default
// at once; the other instances of the hub take it at their next sign-in through it.
import type { KeyRevoked } from '../../../../core/wire/identity.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { discover, hubOf, setHubDefaultOrganization } from '../../../lib/hub.ts';
import { WireError } from '../../../../client/errors.ts';
import { command } from '../../command.ts';
import { USER_AGENT } from '../../context.ts';
import { UUID_RE as UUID } from '../../../../core/ids.ts';

export const workspaceDefault = command({
  path: 'workspace default',
  summary: 'Set the default workspace (on a cloud instance: your hub account\'s default organization)',
  usage: 'Usage: hackathon workspace default <id or name>',
  async run(opts, ctx) {
    const [ref] = opts.args;
    if (!ref || opts.args.length > 1) throw new CliError('name exactly one workspace (id or name)', EXIT.usage, 'usage');
    const client = await ctx.bareClient();
    const { items } = await client.call('GET /api/v1/workspaces');
    const m = UUID.test(ref) ? items.filter((w) => w.id === ref.toLowerCase()) : items.filter((w) => w.name.toLowerCase() === ref.toLowerCase());
    if (m.length !== 1) {
      throw new CliError(`${m.length ? 'several' : 'no'} workspaces match "${ref}"; candidates:\n${(m.length ? m : items).map((w) => `  ${w.name} (${w.id})`).join('\n')}`, EXIT.rejected, 'invalid_input');
    }
    const ws = m[0]!;
    try {
      const r = await client.call('PUT /api/v1/me/default-workspace', { body: { workspaceId: ws.id } });
      if (ctx.json) return ctx.printJson(r);
      ctx.out(`Default workspace: ${r.defaultWorkspace.name} (${r.defaultWorkspace.id})`);
    } catch (err) {
      if (!(err instanceof WireError && err.code === 'managed_on_hub')) throw err;
      const { url } = ctx.profile();
      const deps = { io: ctx.io, userAgent: USER_AGENT, err: (l: string) => ctx.err(l) };
      const hubUrl = hubOf(await discover(deps, url));
      const login = hubUrl ? ctx.hubLogins.get(hubUrl) : null;
      if (!hubUrl || !login) {
        throw new CliError(`On this cloud instance the default workspace is your hub account's default organization: sign in through the hub${hubUrl ? ` ${hubUrl}` : ''} with hackathon login, then run this again`, EXIT.access, 'unauthorized');
      }
      if (!ws.organizationId) throw new CliError(`${ws.name} belongs to no organization of the hub ${hubUrl}`, EXIT.rejected, 'invalid_input');
      const set = await setHubDefaultOrganization(deps, login, ws.organizationId);
      // This instance takes the hub's settings at a sign-in through the hub: sign in again now.
      const cred = await ctx.credential();
      const here = cred?.source === 'hub login'
        ? await ctx.hub().renew(async (key) => {
            try {
              await ctx.wireClient({ baseUrl: url, key, userAgent: USER_AGENT }).request<KeyRevoked>('DELETE', '/cli/auth/key');
            } catch (e) {
              if (!(e instanceof WireError && e.status === 401)) throw e; // already invalid: nothing to revoke
            }
          })
        : null;
      if (ctx.json) return ctx.printJson({ defaultOrganization: set.defaultOrganization, defaultWorkspace: { id: ws.id, name: ws.name, organizationId: ws.organizationId }, appliedHere: here !== null });
      ctx.out(`Default organization of your hub account: ${set.defaultOrganization.name} (${set.defaultOrganization.id})`);
      ctx.out(here
        ? `Default workspace on ${url}: ${ws.name} (${ws.id}); other instances of the hub take it at your next sign-in there`
        : `${url} takes it at your next sign-in through the hub (this command used a key from ${cred?.source ?? 'elsewhere'})`);
    }
  },
});
