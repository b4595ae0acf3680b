// Revokes every key the profile holds, on the instance the profile names (never an
// --api-url one), then forgets them. The profile, its URL and the hub login stay.
import type { KeyRevoked } from '../../../core/wire/identity.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { connectKeyOf } from '../../lib/hub.ts';
import { WireError } from '../../lib/wire.ts';
import { command } from '../command.ts';
import { USER_AGENT } from '../context.ts';
import { chooseProfile } from '../profiles.ts';

export const logout = command({
  path: 'logout',
  summary: 'Revoke and forget the keys of a profile',
  usage: 'Usage: hackathon logout [--profile <name>]',
  async run(opts, ctx) {
    const { name, url } = chooseProfile(ctx.store, { profile: opts.profile }, {});
    const profile = ctx.store.get(name) ?? {};
    // Every key on the instance it belongs to: the profile's own key on the profile's instance,
    // each cached hub key on the instance it was minted on.
    const keys = [
      ...(profile.apiKey ? [{ key: profile.apiKey, instance: url }] : []),
      ...Object.values(profile.connectKeys ?? {}).map((e) => connectKeyOf(e, url)),
    ];
    if (keys.length === 0) {
      ctx.out(`Profile ${name} holds no key; nothing to do`);
      return;
    }
    const results: { outcome: 'revoked' | 'already_invalid' | 'kept_server_side' }[] = [];
    for (const { key, instance } of keys) {
      try {
        await ctx.wireClient({ baseUrl: instance, key, userAgent: USER_AGENT }).request<KeyRevoked>('DELETE', '/cli/auth/key');
        results.push({ outcome: 'revoked' });
      } catch (err) {
        if (err instanceof WireError && err.status === 401) results.push({ outcome: 'already_invalid' });
        else if (err instanceof WireError && err.status === 403) results.push({ outcome: 'kept_server_side' });
        else if (err instanceof CliError && err.exitCode === EXIT.environment) {
          throw new CliError(`${err.message}; nothing was forgotten, run logout again when ${url} answers`, EXIT.environment, 'unreachable');
        } else throw err;
      }
    }
    ctx.store.put(name, { baseUrl: profile.baseUrl });
    ctx.store.save();
    if (ctx.json) return ctx.printJson({ profile: name, url, keys: results });
    for (const r of results) {
      if (r.outcome === 'revoked') ctx.out(`Revoked a key on ${url}`);
      else if (r.outcome === 'already_invalid') ctx.out(`A key was already invalid on ${url}`);
      else ctx.out(`${url} does not let a key revoke itself (older instance): that key stays valid on the server until you revoke it from the dashboard`);
    }
    ctx.out(`Signed out of profile ${name}; its keys are forgotten on this machine`);
  },
});
