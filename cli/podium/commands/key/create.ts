import { mintKey } from '../../../../core/keys.ts';
import { printJson } from '../../../lib/io.ts';
import { requireFlag } from '../../../lib/args.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { ApiKeyCreated } from '../../answers.ts';
import { withOperatorDb } from '../../db.ts';
import { command } from '../../command.ts';

export const keyCreate = command({
  path: 'key create',
  summary: 'Mint an API key for an account (printed once)',
  usage:
    'Usage: podium key create --email <e> --tool deck|hackathon [--scopes a,b] [--workspace <id or name>] [--name <n>] [--expires-in-days <n>] [--json]\n\n' +
    'Scopes: deck presentations:read,presentations:write,data:export; hackathon hackathon:read,hackathon:write,data:export.\n' +
    'Default: the tool\'s read and write scopes. --workspace pins the key to one workspace.',
  flags: {
    email: { type: 'string' }, tool: { type: 'string' }, scopes: { type: 'string' }, workspace: { type: 'string' },
    name: { type: 'string' }, expiresInDays: { type: 'string' }, json: { type: 'boolean' },
  },
  async run(opts, { io, config }) {
    const email = requireFlag(opts.email, 'email');
    const tool = requireFlag(opts.tool, 'tool');
    if (tool !== 'deck' && tool !== 'hackathon') throw new CliError(`--tool must be deck or hackathon, got ${tool}`, EXIT.rejected, 'invalid_input');
    const scopes = opts.scopes === undefined ? null : opts.scopes.split(',').map((s) => s.trim()).filter(Boolean);
    const days = opts.expiresInDays;
    if (days !== undefined && !/^\d+$/.test(days)) throw new CliError(`--expires-in-days must be a whole number, got ${days}`, EXIT.rejected, 'invalid_input');
    const { key, hash } = mintKey(tool);
    const r = await withOperatorDb(config(), async (pool) => {
      const u = await pool.query<{ id: string }>('select id from app.users where app_private.normalize_email(email) = app_private.normalize_email($1)', [email]);
      if (!u.rowCount) throw new CliError(`no account with email ${email}; add it with podium member add`, EXIT.rejected, 'invalid_input');
      const ws = opts.workspace ? (await pool.query<{ id: string }>('select (app_private.find_workspace($1)).id as id', [opts.workspace])).rows[0].id : null;
      const { rows } = await pool.query<{ r: ApiKeyCreated }>('select app_private.create_api_key($1, $2, $3, $4, $5, $6, $7, $8) as r', [
        u.rows[0].id, hash, tool, opts.name ?? `${tool} key`, scopes, ws, days === undefined ? null : Number(days), 'operator',
      ]);
      return rows[0].r;
    });
    if (opts.json) printJson(io, { ...r, key });
    else io.stdout.write(`${key}\n`), io.stderr.write(`Key ${r.name} (${r.id}) for ${email}, scopes ${r.scopes.join(',')}${r.expiresAt ? `, expires ${r.expiresAt}` : ''}. It is shown only this once.\n`);
  },
});
