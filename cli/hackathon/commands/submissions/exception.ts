// `submissions exception <project> --reason <text> (--sha <40-hex> | --missing)
// [--invalidate-decks] [--invalidate-voting]`: after the freeze and before voting opens.
// The server captures --sha before recording anything (capture_failed records nothing).
import { exactlyOne } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { frozenLabel, resolveProject } from './project.ts';

export const submissionsException = command({
  path: 'submissions exception',
  summary: 'Freeze a team on another sha, or mark it missing (organizer)',
  usage: 'Usage: hackathon submissions exception <project> --reason <text> (--sha <40-hex> | --missing) [--invalidate-decks] [--invalidate-voting]',
  flags: {
    reason: { type: 'string' },
    sha: { type: 'string' },
    missing: { type: 'boolean' },
    invalidateDecks: { type: 'boolean' },
    invalidateVoting: { type: 'boolean' },
  },
  async run(opts, ctx) {
    const reason = (opts.reason)?.trim();
    if (!reason) throw new CliError('--reason is required: say why this exception is made', EXIT.rejected, 'invalid_input');
    const which = exactlyOne({ sha: opts.sha, missing: opts.missing }, ['sha', 'missing'], 'the revision to freeze, or none');
    const sha = opts.sha;
    if (which === 'sha' && !/^[0-9a-f]{40}$/.test(sha ?? '')) throw new CliError(`--sha must be a full 40-hex commit id, got ${sha}`, EXIT.rejected, 'invalid_input');
    if (!opts.args[0]) throw new CliError('name the project (its id or team name)', EXIT.rejected, 'invalid_input');
    const id = await resolveProject(ctx, opts.args[0]);
    const body: Record<string, unknown> = { reason, invalidateDecks: opts.invalidateDecks === true, invalidateVoting: opts.invalidateVoting === true };
    if (which === 'sha') body.sha = sha;
    else body.missing = true;
    const r = await (await ctx.client()).call('POST /api/v1/submissions/:projectId/exception', { params: { projectId: id }, body });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Exception recorded at ${r.at} for ${r.team.project.name}: ${r.missing ? 'missing' : `frozen on ${frozenLabel(r.team.frozen)}`}`);
    ctx.out(`Reason: ${r.reason}`);
    if (r.previousSha) ctx.out(`Previously: ${r.previousSha}`);
    if (r.invalidateDecks || r.invalidateVoting) ctx.out(`Invalidates: ${[r.invalidateDecks && 'decks', r.invalidateVoting && 'voting'].filter(Boolean).join(', ')}`);
  },
});
