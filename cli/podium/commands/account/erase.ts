// `podium account erase --email <e> [--yes]`: erases a person (app_private.erase_account,
// one transaction; docs/OPERATIONS.md "Erasing an account"). Asks for the address again on a
// terminal; without a terminal it needs --yes. A second run answers that the account was
// already erased: the address itself is gone, so the command keeps an HMAC of it keyed by
// AUTH_SECRET (computed here, over the address as SQL normalises it).
import { createHmac } from 'node:crypto';
import type { AccountErased } from '../../answers.ts';
import { requireFlag } from '../../../lib/args.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { printJson } from '../../../lib/io.ts';
import { ask } from '../../../lib/prompt.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** The mark a second run recognises: HMAC-SHA256(AUTH_SECRET, "erased-account:" + normalised address). */
export function erasedMark(authSecret: string, normalizedEmail: string): Buffer {
  return createHmac('sha256', authSecret).update(`erased-account:${normalizedEmail}`).digest();
}

export const accountErase = command({
  path: 'account erase',
  summary: 'Erase a person: sign-in, keys, sessions, name and email; their posts stay as (erased account)',
  usage:
    'Usage: podium account erase --email <e> [--yes] [--json]\n\n' +
    'Removes the password, two-factor secret, sign-in codes, keys, sessions and demo passes, the name and the\n' +
    'email (the address is free for a new account), every workspace, project and team membership; roster rows\n' +
    'stay with their team as (erased account). Posts, decks and receipts stay, shown as (erased account).\n' +
    'Asks to type the address again on a terminal; elsewhere --yes is required. It cannot be undone.',
  flags: { email: { type: 'string' }, yes: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const email = requireFlag(opts.email, 'email').trim();
    if (!EMAIL.test(email)) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    if (!opts.yes) {
      if (!(io.stdin as NodeJS.ReadStream).isTTY) {
        throw new CliError(`Refusing to erase ${email} without a confirmation: run it in a terminal to confirm, or pass --yes`, EXIT.rejected, 'invalid_input');
      }
      io.stderr.write(`This erases the account ${email} for good: its sign-in, keys, sessions, name and email go; its posts stay as (erased account).\n`);
      const answer = await ask(io, 'Type the email address again to erase it: ', 'the confirmation');
      if (answer.toLowerCase() !== email.toLowerCase()) throw new CliError('The address typed does not match; nothing was erased', EXIT.rejected, 'invalid_input');
    }
    const cfg = config();
    const r = await withOperatorDb(cfg, async (pool) => {
      const normalized = (await pool.query<{ n: string }>('select app_private.normalize_email($1) as n', [email])).rows[0]!.n;
      const { rows } = await pool.query<{ r: AccountErased }>('select app_private.erase_account($1, $2) as r', [email, erasedMark(cfg.authSecret, normalized)]);
      return rows[0]!.r;
    });
    if (opts.json) return printJson(io, r);
    if (!r.erased) {
      io.stdout.write(`${email} was already erased on ${r.erasedAt} (account ${r.userId}); nothing left to erase\n`);
      return;
    }
    const n = (count: number | undefined, one: string, many = `${one}s`) => `${count ?? 0} ${count === 1 ? one : many}`;
    io.stdout.write(
      `Erased ${email} (account ${r.userId}): sign-in, ${n(r.keys, 'key')}, ${n(r.sessions, 'session')} and ${n(r.demoPasses, 'demo pass', 'demo passes')} removed; ` +
        `name and email gone; left ${n(r.memberships, 'workspace')}; ${n(r.rosterRows, 'roster row')} detached. Their posts stay as (erased account).\n`,
    );
    for (const w of r.ownerlessWorkspaces ?? []) {
      io.stderr.write(`Workspace ${w.name} has no owner now: add one with podium member add ${w.id} <email> --role owner\n`);
    }
  },
});
