import { printJson } from '../../../lib/io.ts';
import { requireFlag } from '../../../lib/args.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { MemberAdded } from '../../answers.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

const ROLES = ['owner', 'admin', 'member', 'guest'];

export const memberAdd = command({
  path: 'member add',
  summary: 'Add an account to a workspace (creating the account if needed)',
  usage: 'Usage: podium member add <workspace id or name> <email> --role owner|admin|member|guest [--name <n>] [--json]',
  flags: { role: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const [workspace, email] = opts.args;
    if (!workspace || !email || opts.args.length > 2) throw new CliError('name a workspace and an email', EXIT.usage, 'usage');
    const role = requireFlag(opts.role, 'role');
    if (!ROLES.includes(role)) throw new CliError(`--role must be one of ${ROLES.join(', ')}, got ${role}`, EXIT.rejected, 'invalid_input');
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    const r = await withOperatorDb(config(), async (pool) => {
      const { rows } = await pool.query<{ r: MemberAdded }>('select app_private.add_member($1, $2, $3, $4) as r', [workspace, email, role, opts.name ?? null]);
      return rows[0].r;
    });
    if (opts.json) printJson(io, r);
    else io.stdout.write(`${r.email} is ${r.role} of ${r.workspace}\n`);
  },
});
