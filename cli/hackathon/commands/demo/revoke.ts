// demo revoke: revoke a pass and end every session it opened.
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { asOwner, OWNER_FLAGS } from './session.ts';
import { confirm, YES_FLAG } from '../../../lib/prompt.ts';

export const demoRevoke = command({
  path: 'demo revoke',
  summary: 'Revoke a pass and end every session it opened',
  usage: 'Usage: hackathon demo revoke <id> [--owner-email <e>] [--owner-password-stdin] [--yes]\n\nAsks first on a terminal (a revoked pass never works again); elsewhere --yes is required.',
  flags: { ...OWNER_FLAGS, ...YES_FLAG },
  async run(opts, ctx) {
    const [id] = opts.args;
    if (!id || opts.args.length > 1) throw new CliError('name exactly one pass id', EXIT.usage, 'usage');
    await confirm(ctx.io, { yes: opts.yes, action: `revoke demo pass ${id}`, consequence: 'the pass never works again and every session it opened ends now' });
    const r = await asOwner(opts, ctx, (c) => c.call('DELETE /api/v1/demo/passes/:id', { params: { id: encodeURIComponent(id) } }));
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Revoked ${r.id}; ended ${r.sessionsEnded} session${r.sessionsEnded === 1 ? '' : 's'}`);
  },
});
