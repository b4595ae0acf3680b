// demo revoke: revoke a pass and end every session it opened.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { asOwner, OWNER_FLAGS } from './session.ts';
import type { DemoPassRevoked } from '../../../../core/wire/event.ts';

export const demoRevoke = command({
  path: 'demo revoke',
  summary: 'Revoke a pass and end every session it opened',
  usage: 'Usage: hackathon demo revoke <id> [--owner-email <e>] [--owner-password-stdin]',
  flags: { ...OWNER_FLAGS },
  async run(opts, ctx) {
    const [id] = opts.args;
    if (!id || opts.args.length > 1) throw new CliError('name exactly one pass id', EXIT.usage);
    const r = await asOwner(opts, ctx, (c) => c.request<DemoPassRevoked>('DELETE', `/api/v1/demo/passes/${encodeURIComponent(id)}`));
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Revoked ${r.id}; ended ${r.sessionsEnded} session${r.sessionsEnded === 1 ? '' : 's'}`);
  },
});
