// notify: silence (--off) or restore (--on) the owner mails on form activity.
import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';
import { onePathArg } from '../../lib/args.ts';

export const notify = command({
  path: 'notify',
  summary: 'Silence (--off) or restore (--on) the owner mails on form activity',
  usage: 'Usage: deckcli notify <deckId> --off|--on',
  flags: { off: { type: 'boolean' }, on: { type: 'boolean' } },
  async run(opts, ctx) {
    // Conflicting options are a usage error (exit 1) in deckcli, as every other pair.
    if (opts.off && opts.on) throw new CliError('--off and --on conflict', EXIT.usage, 'usage');
    if (!opts.off && !opts.on) throw new CliError('pass --off or --on', EXIT.usage, 'usage');
    const r = await (await ctx.client()).call('PUT /api/v1/presentations/:id/notify', { params: { id: onePathArg(opts.args, 'deck id') }, body: { enabled: Boolean(opts.on) } });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(opts.on ? 'Owner mails on form activity are on' : 'Owner mails on form activity are off (forms still take responses)');
  },
});
