// decks run <runId> [--log] [--watch]: the run head, then per job: team, kind, status,
// attempts, last error or deck version; --log prints each job's private log under it;
// --watch follows the run to its end first over the live stream (a progress line on stderr),
// then prints the same and exits 1 when a job failed. Also `admin generation-status --run <id> [--log] [--watch]`.
import type { GenerationRun, GenerationRunDetail } from '../../../../core/wire/decks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import type { Context } from '../../context.ts';
import { followLive, progressLine, WATCH_EXIT } from '../../watch.ts';
import { countsLine, DECKS, idArg, printRunDetail } from './generated.ts';
import { parseLive } from '../../../../core/wire/live.ts';

/** How often `--watch` reads the run when the live stream refuses the reader (it follows the stream otherwise). */
const WATCH_INTERVAL_MS = 1000;


async function show(runId: string, log: boolean, watch: boolean, ctx: Context): Promise<number> {
  const client = await ctx.client();
  const read = (withLog: boolean) => client.call('GET /api/v1/event/decks/runs/:runId', { params: { runId }, query: withLog ? '?log=true' : '' });
  let r: GenerationRunDetail;
  if (watch) {
    const followed = await followLive<{ run: GenerationRun; jobs?: GenerationRunDetail['jobs'] }>({
      client,
      read: () => read(false),
      // The live kinds of a generation run's progress (docs/WIRE.md "Live event kinds"): `{ run }`, read by their schema.
      fromLive: (raw) => {
        const e = raw.kind === 'generation.progressed' || raw.kind === 'generation.finished' ? parseLive(raw) : null;
        return (e?.kind === 'generation.progressed' || e?.kind === 'generation.finished') && e.payload.run.id === runId ? { run: e.payload.run } : null;
      },
      line: (d) => `Run ${d.run.id} ${d.run.status}: ${countsLine(d.run)}`,
      finished: (d) => d.run.status === 'done',
      progress: progressLine(ctx.io.stderr, !ctx.json),
      intervalMs: WATCH_INTERVAL_MS,
    });
    // A live change carries the run head only: its jobs (and logs) are read once it is done.
    r = followed.jobs && !log ? (followed as GenerationRunDetail) : await read(log);
  } else r = await read(log);
  if (ctx.json) ctx.printJson(r);
  else printRunDetail(ctx, r.run, r.jobs, log);
  return watch ? watchOutcome(r) : EXIT.ok;
}

/** A watched run's exit code: 1 when it ended with a failed job, else 0. */
export function watchOutcome(r: GenerationRunDetail): number {
  return r.run.counts.failed > 0 ? WATCH_EXIT.failed : WATCH_EXIT.ok;
}

/** `decks generate --watch`: follows the run just started, then prints it as `decks run` does. */
export function watchRun(runId: string, ctx: Context): Promise<number> {
  return show(runId, false, true, ctx);
}

export const decksRun = command({
  path: 'decks run',
  summary: 'One generation run, job by job',
  usage: 'Usage: hackathon decks run <runId> [--log] [--watch] [--json]',
  flags: { log: { type: 'boolean' }, watch: { type: 'boolean' } },
  async run(opts, ctx) {
    if (opts.args.length > 1) throw new CliError(`unexpected argument ${opts.args[1]}`, EXIT.usage, 'usage');
    return show(idArg(opts.args[0], 'run'), opts.log === true, opts.watch === true, ctx);
  },
});

export const adminGenerationStatus = command({
  path: 'admin generation-status',
  summary: 'Same as decks run <id>',
  usage: 'Usage: hackathon admin generation-status --run <id> [--log] [--watch] [--json]',
  flags: { run: { type: 'string' }, log: { type: 'boolean' }, watch: { type: 'boolean' } },
  async run(opts, ctx) {
    if (opts.args.length) throw new CliError(`unexpected argument ${opts.args[0]}`, EXIT.usage, 'usage');
    return show(idArg(opts.run, 'run'), opts.log === true, opts.watch === true, ctx);
  },
});
