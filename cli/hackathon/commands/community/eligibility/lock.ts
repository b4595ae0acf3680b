// `community eligibility lock [--file <path>] [--confirm-all]`: a new eligibility version.
// The file { excludedProjects?, excludedVoters?, confirmedProjects? } is checked for shape
// before any request; --confirm-all reads the draft and confirms every included candidate,
// merged with the file's list.
import type { Eligibility, EligibilityFile } from '../../../../../core/wire/community.ts';
import { readJsonArg } from '../../../../lib/checks.ts';
import { command } from '../../../command.ts';
import { checkEligibilityFile } from '../shared.ts';

export const eligibilityLock = command({
  path: 'community eligibility lock',
  summary: 'Lock eligibility: a new version of candidates and voters (organizer)',
  usage: 'Usage: hackathon community eligibility lock [--file <path>] [--confirm-all]',
  flags: { file: { type: 'string' }, confirmAll: { type: 'boolean' } },
  async run(opts, ctx) {
    const file: EligibilityFile = opts.file === undefined ? {} : checkEligibilityFile(readJsonArg(opts.file, '--file'), opts.file);
    const client = await ctx.client();
    if (opts.confirmAll) {
      const draft = await client.call('GET /api/v1/community/eligibility');
      const excluded = new Set((file.excludedProjects ?? []).map((p) => p.projectId.toLowerCase()));
      const confirmed = new Set((file.confirmedProjects ?? []).map((p) => p.toLowerCase()));
      for (const c of draft.candidates) if (c.included && !excluded.has(c.projectId.toLowerCase())) confirmed.add(c.projectId.toLowerCase());
      file.confirmedProjects = [...confirmed];
    }
    const e = await client.call('PUT /api/v1/community/eligibility/lock', { body: file });
    if (ctx.json) return ctx.printJson(e);
    const c = e.counts;
    ctx.done(`Eligibility locked (version ${e.version}): ${c.candidates} candidates (${c.candidatesExcluded} excluded), ${c.voters} voters (${c.votersExcluded} excluded)`);
  },
});
