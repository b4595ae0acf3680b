// `podium mail list [--limit <n>] [--json]`: the mail outbox, newest first. With
// EMAIL_DRIVER=outbox (the default when it is unset) every mail the instance sends (sign-in
// codes, invitations, share links) is kept in the database instead of being sent; the
// operator reads it here or on the /operator/mail page (docs/OPERATIONS.md "Mail").
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
  text?: string;
}

export const mailList = command({
  path: 'mail list',
  summary: 'List the mail outbox, newest first (mail kept instead of sent: EMAIL_DRIVER=outbox, the default)',
  usage:
    'Usage: podium mail list [--to <address>] [--limit <n>] [--json]\n\n' +
    'Mails the instance kept instead of sending (EMAIL_DRIVER unset or outbox), newest first: id, time (UTC), recipient, subject.\n' +
    '--to keeps the mails to one address (case-insensitive).\n' +
    'Read one with podium mail show <id>. Mails are kept 30 days.',
  flags: { to: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const limit = opts.limit === undefined ? 20 : Number(opts.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !/^\d+$/.test(opts.limit ?? '20')) {
      throw new CliError(`--limit must be a whole number from 1 to 1000, got ${opts.limit}`, EXIT.rejected, 'invalid_input');
    }
    const cfg = config();
    const items = await withOperatorDb(cfg, async (pool) => {
      const { rows } = await pool.query<OutboxMail>(
        `select id::text, to_address as "to", subject, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
           from app_private.mail_outbox where $2::text is null or lower(to_address) = lower($2)
          order by created_at desc, id desc limit $1`,
        [limit, opts.to ?? null],
      );
      return rows;
    });
    if (opts.json) return printJson(io, { items, nextCursor: null });
    if (cfg.emailDriver !== 'outbox') io.stderr.write(`EMAIL_DRIVER is ${cfg.emailDriver ?? 'none'}: new mail is ${cfg.emailDriver ? 'sent, not kept here' : 'not sent at all'}.\n`);
    if (!items.length) {
      io.stdout.write(opts.to ? `No mail to ${opts.to} in the outbox.\n` : 'The outbox is empty.\n');
      return;
    }
    const w = Math.max(...items.map((m) => m.id.length), 2);
    const tw = Math.max(...items.map((m) => m.to.length), 2);
    io.stdout.write(`${'ID'.padEnd(w)}  ${'SENT (UTC)'.padEnd(19)}  ${'TO'.padEnd(tw)}  SUBJECT\n`);
    for (const m of items) io.stdout.write(`${m.id.padEnd(w)}  ${m.createdAt.slice(0, 19).replace('T', ' ')}  ${m.to.padEnd(tw)}  ${m.subject}\n`);
    io.stderr.write('Read one with: podium mail show <id>\n');
  },
});
