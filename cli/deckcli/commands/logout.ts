// A hub-connected profile revokes its cached keys server-side (DELETE /cli/auth/key),
// then evicts them; a classic single-key profile logs out locally, as it always did.
import type { KeyRevoked } from '../../../core/wire/identity.ts';
import { CliError, EXIT, exitCodeOf, isReported } from '../../lib/errors.ts';
import { connectKeyOf } from '../../lib/hub.ts';
import { WireError } from '../../../client/errors.ts';
import { command } from '../command.ts';
import { USER_AGENT } from '../context.ts';
import { confirm, YES_FLAG } from '../../lib/prompt.ts';

export const logout = command({
  path: 'logout',
  summary: 'Sign out of the selected instance',
  usage: 'Usage: deckcli logout [--profile <name> | --api-url <url>] [--yes]\n\nRevoking the hub keys cannot be undone: asks first on a terminal; elsewhere --yes is required.',
  flags: { ...YES_FLAG },
  async run(opts, ctx) {
    const { url, profileName } = ctx.instance();
    const p = profileName ? ctx.store.get(profileName) : null;
    if (!profileName || !p || (!p.apiKey && !p.connectKeys)) {
      ctx.out(`No saved sign-in for ${url}; nothing to do`);
      return;
    }
    const hubKeys = Object.keys(p.connectKeys ?? {}).length;
    if (hubKeys > 0) {
      await confirm(ctx.io, { yes: opts.yes, action: `revoke the ${hubKeys === 1 ? 'key' : `${hubKeys} keys`} of profile ${profileName} on ${url}`, consequence: 'a revoked key never works again; deckcli login mints a new one' });
    }
    const lines: string[] = [];
    for (const [hubProfile, entry] of Object.entries(p.connectKeys ?? {})) {
      // Each key is revoked on the instance it was minted on (the profile's), nowhere else.
      const { key, instance } = connectKeyOf(entry, p.baseUrl);
      try {
        await ctx.wireClient({ baseUrl: instance, key, userAgent: USER_AGENT }).request<KeyRevoked>('DELETE', '/cli/auth/key');
        lines.push(`Revoked the key of hub login ${hubProfile} on ${instance}`);
      } catch (err) {
        // 403 key_not_allowed: an older instance whose allowlist predates self-revocation (any
        // valid key may revoke itself on a current one); any other 403 is the instance's sentence.
        if (err instanceof WireError && err.status === 403 && err.code === 'key_not_allowed') {
          lines.push(`${instance} does not let a key revoke itself (older instance): the key of hub login ${hubProfile} stays valid on the server; revoke it from the dashboard`);
        } else if (err instanceof WireError && err.status === 403) {
          lines.push(`${instance} refused to revoke the key of hub login ${hubProfile} (${err.message}): it stays valid on the server; revoke it from the dashboard`);
        } else if (err instanceof WireError && err.status === 401) lines.push(`The key of hub login ${hubProfile} was already invalid`);
        else if (isReported(err) && exitCodeOf(err) === EXIT.environment) throw new CliError(`${err.message}; nothing was evicted, try again`, EXIT.environment, 'unreachable');
        else throw err;
      }
    }
    if (p.apiKey) lines.push(`Forgot the key of profile ${profileName} on this machine`);
    ctx.store.put(profileName, { baseUrl: p.baseUrl });
    ctx.store.save();
    if (ctx.json) return ctx.printJson({ profile: profileName, baseUrl: url, messages: lines });
    for (const l of lines) ctx.out(l);
  },
});
