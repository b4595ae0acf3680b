// `podium mail show <id> [--json]`: one mail of the outbox, with its whole text (a sign-in
// code, an invitation link). See `podium mail list`. The read is recorded (`podium mail audit`).
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';
import type { OutboxMail } from './list.ts';
import { operatorCliName } from '../operator/manage.ts';

export const mailShow = command({
  path: 'mail show',
  summary: 'Print one mail of the outbox (its recipient, subject and text)',
  usage: 'Usage: podium mail show <id> [--json]\n\nThe id is the first column of podium mail list.',
  flags: { json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const [id, ...extra] = opts.args;
    if (!id) throw new CliError('name the mail: podium mail show <id> (the id is the first column of podium mail list)', EXIT.usage, 'usage');
    if (extra.length) throw new CliError(`one mail at a time: unexpected ${extra.join(' ')}`, EXIT.usage, 'usage');
    if (!/^[1-9]\d{0,17}$/.test(id)) throw new CliError(`the mail id is a number from podium mail list, got ${id}`, EXIT.rejected, 'invalid_input');
    // Every read of a mail's text is recorded, here as on the web (podium mail audit).
    const mail = await withOperatorDb(config(), async (pool) =>
      (await pool.query<{ m: OutboxMail | null }>('select app_private.mail_read($1::bigint, null, $2, \'cli\') as m', [id, operatorCliName()])).rows[0]!.m);
    if (!mail) throw new CliError(`no mail ${id} in the outbox (mails are kept 30 days; podium mail list shows what is there)`, EXIT.rejected, 'not_found');
    if (opts.json) return printJson(io, mail);
    io.stdout.write(`Mail ${mail.id}\nTo:      ${mail.to}\nSubject: ${mail.subject}\nSent:    ${mail.createdAt}\n\n${mail.text}${mail.text!.endsWith('\n') ? '' : '\n'}`);
  },
});
