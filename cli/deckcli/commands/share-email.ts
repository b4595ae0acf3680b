// `deckcli share-email <deckId> --to <email>`: mints a fresh link (a new secret per send)
// and has the instance mail it; the secret appears only in that mail.
import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';
import { SHARE_FLAGS, shareBody } from './share.ts';

export const shareEmail = command({
  path: 'share-email',
  summary: 'Mint a share link and have the instance mail it',
  usage:
    'Usage: deckcli share-email <deckId> --to <email> [--message <text>] [--no-bar] [--no-download] [--no-forms] [--password-stdin]\n' +
    '         [--name <name>] [--version <n>] [--expires-in <30m|12h|7d>] [--json]\n\nThe password may also come from DECKS_SHARE_PASSWORD.',
  flags: { ...SHARE_FLAGS, to: { type: 'string' }, message: { type: 'string' } },
  async run(opts, ctx) {
    const id = onePathArg(opts.args, 'deck id');
    const to = opts.to;
    if (!to) throw new CliError('--to <email> is required', EXIT.usage, 'usage');
    if (!/^[^@\s]+@[^@\s]+$/.test(to)) throw new CliError(`--to is not an email address: ${to}`, EXIT.rejected, 'invalid_input');
    const body = { ...(await shareBody(opts, ctx)), to, ...(opts.message !== undefined ? { message: opts.message } : {}) };
    const r = await (await ctx.client()).call('POST /api/v1/presentations/:id/share-links/email', { params: { id }, body, headers: { 'idempotency-key': crypto.randomUUID() } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Mailed a new share link to ${r.sentTo} (link ${r.token.id}); its URL is only in that mail`);
  },
});
