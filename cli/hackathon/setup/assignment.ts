// Setup steps 1 and 2, decided from the bootstrap record alone (before any command runs):
// the caller must be a participant on a team with a repository, and the repository's
// access standing must allow a push. `unknown` (the code host could not be asked) goes on.
import { CliError, EXIT } from '../../lib/errors.ts';
import { hostUsername, ROLE_NAMES, type BootstrapRecord, type RepositoryAssignment } from '../bootstrap.ts';

export interface Step {
  name: string;
  status: 'ok' | 'skipped' | 'absent' | 'warning';
  detail: string;
}

/** Step 1: a participant on a team whose repository is assigned; else whom to ask. */
export function assignment(r: BootstrapRecord): RepositoryAssignment {
  if (r.role !== 'participant') {
    throw new CliError(`you are ${ROLE_NAMES[r.role]} of ${r.event.name}: there is no team app to set up`, EXIT.access, 'not_a_participant');
  }
  if (!r.team) throw new CliError('you are on no team yet: ask an organizer to put you on a team in the roster', EXIT.access, 'not_assigned');
  if (!r.repository) {
    throw new CliError(`no repository is assigned to ${r.team.name} yet: ask an organizer to provision the team repositories (hackathon admin provision)`, EXIT.access, 'not_assigned');
  }
  return r.repository;
}

/** Step 2: the standing must allow a push; `unknown` (the host could not be asked) goes on. */
export function accessGate(repo: RepositoryAssignment, codeHost: BootstrapRecord['codeHost']): Step {
  const username = hostUsername(codeHost);
  const a = repo.access;
  if (a.standing === 'unknown') return { name: 'access', status: 'warning', detail: `standing on ${repo.fullName} unknown (the code host could not be asked); going on` };
  if (a.standing === 'member' && a.canPush) return { name: 'access', status: 'ok', detail: `member of ${repo.fullName}, can push` };
  const fallback = {
    no_username: `Tell the platform your ${username}: hackathon setup --github <login>.`,
    none: `You are not invited to ${repo.fullName}; ask an organizer to run provisioning again.`,
    invited: `Accept the invitation to ${repo.fullName}${a.invitationUrl ? `: ${a.invitationUrl}` : ''}.`,
    member: `You can read ${repo.fullName} but not push; ask an organizer for push access.`,
  }[a.standing];
  const why = { no_username: `no ${username} is saved`, none: 'you are not invited', invited: 'your invitation is not accepted yet', member: 'you cannot push' }[a.standing];
  throw new CliError(`cannot set up ${repo.fullName}: ${why}. ${a.fix ?? fallback}`, EXIT.access, 'repository_access');
}


/**
 * An invitation waiting on this instance's own code host (its invitation page is on the
 * instance, not GitHub): setup and connect may accept it for the person (the same call as
 * the page's button). A GitHub invitation is accepted on GitHub only.
 */
export function acceptableHere(repo: RepositoryAssignment | null, instanceUrl: string): boolean {
  if (!repo || repo.access.standing !== 'invited' || !repo.access.invitationUrl) return false;
  try {
    return new URL(repo.access.invitationUrl).origin === new URL(instanceUrl).origin;
  } catch {
    return false;
  }
}
