import { printJson } from '../../../lib/io.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { WorkspaceCreated } from '../../answers.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

export const workspaceCreate = command({
  path: 'workspace create',
  summary: 'Create a workspace',
  usage: 'Usage: podium workspace create <name> [--organization <cloud organization id>] [--json]',
  flags: { organization: { type: 'string' }, json: { type: 'boolean' } },
  async run(opts, { io, config }) {
    const name = opts.args[0];
    if (!name || opts.args.length > 1) throw new CliError('name exactly one workspace (quote names with spaces)', EXIT.usage, 'usage');
    const r = await withOperatorDb(config(), async (pool) => {
      const { rows } = await pool.query<{ r: WorkspaceCreated }>('select app_private.create_workspace($1, $2) as r', [name, opts.organization ?? null]);
      return rows[0].r;
    });
    if (opts.json) printJson(io, r);
    else io.stdout.write(`Created workspace ${r.name} (${r.id})\n`);
  },
});
