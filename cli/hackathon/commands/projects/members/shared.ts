// What the projects members commands share: roles, the member shape, its path and one-line form.
import { CliError, EXIT } from '../../../../lib/errors.ts';
import type { ProjectMember } from '../../../../../core/wire/event.ts';

export const ROLES = ['viewer', 'editor', 'manager'];

export type Member = ProjectMember;

export function role(raw: unknown): string {
  if (raw === undefined) throw new CliError('--role viewer|editor|manager is required', EXIT.usage, 'usage');
  if (!ROLES.includes(String(raw))) throw new CliError(`--role must be viewer, editor or manager, got ${raw}`, EXIT.rejected, 'invalid_input');
  return String(raw);
}

export function describe(m: Member): string {
  return m.kind === 'person' ? `${m.email ?? m.userId}` : `team ${m.teamSlug}`;
}

/** The member a command names: a person or (--team) a team of the project, as the route's kind and placeholders. */
export function memberOf(opts: { args: string[]; team?: boolean }, verb: string): { kind: 'people' | 'teams'; params: { id: string; ref: string } } {
  const [project, who, extra] = opts.args;
  if (!project || !who || extra !== undefined) throw new CliError(`name a project id and the member to ${verb} (with --team the second argument is a team)`, EXIT.usage, 'usage');
  return { kind: opts.team ? 'teams' : 'people', params: { id: encodeURIComponent(project), ref: encodeURIComponent(who) } };
}
