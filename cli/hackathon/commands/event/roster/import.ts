// `event roster import --file [--no-invite]`: the file is the whole roster; absent rows are
// removed and teams no row names are dissolved; only an empty list (everyone removed) asks first. Every roster person
// who is not a workspace member is mailed an invitation (once; `--no-invite` skips it). An
// advisor's row may carry `github`, the coach's code-host username; the server checks it.
import { readJsonArg } from '../../../../lib/checks.ts';
import { CliError, EXIT } from '../../../../lib/errors.ts';
import { command } from '../../../command.ts';
import { confirm, YES_FLAG } from '../../../../lib/prompt.ts';

export const rosterImport = command({
  path: 'event roster import',
  summary: 'Replace the roster with a file (organizer)',
  usage: 'Usage: hackathon event roster import --file <path> [--no-invite] [--keep-scores] [--yes]\n\nThe file: { "participants": [{ "email", "name"?, "role"?, "team"?, "github"? }] } or a bare array of entries.\n"role" is participant (the default, on a \"team\"), advisor, jury or organizer (no team).\n"github" is an advisor\'s code-host username (coaches are invited at read); participants name theirs with hackathon connect --github.\nRoster people who are not members of the workspace get an invitation mail (one each), unless --no-invite.\nA jury row may carry "conflicts": ["<team>", ...] (declared conflicts of interest).\nA juror the file removes loses their score drafts; their submitted scores stay only with --keep-scores.\nAn empty list empties the roster: that asks first on a terminal, and elsewhere needs --yes.',
  flags: { file: { type: 'string' }, invite: { type: 'boolean', default: true }, keepScores: { type: 'boolean' }, ...YES_FLAG },
  async run(opts, ctx) {
    const data = readJsonArg(opts.file, '--file') as { participants?: unknown } | unknown[];
    const participants = Array.isArray(data) ? data : (data as { participants?: unknown })?.participants;
    if (!Array.isArray(participants)) throw new CliError(`${opts.file} must hold { "participants": [...] } or an array of entries`, EXIT.rejected, 'invalid_input');
    if (participants.length === 0) {
      await confirm(ctx.io, { yes: opts.yes, action: 'empty the roster', consequence: `${opts.file} lists nobody, so every roster row is removed and every team dissolved, its project archived and out of the event` });
    }
    const r = await (await ctx.client()).call('PUT /api/v1/event/roster', { body: { participants, invite: opts.invite, ...(opts.keepScores ? { keepScores: true } : {}) } });
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Imported ${r.imported} rows`);
    for (const row of r.removed) ctx.out(`Removed ${row.email} (${row.team ?? '-'})`);
    for (const name of r.dissolved) ctx.out(`Dissolved team ${name}`);
    for (const email of r.invited) ctx.out(`Invited ${email}`);
    const jury = (r as { juryConflicts?: number }).juryConflicts;
    if (jury !== undefined) ctx.out(`Declared ${jury} jury conflict${jury === 1 ? '' : 's'}`);
  },
});
