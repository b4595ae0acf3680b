// decks run <runId> [--log]: the run head, then per job: team, kind, status, attempts, last
// error or deck version; --log prints each job's private log under it.
// Also `admin generation-status --run <id> [--log]`.
import type { GenerationRunDetail } from '../../../../core/wire/decks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import type { Context } from '../../context.ts';
import { DECKS, idArg, printRunDetail } from './generated.ts';

async function show(runId: string, log: boolean, ctx: Context) {
  const r = await (await ctx.client()).request<GenerationRunDetail>('GET', `${DECKS}/runs/${runId}${log ? '?log=true' : ''}`);
  if (ctx.json) return ctx.printJson(r);
  printRunDetail(ctx, r.run, r.jobs, log);
}

export const decksRun = command({
  path: 'decks run',
  summary: 'One generation run, job by job',
  usage: 'Usage: hackathon decks run <runId> [--log] [--json]',
  flags: { log: { type: 'boolean' } },
  async run(opts, ctx) {
    if (opts.args.length > 1) throw new CliError(`unexpected argument ${opts.args[1]}`, EXIT.usage);
    await show(idArg(opts.args[0], 'run'), opts.log === true, ctx);
  },
});

export const adminGenerationStatus = command({
  path: 'admin generation-status',
  summary: 'Same as decks run <id>',
  usage: 'Usage: hackathon admin generation-status --run <id> [--log] [--json]',
  flags: { run: { type: 'string' }, log: { type: 'boolean' } },
  async run(opts, ctx) {
    if (opts.args.length) throw new CliError(`unexpected argument ${opts.args[0]}`, EXIT.usage);
    await show(idArg(opts.run, 'run'), opts.log === true, ctx);
  },
});
