// Signs in on the named instance and makes its profile active. Cloud instances (discovery
// names `hub`): the hub login of that hub (shared with hackathon; asked for when there is
// none, replaced once when the hub rejects it), exchanged for a key cached on the profile for
// this instance. Self-hosted: the emailed code, both legs in one command, one code for deckcli
// and hackathon (cli/lib/both-tools.ts).
import type { KeyRevoked } from '../../../core/wire/identity.ts';
import { signInByCode } from '../../lib/both-tools.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { hubLoginName, hubOf, loginThroughHub } from '../../lib/hub.ts';
import { ask } from '../../lib/prompt.ts';
import { profileNameForUrl } from '../../lib/url.ts';
import { command } from '../command.ts';
import { USER_AGENT } from '../context.ts';

export const login = command({
  path: 'login',
  summary: 'Sign in on the named instance (hub login on cloud, emailed code on self-hosted)',
  usage:
    'Usage: deckcli login --api-url <url> [--email <e>] [--key-name <n>] [--expires-in-days <n>]\n\n' +
    'Cloud instances sign in through their hub (one hub login serves deckcli and hackathon); self-hosted instances mail a code,\n' +
    'one code for deckcli and hackathon: hackathon is signed in to the same instance too (a hackathon key the instance still accepts is kept).\n' +
    'Without a terminal --email is required and the code is the first stdin line (a hub account with two-factor authentication:\n' +
    'the emailed code, a space, the authenticator code). A key made in the dashboard is saved with deckcli auth save-key.',
  flags: { email: { type: 'string' }, keyName: { type: 'string' }, expiresInDays: { type: 'string' } },
  async run(opts, ctx) {
    const days = opts.expiresInDays;
    if (days !== undefined && !/^\d+$/.test(days)) throw new CliError(`--expires-in-days must be a whole number, got ${days}`, EXIT.rejected, 'invalid_input');
    if (opts.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(opts.email)) throw new CliError(`not an email address: ${opts.email}`, EXIT.rejected, 'invalid_input');
    const anon = await ctx.client({ auth: false });
    const url = anon.baseUrl;
    const name = ctx.store.byUrl(url)?.[0] ?? profileNameForUrl(url);
    const discovery = await anon.call('GET /api/v1/instance');
    const hubUrl = hubOf(discovery);
    const deps = { io: ctx.io, userAgent: USER_AGENT, err: (l: string) => ctx.err(l) };
    if (hubUrl) {
      const { login, minted } = await loginThroughHub(deps, ctx.hubLogins, hubUrl, url, opts.email, { tool: 'deck', keyName: opts.keyName, expiresInDays: days === undefined ? undefined : Number(days) });
      const loginName = hubLoginName(login);
      const prior = ctx.store.get(name);
      const replaced = prior?.connectKeys?.[loginName];
      if (replaced) {
        // The key this one replaces is revoked first, best effort.
        const old = typeof replaced === 'string' ? replaced : replaced.key;
        await ctx.wireClient({ baseUrl: url, key: old, userAgent: USER_AGENT }).request<KeyRevoked>('DELETE', '/cli/auth/key').catch(() => {});
      }
      ctx.store.put(name, { ...prior, baseUrl: url, connectKeys: { ...prior?.connectKeys, [loginName]: { key: minted.key, instance: url } } });
      ctx.store.setActive(name);
      ctx.store.save();
      if (prior?.apiKey) ctx.err(`Profile ${name} also holds a key of its own, which still comes first; deckcli logout forgets it.`);
      if (ctx.json) return ctx.printJson({ profile: name, baseUrl: url, email: minted.user.email, hubUrl, hubLogin: loginName });
      ctx.done(`Signed in to ${url} as ${minted.user.email} through the hub ${hubUrl} (profile ${name}, now active)`);
      return;
    }
    if (!discovery.auth.methods.includes('email_code')) {
      throw new CliError(`${url} cannot mail sign-in codes (no email driver): make a key in the dashboard and save it with deckcli auth save-key --api-url ${url}`, EXIT.environment, 'otp_unavailable');
    }
    const email = opts.email ?? (await ask(ctx.io, 'Email: ', 'email'));
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    const r = await signInByCode(deps, anon, discovery, { tool: 'deck', url, email, keyName: opts.keyName, expiresInDays: days === undefined ? undefined : Number(days) });
    ctx.store.put(name, { ...(ctx.store.get(name) ?? {}), baseUrl: url, apiKey: r.key.key });
    ctx.store.setActive(name);
    ctx.store.save();
    const other = await r.settleOther();
    if (ctx.json) return ctx.printJson({ profile: name, baseUrl: url, id: r.key.id, name: r.key.name, scopes: r.key.scopes, expiresAt: r.key.expiresAt, user: r.user, hackathon: other.json });
    ctx.done(`Signed in to ${url} as ${r.user.email}; key "${r.key.name}" stored in profile ${name} (now active)`);
    if (other.json.signedIn) ctx.done(other.line);
    else ctx.err(other.line);
  },
});
