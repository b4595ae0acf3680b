// Second leg of the emailed-code sign-in: trades the code for a key (shown once by the
// server) and stores it as the active profile of that instance.
import type { SignInKeyMinted } from '../../../../core/wire/identity.ts';
import { requireFlag } from '../../../lib/args.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { ask } from '../../../lib/prompt.ts';
import { profileNameForUrl } from '../../../lib/url.ts';
import { command } from '../../command.ts';
import { refuseOnCloud } from './cloud-gate.ts';

export const loginComplete = command({
  path: 'auth login-complete',
  summary: 'Trade the mailed code for a key and store it as the active profile',
  usage: 'Usage: deckcli auth login-complete --email <e> [--code <123456>] [--key-name <name>] [--expires-in-days <n>] --api-url <url>\n\nWithout --code the code is read from the terminal, or from the first stdin line.',
  flags: { email: { type: 'string' }, code: { type: 'string' }, keyName: { type: 'string' }, expiresInDays: { type: 'string' } },
  async run(opts, ctx) {
    const email = requireFlag(opts.email, 'email');
    const days = opts.expiresInDays;
    if (days !== undefined && !/^\d+$/.test(days)) throw new CliError(`--expires-in-days must be a whole number, got ${days}`, EXIT.rejected, 'invalid_input');
    const anon = await ctx.client({ auth: false });
    await refuseOnCloud(anon);
    const code = (opts.code) ?? (await ask(ctx.io, 'Code: ', 'sign-in code'));
    if (!/^\d{6}$/.test(code.trim())) throw new CliError('the code is six digits', EXIT.rejected, 'invalid_input');
    const body: Record<string, unknown> = { email, code: code.trim(), tool: 'deck' };
    if (opts.keyName) body.keyName = opts.keyName;
    if (days !== undefined) body.expiresInDays = Number(days);
    const r = await anon.request<SignInKeyMinted>('POST', '/api/v1/cli/auth/complete', body);
    const url = anon.baseUrl;
    const name = ctx.store.byUrl(url)?.[0] ?? profileNameForUrl(url);
    ctx.store.put(name, { ...(ctx.store.get(name) ?? {}), baseUrl: url, apiKey: r.key });
    ctx.store.setActive(name);
    ctx.store.save();
    if (ctx.json) return ctx.printJson({ profile: name, baseUrl: url, id: r.id, name: r.name, scopes: r.scopes, expiresAt: r.expiresAt, user: r.user });
    ctx.done(`Signed in to ${url} as ${r.user.email}; key "${r.name}" stored in profile ${name} (now active)`);
  },
});
