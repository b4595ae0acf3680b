// Where a command runs and as whom: workspace, organization, what chose the workspace,
// the credential's source, and the hub login state.
import { discover, hubOf } from '../../lib/hub.ts';
import { command } from '../command.ts';
import { USER_AGENT } from '../context.ts';

export const whoami = command({
  path: 'whoami',
  summary: 'Show the workspace, the account and the credential a command would use',
  usage: 'Usage: hackathon whoami [--workspace <id or name> | --org <id or name>] [--json]',
  async run(opts, ctx) {
    const client = await ctx.client();
    const me = await client.call('GET /api/v1/me');
    const sel = ctx.selection();
    const cred = (await ctx.credential())!;
    const profile = ctx.profile();
    const chosenBy = sel ? sel.source : me.key?.workspaceId ? 'key pin' : 'server default';
    let hub: string;
    if (cred.source === 'hub login') hub = `used (${ctx.hub().cached()?.login ?? 'hub login'})`;
    else {
      // Whether the instance signs in through a hub is discovery's answer (public, no key sent).
      const hubUrl = hubOf(await discover({ io: ctx.io, userAgent: USER_AGENT, err: (l) => ctx.err(l) }, profile.url));
      const login = hubUrl ? ctx.hubLogins.get(hubUrl) : null;
      hub = !hubUrl ? 'not used: self-hosted instances never contact the hub'
        : login ? `not used: ${cred.source} came first`
        : `not connected: run hackathon login to sign in through the hub ${hubUrl}`;
    }
    const answer = {
      instance: profile.url,
      profile: profile.name,
      workspace: me.workspace,
      organizationId: me.workspace?.organizationId ?? null,
      chosenBy,
      user: me.user,
      via: me.via,
      credential: cred.source,
      key: me.key ? { name: me.key.name, scopes: me.key.scopes, expiresAt: me.key.expiresAt, pinnedWorkspaceId: me.key.workspaceId } : null,
      hubLogin: hub,
    };
    if (ctx.json) return ctx.printJson(answer);
    ctx.out(`Workspace: ${me.workspace ? `${me.workspace.name} (${me.workspace.id}), role ${me.workspace.role}` : 'none'}`);
    ctx.out(`Organization: ${answer.organizationId ?? '-'}`);
    ctx.out(`Chosen by: ${chosenBy}`);
    ctx.out(`Signed in as: ${me.user.email}${me.user.name ? ` (${me.user.name})` : ''}`);
    ctx.out(`Credential: API key${me.key ? ` "${me.key.name}"` : ''} from ${cred.source}`);
    ctx.out(`Hub login: ${hub}`);
    ctx.out(`Instance: ${profile.url} (profile ${profile.name})`);
  },
});
