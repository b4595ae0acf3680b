import { printJson, readStdinLineOnce } from '../../lib/io.ts';
import { requireFlag } from '../../lib/args.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { SetupDone } from '../answers.ts';
import { withOperatorDb } from '../db.ts';
import { command } from '../command.ts';

export const setup = command({
  path: 'setup',
  summary: 'Create the first workspace and its owner (once)',
  usage: 'Usage: podium setup --workspace <name> --email <e> [--name <n>] [--password-stdin] [--json]',
  flags: { workspace: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, passwordStdin: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const workspace = requireFlag(opts.workspace, 'workspace');
    const email = requireFlag(opts.email, 'email');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError(`--email is not an email address: ${email}`, EXIT.rejected);
    let passwordHash: string | null = null;
    if (opts.passwordStdin) {
      const password = await readStdinLineOnce(io, '--password-stdin');
      if (password.length < 12) throw new CliError('the password needs at least 12 characters', EXIT.rejected);
      const { hashPassword } = await import('../../../core/passwords.ts'); // see main.ts
      passwordHash = await hashPassword(password);
    }
    const r = await withOperatorDb(config(), async (pool) => {
      const { rows } = await pool.query<{ r: SetupDone }>('select app_private.setup($1, $2, $3, $4) as r', [workspace, email, opts.name ?? null, passwordHash]);
      return rows[0].r;
    });
    if (opts.json) printJson(io, r);
    else io.stdout.write(`Created workspace ${r.workspace.name} (${r.workspace.id}) with owner ${r.owner.email}\n`);
  },
});
