// demo revoke: revoke a pass and end every session it opened.
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Command } from '../../command.ts';
import { asOwner, OWNER_FLAGS } from './session.ts';

export const demoRevoke: Command = {
  path: 'demo revoke',
  summary: 'Revoke a pass and end every session it opened',
  usage: 'Usage: hackathon demo revoke <id> [--owner-email <e>] [--owner-password-stdin]',
  flags: { ...OWNER_FLAGS },
  async run(ctx) {
    const [id] = ctx.input;
    if (!id || ctx.input.length > 1) throw new CliError('name exactly one pass id', EXIT.usage);
    const r = await asOwner(ctx, (c) => c.request('DELETE', `/api/v1/demo/passes/${encodeURIComponent(id)}`));
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Revoked ${r.id}; ended ${r.sessionsEnded} session${r.sessionsEnded === 1 ? '' : 's'}`);
  },
};
