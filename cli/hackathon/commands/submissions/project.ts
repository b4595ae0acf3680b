// `<project>` of the submissions commands: a project id, or a team name resolved through
// the caller's submissions list (case-insensitive; cli/hackathon/names.ts).
import type { Frozen } from '../../../../core/wire/submissions.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import { resolveName } from '../../names.ts';

export async function resolveProject(ctx: Context, given: string | undefined): Promise<string> {
  if (!given) throw new CliError('name the project (its id or team name)', EXIT.usage, 'usage');
  return resolveName(given, 'team', async () => {
    const list = await (await ctx.client()).call('GET /api/v1/submissions');
    return list.items.map((i) => ({ id: i.project.id, names: [i.project.name], label: i.project.name }));
  });
}

/** A revision as people read it: 12 hex, `template` when only the template was submitted. */
export function frozenLabel(f: Pick<Frozen, 'sha' | 'source'> | null): string {
  if (!f || !f.sha) return '-';
  return f.source === 'template' ? `template (${f.sha.slice(0, 12)})` : f.sha.slice(0, 12);
}
