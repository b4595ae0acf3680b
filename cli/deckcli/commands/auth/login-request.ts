// First leg of the emailed-code sign-in: one code for deckcli and hackathon when the instance
// mails one for both (auth login-complete then asks both keys with it; cli/lib/both-tools.ts).
import { twoLegTools } from '../../../lib/both-tools.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { requireFlag } from '../../../lib/args.ts';
import { command } from '../../command.ts';
import { refuseOnCloud } from './cloud-gate.ts';

export const loginRequest = command({
  path: 'auth login-request',
  summary: 'Ask a self-hosted instance to mail you a sign-in code',
  usage: 'Usage: deckcli auth login-request --email <e> --api-url <url>\n\nOn an instance that mails one code for both tools, the code signs in hackathon too (auth login-complete saves its key).',
  flags: { email: { type: 'string' } },
  async run(opts, ctx) {
    const email = requireFlag(opts.email, 'email');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    const anon = await ctx.client({ auth: false });
    const tools = twoLegTools('deck', await refuseOnCloud(anon));
    const r = await anon.call('POST /api/v1/cli/auth/request', { body: tools.length > 1 ? { email, tools } : { email, tool: 'deck' } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(r.message);
    const both = tools.length > 1 ? '; the code signs in hackathon too' : '';
    ctx.err(`Next: deckcli auth login-complete --email ${email} --api-url ${anon.baseUrl} (the code is read from stdin or --code${both})`);
  },
});
