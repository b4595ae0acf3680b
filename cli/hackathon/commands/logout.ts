// Revokes every key the profile holds, on the instance the profile names, then forgets them.
// The profile is chosen in the usual order (--profile, the profile of --api-url / EVENT_URL,
// the active one, cloud); keys go only to the instance their profile names. The profile, its
// URL and the hub login stay.
import type { KeyRevoked } from '../../../core/wire/identity.ts';
import { CliError, EXIT, exitCodeOf, isReported } from '../../lib/errors.ts';
import { connectKeyOf } from '../../lib/hub.ts';
import { WireError } from '../../../client/errors.ts';
import { command } from '../command.ts';
import { USER_AGENT } from '../context.ts';
import { chooseProfile } from '../../lib/hackathon-profiles.ts';
import { confirm, YES_FLAG } from '../../lib/prompt.ts';

export const logout = command({
  path: 'logout',
  summary: 'Revoke and forget the keys of a profile',
  usage: 'Usage: hackathon logout [--profile <name> | --api-url <url>] [--yes]\n\nRevoking a key cannot be undone: asks first on a terminal; elsewhere --yes is required.',
  flags: { ...YES_FLAG },
  async run(opts, ctx) {
    const { name, url } = chooseProfile(ctx.store, { profile: opts.profile, apiUrl: opts.apiUrl }, ctx.io.env);
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
    await confirm(ctx.io, { yes: opts.yes, action: `revoke and forget ${keys.length === 1 ? 'the key' : `the ${keys.length} keys`} of profile ${name}`, consequence: `a revoked key never works again; hackathon login mints a new one` });
    const results: { outcome: 'revoked' | 'already_invalid' | 'kept_server_side'; reason?: string }[] = [];
    for (const { key, instance } of keys) {
      try {
        await ctx.wireClient({ baseUrl: instance, key, userAgent: USER_AGENT }).request<KeyRevoked>('DELETE', '/cli/auth/key');
        results.push({ outcome: 'revoked' });
      } catch (err) {
        if (err instanceof WireError && err.status === 401) results.push({ outcome: 'already_invalid' });
        // key_not_allowed: an older instance whose allowlist predates self-revocation; any
        // other 403 is the instance's own sentence.
        else if (err instanceof WireError && err.status === 403) results.push({ outcome: 'kept_server_side', ...(err.code === 'key_not_allowed' ? {} : { reason: err.message }) });
        else if (isReported(err) && exitCodeOf(err) === EXIT.environment) {
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
      else if (r.reason) ctx.out(`${url} refused to revoke a key (${r.reason}): that key stays valid on the server until you revoke it from the dashboard`);
      else ctx.out(`${url} does not let a key revoke itself (older instance): that key stays valid on the server until you revoke it from the dashboard`);
    }
    ctx.done(`Signed out of profile ${name}; its keys are forgotten on this machine`);
  },
});
