// `jury score <team> --score "Impact=4" ... [--note <text>] [--submit] [--expected-revision <n>]`:
// saves (or submits) the caller's score of one team. Values merge over the draft; without
// --expected-revision the command first reads the juror's scores for the current revision.
// The score flags are checked before any request (exit 2).
import { randomUUID } from 'node:crypto';
import type { JuryScore, MyJuryScores } from '../../../../core/wire/jury.ts';
import { wholeNumber } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { INT4_MAX, parseScores, teamPath } from './shared.ts';

export const juryScore = command({
  path: 'jury score',
  summary: 'Score a team you are assigned to: save a draft or submit (juror)',
  usage: 'Usage: hackathon jury score <team> --score "<criterion>=<n>" ... [--note <text>] [--submit] [--expected-revision <n>]',
  flags: { score: { type: 'string', isMultiple: true }, note: { type: 'string' }, submit: { type: 'boolean' }, expectedRevision: { type: 'string' } },
  async run(opts, ctx) {
    const team = opts.args[0];
    if (!team || !team.trim()) throw new CliError('name the team to score (hackathon jury scores lists yours)', EXIT.usage, 'usage');
    const scores = parseScores(opts.score as string[] | undefined);
    if (opts.note !== undefined && opts.note.length > 4000) throw new CliError('--note is at most 4000 characters', EXIT.rejected, 'invalid_input');
    const client = await ctx.client();
    let expectedRevision: number;
    if (opts.expectedRevision !== undefined) expectedRevision = wholeNumber(opts.expectedRevision, '--expected-revision', 0, INT4_MAX);
    else {
      const mine = await client.request<MyJuryScores>('GET', '/api/v1/event/jury/scores');
      const t = team.trim().toLowerCase();
      const item = mine.items.find((i) => i.projectId === t || i.team.toLowerCase() === t);
      expectedRevision = item?.revision ?? 0;
    }
    const body = { scores, expectedRevision, ...(opts.note !== undefined ? { note: opts.note } : {}) };
    const r = opts.submit
      ? await client.request<JuryScore>('POST', `/api/v1/event/jury/scores/${teamPath(team)}/submission`, body, { 'idempotency-key': randomUUID() })
      : await client.request<JuryScore>('PUT', `/api/v1/event/jury/scores/${teamPath(team)}/draft`, body);
    if (ctx.json) return ctx.printJson(r);
    const values = r.state === 'submitted' && opts.submit ? r.submission : r.draft;
    const text = Object.entries(values ?? {}).map(([k, v]) => `${k}=${v}`).join(', ') || 'no values';
    ctx.done(`${opts.submit ? 'Submitted' : 'Saved draft of'} ${r.team} (revision ${r.revision}): ${text}`);
  },
});
