// Second leg of the emailed-code sign-in: trades the code for a key (shown once by the
// server) and stores it as the active profile of that instance. When the instance mails one
// code for both tools, the code also makes a hackathon key, saved on hackathon's profile of
// the instance, or revoked at once when that profile may not take it (cli/lib/both-tools.ts).
import { completeTwoLeg } from '../../../lib/both-tools.ts';
import { requireFlag } from '../../../lib/args.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { ask } from '../../../lib/prompt.ts';
import { profileNameForUrl } from '../../../lib/url.ts';
import { command } from '../../command.ts';
import { USER_AGENT } from '../../context.ts';
import { refuseOnCloud } from './cloud-gate.ts';

export const loginComplete = command({
  path: 'auth login-complete',
  summary: 'Trade the mailed code for a key and store it as the active profile',
  usage:
    'Usage: deckcli auth login-complete --email <e> [--code <123456>] [--key-name <name>] [--expires-in-days <n>] --api-url <url>\n\n' +
    'Without --code the code is read from the terminal, or from the first stdin line. A code for both tools also saves a hackathon key\n' +
    'on hackathon\'s profile of the instance (a hackathon key the instance still accepts is kept, and the new one revoked).',
  flags: { email: { type: 'string' }, code: { type: 'string' }, keyName: { type: 'string' }, expiresInDays: { type: 'string' } },
  async run(opts, ctx) {
    const email = requireFlag(opts.email, 'email');
    const days = opts.expiresInDays;
    if (days !== undefined && !/^\d+$/.test(days)) throw new CliError(`--expires-in-days must be a whole number, got ${days}`, EXIT.rejected, 'invalid_input');
    const anon = await ctx.client({ auth: false });
    const discovery = await refuseOnCloud(anon);
    const code = (opts.code) ?? (await ask(ctx.io, 'Code: ', 'sign-in code'));
    if (!/^\d{6}$/.test(code.trim())) throw new CliError('the code is six digits', EXIT.rejected, 'invalid_input');
    const url = anon.baseUrl;
    const deps = { io: ctx.io, userAgent: USER_AGENT, err: (l: string) => ctx.err(l) };
    const r = await completeTwoLeg(deps, anon, discovery, { tool: 'deck', url, email, code: code.trim(), keyName: opts.keyName, expiresInDays: days === undefined ? undefined : Number(days) });
    const name = ctx.store.byUrl(url)?.[0] ?? profileNameForUrl(url);
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
