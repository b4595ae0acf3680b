// Signs in on the selected profile and makes it active. Self-hosted: the emailed code,
// both legs in one command, one code for hackathon and deckcli (cli/lib/both-tools.ts), or a
// pasted dashboard key (checked against the instance before it is saved). Cloud instances sign
// in through the hub.
import type { KeyRevoked } from '../../../core/wire/identity.ts';
import { signInByCode, type OtherOutcome } from '../../lib/both-tools.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { hubLoginName, hubOf, loginThroughHub } from '../../lib/hub.ts';
import { ask } from '../../lib/prompt.ts';
import { WireError } from '../../../client/errors.ts';
import { command } from '../command.ts';
import { USER_AGENT, type Context } from '../context.ts';

async function saveKey(ctx: Context, key: string, email: string, deckcli?: () => Promise<OtherOutcome>): Promise<void> {
  const { name, url } = ctx.profile();
  const prior = ctx.store.get(name) ?? {};
  ctx.store.put(name, { ...prior, baseUrl: url, apiKey: key });
  ctx.store.setActive(name);
  ctx.store.save();
  const other = await deckcli?.();
  if (ctx.json) return ctx.printJson({ ok: true, profile: name, url, email, ...(other ? { deckcli: other.json } : {}) });
  ctx.done(`Signed in to ${url} as ${email} (profile ${name}, now active)`);
  if (other?.json.signedIn) ctx.done(other.line);
  else if (other) ctx.err(other.line);
}

/**
 * Cloud: the hub login of this hub (shared with deckcli; asked for when there is none, replaced
 * once when the hub rejects it), exchanged for a key cached on this profile for this instance.
 * The key it replaces is revoked first, best effort.
 */
async function loginOnCloud(ctx: Context, hubUrl: string, email: string | undefined, keyName: string | undefined, expiresInDays: number | undefined): Promise<void> {
  const { name, url } = ctx.profile();
  const { login, minted } = await loginThroughHub({ io: ctx.io, userAgent: USER_AGENT, err: (l) => ctx.err(l) }, ctx.hubLogins, hubUrl, url, email, { tool: 'hackathon', keyName, expiresInDays });
  const loginName = hubLoginName(login);
  const prior = ctx.store.get(name) ?? {};
  const replaced = prior.connectKeys?.[loginName];
  if (replaced) {
    const old = typeof replaced === 'string' ? replaced : replaced.key;
    await ctx.wireClient({ baseUrl: url, key: old, userAgent: USER_AGENT }).request<KeyRevoked>('DELETE', '/cli/auth/key').catch(() => {});
  }
  ctx.store.put(name, { ...prior, baseUrl: url, connectKeys: { ...prior.connectKeys, [loginName]: { key: minted.key, instance: url } } });
  ctx.store.setActive(name);
  ctx.store.save();
  if (prior.apiKey) ctx.err(`Profile ${name} also holds a key of its own, which still comes first; hackathon logout --profile ${name} revokes and forgets both.`);
  if (ctx.json) return ctx.printJson({ ok: true, profile: name, url, email: minted.user.email, hubUrl, hubLogin: loginName });
  ctx.done(`Signed in to ${url} as ${minted.user.email} through the hub ${hubUrl} (profile ${name}, now active)`);
}

export const login = command({
  path: 'login',
  summary: 'Sign in on the selected instance and make its profile active',
  usage:
    'Usage: hackathon login [--email <e>] [--key-name <n>] [--expires-in-days <n>]\n' +
    '       hackathon login --api-key-stdin   (paste a dashboard key; it must start with hck_)\n\n' +
    'Cloud instances sign in through their hub (one hub login serves deckcli and hackathon): the hub mails a code to your hub account;\n' +
    'self-hosted instances mail a code to an existing account, one code for hackathon and deckcli: deckcli is signed in to the same instance too\n' +
    '(its profile of that instance; a deckcli key the instance still accepts is kept). Without a terminal --email is required and the code is the first stdin line\n' +
    '(a hub account with two-factor authentication: the emailed code, a space, the authenticator code).',
  flags: { email: { type: 'string' }, keyName: { type: 'string' }, expiresInDays: { type: 'string' } },
  async run(opts, ctx) {
    const days = opts.expiresInDays;
    if (days !== undefined && !/^\d+$/.test(days)) throw new CliError(`--expires-in-days must be a whole number, got ${days}`, EXIT.rejected, 'invalid_input');
    const { url } = ctx.profile();
    const pasted = await ctx.credential({ exchange: false });
    if (pasted && pasted.source !== 'profile' && pasted.source !== 'hub login') {
      if (!pasted.key.startsWith('hck_')) throw new CliError('that is not a hackathon key: keys for this tool start with hck_', EXIT.rejected, 'invalid_input');
      const me = await ctx.wireClient({ baseUrl: url, key: pasted.key, userAgent: USER_AGENT }).call('GET /api/v1/me').catch((err) => {
        if (err instanceof WireError && err.status === 401) throw new CliError(`${url} does not accept this key (unknown, expired or revoked)`, EXIT.access, 'unauthorized');
        throw err;
      });
      return saveKey(ctx, pasted.key, me.user.email);
    }
    const anon = await ctx.bareClient({ auth: false });
    const discovery = await anon.call('GET /api/v1/instance');
    const hubUrl = hubOf(discovery);
    if (hubUrl) return loginOnCloud(ctx, hubUrl, opts.email, opts.keyName, days === undefined ? undefined : Number(days));
    if (!discovery.auth.methods.includes('email_code')) {
      throw new CliError(`${url} cannot mail sign-in codes (no email driver): ask an organizer for a key and paste it with hackathon login --api-key-stdin`, EXIT.environment, 'otp_unavailable');
    }
    const email = (opts.email) ?? (await ask(ctx.io, 'Email: ', 'email'));
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    const deps = { io: ctx.io, userAgent: USER_AGENT, err: (l: string) => ctx.err(l) };
    const r = await signInByCode(deps, anon, discovery, { tool: 'hackathon', url, email, keyName: opts.keyName, expiresInDays: days === undefined ? undefined : Number(days) });
    await saveKey(ctx, r.key.key, r.user.email, r.settleOther);
  },
});
