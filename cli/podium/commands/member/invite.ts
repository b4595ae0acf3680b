// `podium member invite <workspace> <email> --role <role>`: the operator invites an address;
// a worker mails the one-time link (7 days). Inviting again renews the invitation (a fresh
// link replaces the old one). Needs an email driver on the worker replicas.
import { printJson } from '../../../lib/io.ts';
import { requireFlag } from '../../../lib/args.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { InvitationMade } from '../../answers.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

const ROLES = ['owner', 'admin', 'member', 'guest'];

export const memberInvite = command({
  path: 'member invite',
  summary: 'Invite an address to a workspace (a worker mails a one-time link)',
  usage: 'Usage: podium member invite <workspace id or name> <email> --role owner|admin|member|guest [--json]',
  flags: { role: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const [workspace, email] = opts.args;
    if (!workspace || !email || opts.args.length > 2) throw new CliError('name a workspace and an email', EXIT.usage, 'usage');
    const role = requireFlag(opts.role, 'role');
    if (!ROLES.includes(role)) throw new CliError(`--role must be one of ${ROLES.join(', ')}, got ${role}`, EXIT.rejected, 'invalid_input');
    if (!/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 320) throw new CliError(`not an email address: ${email}`, EXIT.rejected, 'invalid_input');
    const r = await withOperatorDb(config(), async (pool) => {
      const { rows } = await pool.query<{ r: InvitationMade }>(
        `select app_private.invite((app_private.find_workspace($1)).id, $2, $3, 'operator', null, true) - 'mailed' as r`,
        [workspace, email, role],
      );
      return rows[0].r;
    });
    if (opts.json) printJson(io, r);
    else io.stdout.write(`Invited ${r.email} to ${workspace} as ${r.role}; a worker mails the link (it works once, for 7 days)\n`);
  },
});
