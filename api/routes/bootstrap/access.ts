// repository.access of the bootstrap record: the caller's standing on the team repository,
// read live from the code host driver, with the one-sentence fix for what is missing.
import type { CodeHost } from '../../../core/codehost/index.ts';
import { hostUsername } from '../../../core/wire/bootstrap.ts';

export type AccessStanding = 'no_username' | 'none' | 'invited' | 'member' | 'unknown';

export interface RepositoryAccess {
  standing: AccessStanding;
  canPush: boolean;
  invitationUrl: string | null;
  fix: string | null;
}

/**
 * Provisioning invites participants at maintain, but a grant can be lowered by hand on the
 * code host, so a member's push permission is asked too rather than assumed. `invitationUrl`
 * is where the invitation is accepted (GitHub's page; on the local code host the page
 * `/codehost/invitations/<owner>/<repo>`, whose button calls what
 * `POST /api/v1/codehost/invitations/accept` calls).
 */
export async function readAccess(host: CodeHost, fullName: string, login: string | null, invitationUrl: string, owned: () => Promise<boolean>, queued = false): Promise<RepositoryAccess> {
  if (!login) {
    return { standing: 'no_username', canPush: false, invitationUrl: null, fix: `Tell the platform your ${hostUsername(host.kind)}: hackathon connect --github <login>.` };
  }
  let standing: 'none' | 'invited' | 'member';
  let canPush = false;
  try {
    // Nothing is read from a repository that is not this event's (core/codehost/ownership.ts).
    if (!(await owned())) {
      return { standing: 'none', canPush: false, invitationUrl: null, fix: `${fullName} is not a repository of this event on the code host; ask an organizer to run hackathon event github-check.` };
    }
    standing = await host.standing(fullName, login);
    if (standing === 'member') canPush = await host.canPush(fullName, login);
  } catch {
    return { standing: 'unknown', canPush: false, invitationUrl: null, fix: 'The code host could not be asked right now; try again in a minute.' };
  }
  if (standing === 'member' && canPush) return { standing, canPush, invitationUrl: null, fix: null };
  if (standing === 'member') return { standing, canPush, invitationUrl: null, fix: `${login} can read ${fullName} but not push; ask an organizer to grant push access (run provisioning again).` };
  if (standing === 'invited') return { standing, canPush: false, invitationUrl, fix: `Accept the invitation to ${fullName} as ${login}: ${invitationUrl}` };
  // The username was just named and provisioning queued again for it: nobody to ask.
  if (queued) return { standing, canPush: false, invitationUrl: null, fix: `Your invitation to ${fullName} as ${login} is on its way: run hackathon connect again in a minute.` };
  return { standing, canPush: false, invitationUrl: null, fix: `${login} is not invited to ${fullName}; check the username, or ask an organizer to run provisioning again.` };
}
