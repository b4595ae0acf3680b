import { printJson, readStdinLineOnce } from '../../lib/io.ts';
import { requireFlag } from '../../lib/args.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { SetupDone } from '../answers.ts';
import { withOperatorDb } from '../db.ts';
import { command } from '../command.ts';
import { askHidden } from '../../lib/prompt.ts';

async function hashOf(password: string): Promise<string> {
  if (password.length < 12) throw new CliError('the password needs at least 12 characters', EXIT.rejected, 'invalid_input');
  const { hashPassword } = await import('../../../core/passwords.ts'); // see main.ts
  return hashPassword(password);
}

export const setup = command({
  path: 'setup',
  summary: 'Create the first workspace and its owner (once)',
  usage:
    'Usage: podium setup --workspace <name> --email <e> [--name <n>] [--password-stdin] [--json]\n\n' +
    'On a terminal it asks for the owner\'s password (hidden; leave it empty to sign in with an emailed code instead).\n' +
    'Elsewhere pass the password as the first stdin line with --password-stdin; without it the owner has no password\n' +
    'and signs in with an emailed code (on the default install the code waits in the outbox: podium mail list).',
  flags: { workspace: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, passwordStdin: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const workspace = requireFlag(opts.workspace, 'workspace');
    const email = requireFlag(opts.email, 'email');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError(`--email is not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    let passwordHash: string | null = null;
    let note: string | null = null;
    if (opts.passwordStdin) passwordHash = await hashOf(await readStdinLineOnce(io, '--password-stdin'));
    else if ((io.stdin as NodeJS.ReadStream).isTTY) {
      const password = await askHidden(io, `Password for ${email} (at least 12 characters; empty: sign in with an emailed code instead): `, 'the password');
      if (password) passwordHash = await hashOf(password);
    }
    if (!passwordHash) {
      const cfg = config();
      if (!cfg.emailDriver) throw new CliError(`EMAIL_DRIVER=none mails no sign-in codes, so an owner without a password could never sign in: give one with --password-stdin (or on a terminal)`, EXIT.rejected, 'invalid_input');
      note = `${email} has no password: sign in at ${cfg.publicUrl}/signin/code with an emailed code` +
        (cfg.emailDriver === 'outbox' ? ' (it waits in the outbox: npx podium mail list)' : '') + '. (setup takes a password on a terminal, or with --password-stdin.)';
    }
    const r = await withOperatorDb(config(), async (pool) => {
      const { rows } = await pool.query<{ r: SetupDone }>('select app_private.setup($1, $2, $3, $4) as r', [workspace, email, opts.name ?? null, passwordHash]);
      return rows[0].r;
    });
    if (opts.json) printJson(io, r);
    else {
      io.stdout.write(`Created workspace ${r.workspace.name} (${r.workspace.id}) with owner ${r.owner.email}\n`);
      io.stdout.write(`${r.owner.email} is this instance's operator: reads the mail outbox on the web (/operator/mail), other workspaces' sign-in codes included. podium operator add|remove|list manages who holds it.\n`);
    }
    if (note) io.stderr.write(note + '\n');
  },
});
