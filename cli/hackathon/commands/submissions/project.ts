// `<project>` of the submissions commands: a project id, or a team name resolved through
// the caller's submissions list (case-insensitive).
import type { Frozen, Submissions } from '../../../../core/wire/submissions.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

export async function resolveProject(ctx: Context, given: string | undefined): Promise<string> {
  if (!given) throw new CliError('name the project (its id or team name)', EXIT.usage);
  if (UUID.test(given)) return given.toLowerCase();
  const list = await (await ctx.client()).request<Submissions>('GET', '/api/v1/submissions');
  const hit = list.items.find((i) => i.project.name.toLowerCase() === given.toLowerCase());
  if (!hit) throw new CliError(`project_not_found: no team ${given} that you can read`, EXIT.wire, 'project_not_found');
  return hit.project.id;
}

/** A revision as people read it: 12 hex, `template` when only the template was submitted. */
export function frozenLabel(f: Pick<Frozen, 'sha' | 'source'> | null): string {
  if (!f || !f.sha) return '-';
  return f.source === 'template' ? `template (${f.sha.slice(0, 12)})` : f.sha.slice(0, 12);
}
