// `podium mail audit [--limit <n>] [--json]`: who read which mail of the outbox, when, and
// how (web: an operator's browser session; cli: `podium mail show`). Newest first. The list
// of mails (`podium mail list`, the page's list) shows no code and is not recorded.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

interface MailRead {
  id: string;
  mailId: string;
  to: string;
  reader: string;
  via: 'web' | 'cli';
  readAt: string;
}

export const mailAudit = command({
  path: 'mail audit',
  summary: 'List every read of a mail of the outbox: who, when, which mail (web or podium mail show)',
  usage:
    'Usage: podium mail audit [--limit <n>] [--json]\n\n' +
    'Newest first: time (UTC), the mail (id and recipient), who read it and how (web: an instance operator\'s\n' +
    'browser session at /operator/mail; cli: podium mail show, named by OS account and host).',
  flags: { limit: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const limit = opts.limit === undefined ? 50 : Number(opts.limit);
    if (!/^\d+$/.test(opts.limit ?? '50') || limit < 1 || limit > 1000) {
      throw new CliError(`--limit must be a whole number from 1 to 1000, got ${opts.limit}`, EXIT.rejected, 'invalid_input');
    }
    const items = await withOperatorDb(config(), async (pool) =>
      (await pool.query<{ r: MailRead[] }>('select app_private.mail_audit($1) as r', [limit])).rows[0]!.r);
    if (opts.json) return printJson(io, { items, nextCursor: null });
    if (!items.length) {
      io.stdout.write('No mail of the outbox has been read yet.\n');
      return;
    }
    const mw = Math.max(...items.map((r) => r.mailId.length), 4);
    const tw = Math.max(...items.map((r) => r.to.length), 2);
    io.stdout.write(`${'READ (UTC)'.padEnd(19)}  ${'MAIL'.padEnd(mw)}  ${'TO'.padEnd(tw)}  VIA  READER\n`);
    for (const r of items) io.stdout.write(`${r.readAt.slice(0, 19).replace('T', ' ')}  ${r.mailId.padEnd(mw)}  ${r.to.padEnd(tw)}  ${r.via.padEnd(3)}  ${r.reader}\n`);
  },
});
