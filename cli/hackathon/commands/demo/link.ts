// demo link: one demo pass per --email (self-hosted instances whose operator turned demo sign-in on).
import { wholeNumber } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { asOwner, OWNER_FLAGS } from './session.ts';
import { Pass } from './shared.ts';

export const demoLink = command({
  path: 'demo link',
  summary: 'Mint one demo pass per --email; prints one link per --path',
  usage:
    'Usage: hackathon demo link --email <e>... [--path </path>]... [--hours <n> | --minutes <n>] [--owner-email <e>] [--owner-password-stdin]\n\n' +
    'Lifetime: a day by default, at most a week. The links are the only place the pass secret appears.',
  flags: { email: { type: 'string', isMultiple: true }, path: { type: 'string', isMultiple: true }, hours: { type: 'string' }, minutes: { type: 'string' }, ...OWNER_FLAGS },
  async run(opts, ctx) {
    const emails = (opts.email) ?? [];
    if (emails.length === 0) throw new CliError('name at least one --email', EXIT.usage, 'usage');
    for (const e of emails) if (!/^[^@\s]+@[^@\s]+$/.test(e)) throw new CliError(`not an email address: ${e}`, EXIT.rejected, 'invalid_input');
    const paths = (opts.path) ?? [];
    for (const p of paths) if (!/^\/(?!\/)/.test(p)) throw new CliError(`--path must start with a single /, got ${p}`, EXIT.rejected, 'invalid_input');
    if (opts.hours !== undefined && opts.minutes !== undefined) throw new CliError('--hours and --minutes conflict', EXIT.rejected, 'invalid_input');
    const body: Record<string, unknown> = { emails };
    if (paths.length) body.paths = paths;
    if (opts.hours !== undefined) body.hours = wholeNumber(opts.hours, '--hours', 1, 168);
    if (opts.minutes !== undefined) body.minutes = wholeNumber(opts.minutes, '--minutes', 1, 10080);
    const r = await asOwner(opts, ctx, (c) => c.request<{ items: Pass[] }>('POST', '/api/v1/demo/passes', body));
    if (ctx.json) return ctx.printJson(r);
    for (const p of r.items) {
      ctx.out(`${p.email} (pass ${p.id}, expires ${p.expiresAt}):`);
      for (const l of p.links ?? []) ctx.out(`  ${l}`);
    }
  },
});
