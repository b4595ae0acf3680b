// decks generate [--new-revision]: starts a run over every team with a frozen submission.
// --watch follows the run to its end (`decks run <id> --watch`). Also `admin
// generate-all-presentations` (the same command under the admin noun).
import type { RunStarted } from '../../../../core/wire/decks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import type { Context } from '../../context.ts';
import { DECKS } from './generated.ts';
import { watchRun } from './run.ts';

const FLAGS = { newRevision: { type: 'boolean' }, watch: { type: 'boolean' } } as const;

async function generate(opts: { newRevision?: boolean; watch?: boolean; args: string[] }, ctx: Context): Promise<number | void> {
  if (opts.args.length) throw new CliError(`unexpected argument ${opts.args[0]}`, EXIT.usage, 'usage');
  const r = await (await ctx.client()).call('POST /api/v1/event/decks/runs', { body: { newRevision: opts.newRevision === true }, headers: { 'idempotency-key': crypto.randomUUID() } });
  if (opts.watch) {
    // --json --watch prints the finished run only (`decks run <id> --json`).
    if (!ctx.json) printStarted(r, ctx);
    return watchRun(r.run.id, ctx);
  }
  if (ctx.json) return ctx.printJson(r);
  printStarted(r, ctx);
}

function printStarted(r: RunStarted, ctx: Context) {
  ctx.out(`Run ${r.run.id} started at revision ${r.run.revision}: ${r.run.counts.pending} pending, ${r.run.counts.skipped} skipped`);
  for (const s of r.skipped) ctx.out(`Skipped ${s.team.name} ${s.kind}: ${s.reason}`);
}

export const decksGenerate = command({
  path: 'decks generate',
  summary: 'Generate the jury and community decks of every frozen team (organizer)',
  usage: 'Usage: hackathon decks generate [--new-revision] [--watch] [--json]',
  flags: FLAGS,
  run: generate,
});

export const adminGenerateAll = command({
  path: 'admin generate-all-presentations',
  summary: 'Same as decks generate',
  usage: 'Usage: hackathon admin generate-all-presentations [--new-revision] [--watch] [--json]',
  flags: FLAGS,
  run: generate,
});
