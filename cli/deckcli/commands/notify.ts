// notify: silence (--off) or restore (--on) the owner mails on form activity.
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';

export const notify: Command = {
  path: 'notify',
  summary: 'Silence (--off) or restore (--on) the owner mails on form activity',
  usage: 'Usage: deckcli notify <deckId> --off|--on',
  flags: { off: { type: 'boolean' }, on: { type: 'boolean' } },
  async run(ctx) {
    if (Boolean(ctx.flags.off) === Boolean(ctx.flags.on)) throw new CliError('pass exactly one of --off or --on', EXIT.rejected);
    const r = await (await ctx.client()).request('PUT', `/api/v1/presentations/${onePathArg(ctx.input, 'deck id')}/notify`, { enabled: Boolean(ctx.flags.on) });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(ctx.flags.on ? 'Owner mails on form activity are on' : 'Owner mails on form activity are off (forms still take responses)');
  },
};
