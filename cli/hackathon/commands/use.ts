import { CliError, EXIT } from '../../lib/errors.ts';
import { command } from '../command.ts';

export const use = command({
  path: 'use',
  summary: 'Switch the active profile',
  usage: 'Usage: hackathon use <profile>',
  async run(opts, ctx) {
    const [name] = opts.args;
    if (!name || opts.args.length > 1) throw new CliError('name exactly one profile', EXIT.usage, 'usage');
    if (!ctx.store.get(name)) throw new CliError(`no profile named ${name}; profiles: ${ctx.store.names().join(', ')}`, EXIT.rejected, 'unknown_profile');
    ctx.store.setActive(name);
    ctx.store.save();
    if (ctx.json) ctx.printJson({ active: name, url: ctx.store.urlOf(name) });
    else ctx.out(`Now using ${name} (${ctx.store.urlOf(name)})`);
  },
});
