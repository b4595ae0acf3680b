// As whom and where a command would run: the account, the workspace the server picked, the
// credential's source and the hub login state.
import { discover, hubOf } from '../../lib/hub.ts';
import { command } from '../command.ts';
import { USER_AGENT } from '../context.ts';

export const whoami = command({
  path: 'whoami',
  summary: 'Show the account, the workspace and the credential a command would use',
  usage: 'Usage: deckcli whoami [--json]',
  async run(opts, ctx) {
    const client = await ctx.client();
    const me = await client.call('GET /api/v1/me');
    const cred = (await ctx.credential())!;
    const { url, profileName } = ctx.instance();
    let hub: string;
    if (cred.source === 'hub login') hub = `used (${ctx.hub().cached()?.login ?? 'hub login'})`;
    else {
      const hubUrl = hubOf(await discover({ io: ctx.io, userAgent: USER_AGENT, err: (l) => ctx.err(l) }, url));
      hub = !hubUrl ? 'not used: self-hosted instances never contact the hub'
        : ctx.hubLogins.get(hubUrl) ? `not used: ${cred.source} came first`
        : `not connected: run deckcli login --api-url ${url} to sign in through the hub ${hubUrl}`;
    }
    const answer = {
      instance: url,
      profile: profileName,
      user: me.user,
      workspace: me.workspace,
      credential: cred.source,
      key: me.key ? { name: me.key.name, scopes: me.key.scopes, expiresAt: me.key.expiresAt, pinnedWorkspaceId: me.key.workspaceId } : null,
      hubLogin: hub,
    };
    if (ctx.json) return ctx.printJson(answer);
    ctx.out(`Signed in as: ${me.user.email}${me.user.name ? ` (${me.user.name})` : ''}`);
    ctx.out(`Workspace: ${me.workspace ? `${me.workspace.name} (${me.workspace.id})${me.workspace.organizationId ? `, organization ${me.workspace.organizationId}` : ''}, role ${me.workspace.role}` : 'none'}`);
    ctx.out(`Credential: API key${me.key ? ` "${me.key.name}" (${me.key.scopes.join(', ')})` : ''} from ${cred.source}`);
    ctx.out(`Hub login: ${hub}`);
    ctx.out(`Instance: ${url}${profileName ? ` (profile ${profileName})` : ''}`);
  },
});
