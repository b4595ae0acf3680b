import { printJson } from '../../../lib/io.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { withOperatorDb } from '../../db.ts';
import type { Command } from '../../command.ts';

export const workspaceCreate: Command = {
  path: 'workspace create',
  summary: 'Create a workspace',
  usage: 'Usage: podium workspace create <name> [--organization <cloud organization id>] [--json]',
  flags: { organization: { type: 'string' }, json: { type: 'boolean' } },
  async run({ io, config, input, flags }) {
    const name = input[0];
    if (!name || input.length > 1) throw new CliError('name exactly one workspace (quote names with spaces)', EXIT.usage);
    const r = await withOperatorDb(config(), async (pool) => {
      const { rows } = await pool.query('select app_private.create_workspace($1, $2) as r', [name, (flags.organization as string) ?? null]);
      return rows[0].r;
    });
    if (flags.json) printJson(io, r);
    else io.stdout.write(`Created workspace ${r.name} (${r.id})\n`);
  },
};
