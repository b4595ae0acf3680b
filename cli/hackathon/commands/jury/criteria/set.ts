// `jury criteria set --file <criteria.json>`: replaces the criteria (and optionally the scale);
// the server checks the file (invalid_criteria naming the field); refused once judging opened.
import type { JuryCriteria } from '../../../../../core/wire/jury.ts';
import { readJsonArg } from '../../../../lib/checks.ts';
import { command } from '../../../command.ts';
import { criteriaLines } from './show.ts';

export const criteriaSet = command({
  path: 'jury criteria set',
  summary: 'Set the jury criteria from a file (organizer)',
  usage: 'Usage: hackathon jury criteria set --file <criteria.json>\n\nThe file: [{ "name", "description"?, "weight" }] (whole-number weights), or\n{ "scale": { "min", "max" }, "criteria": [...] } (the scale is 1-5 by default).\nRefused once judging opened.',
  flags: { file: { type: 'string' } },
  async run(opts, ctx) {
    const file = readJsonArg(opts.file, '--file');
    const r = await (await ctx.client()).request<JuryCriteria>('PUT', '/api/v1/event/jury/criteria', file);
    if (ctx.json) return ctx.printJson(r);
    ctx.done(`Criteria set: ${r.criteria.length} (total weight ${r.totalWeight}), scale ${r.scale.min}-${r.scale.max}`);
    for (const line of criteriaLines(r)) ctx.out(line);
  },
});
