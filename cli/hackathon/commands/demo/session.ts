// Demo commands use no API key: each signs in as the workspace owner for its own
// duration (email from --owner-email or EVENT_OWNER_EMAIL; password from
// EVENT_OWNER_PASSWORD or the first stdin line with --owner-password-stdin) and signs
// out at the end, whatever happened.
import type { SessionOpened } from '../../../../core/wire/identity.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { readStdinLineOnce } from '../../../lib/io.ts';
import type { WireClient } from '../../../../client/wire.ts';
import type { Context } from '../../context.ts';
import type { CommandOptions } from '../../command.ts';
import { USER_AGENT } from '../../context.ts';

export const OWNER_FLAGS = { ownerEmail: { type: 'string' }, ownerPasswordStdin: { type: 'boolean' } } as const;

export type OwnerOptions = CommandOptions<typeof OWNER_FLAGS>;

export async function asOwner<T>(opts: OwnerOptions, ctx: Context, fn: (client: WireClient) => Promise<T>): Promise<T> {
  const email = opts.ownerEmail ?? ctx.io.env.EVENT_OWNER_EMAIL;
  if (!email) throw new CliError('demo commands sign in as the workspace owner: pass --owner-email or set EVENT_OWNER_EMAIL', EXIT.usage, 'usage');
  const password = opts.ownerPasswordStdin ? await readStdinLineOnce(ctx.io, '--owner-password-stdin') : ctx.io.env.EVENT_OWNER_PASSWORD;
  if (!password) throw new CliError("the owner's password comes from EVENT_OWNER_PASSWORD or --owner-password-stdin", EXIT.usage, 'usage');
  const { url } = ctx.profile();
  const anon = ctx.wireClient({ baseUrl: url, userAgent: USER_AGENT });
  const discovery = await anon.call('GET /api/v1/instance');
  if (discovery.auth.methods.includes('hub')) throw new CliError('on a cloud instance demo links are minted at the hub', EXIT.wire, 'managed_on_hub');
  const signIn = await anon.exchange<SessionOpened>('POST', '/api/v1/auth/session', { email, password });
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('podium_session='))?.split(';')[0];
  if (!cookie) throw new CliError(`${url} answered the sign-in without a session`, EXIT.environment, 'environment');
  // Browser-session writes must carry the instance's Origin (CSRF rule).
  const session = ctx.wireClient({ baseUrl: url, userAgent: USER_AGENT, headers: { cookie, origin: new URL(url).origin } });
  try {
    const sel = ctx.selection();
    const client = sel ? ctx.wireClient({ ...session.opts, headers: { ...session.opts.headers, ...(await ctx.resolveSelection(session, sel)) } }) : session;
    return await fn(client);
  } finally {
    await session.call('DELETE /api/v1/auth/session').catch(() => {});
  }
}
