// Mail bodies. Plain text, short, and never carrying more secret than the mail exists for.
import type { Mail } from './index.ts';

const WHAT = { deck: 'sign in deckcli', hackathon: 'sign in the hackathon CLI', 'deck+hackathon': 'sign in both hackathon and deckcli', browser: 'sign in' } as const;

export type LoginCodeTool = keyof typeof WHAT;
export const isLoginCodeTool = (v: unknown): v is LoginCodeTool => typeof v === 'string' && Object.hasOwn(WHAT, v);

export function loginCodeMail(to: string, tool: LoginCodeTool, code: string, instanceUrl: string): Mail {
  return {
    to,
    subject: `Your Podium sign-in code`,
    text:
      `Your code to ${WHAT[tool]} on ${instanceUrl} is:\n\n    ${code}\n\n` +
      `It works for 10 minutes and 3 attempts. If you did not ask for it, ignore this mail: nothing happens without the code.\n`,
  };
}

/** The hub's sign-in code: one login for every tool of the family, on every instance behind it. */
export function hubLoginCodeMail(to: string, code: string, hubUrl: string): Mail {
  return {
    to,
    subject: `Your Podium hub sign-in code`,
    text:
      `Your code to sign in to the Podium hub ${hubUrl} (deckcli and hackathon on its instances) is:\n\n    ${code}\n\n` +
      `It works for 10 minutes and 3 attempts. If you did not ask for it, ignore this mail: nothing happens without the code.\n`,
  };
}

/** Form activity on a deck: says that something happened and where to look, never the answers. */
export function deckResponseMail(to: string, kind: 'new' | 'edit', deck: { id: string; title: string }, instanceUrl: string): Mail {
  const page = `${instanceUrl}/decks/${deck.id}/present`;
  const mute = `deckcli notify ${deck.id} --off`;
  return kind === 'new'
    ? {
        to,
        subject: `New form response on "${deck.title}"`,
        text: `Someone submitted a form on your deck "${deck.title}".\n\nRead the responses on the deck page: ${page}\n` +
          `or with: deckcli responses ${deck.id}\n\nYou get at most one of these mails per deck every ten minutes. Silence them with: ${mute}\n`,
      }
    : {
        to,
        subject: `A form response was edited on "${deck.title}"`,
        text: `Someone edited a form response on your deck "${deck.title}"; every revision is kept.\n\nSee it on the deck page: ${page}\n` +
          `or with: deckcli responses ${deck.id}\n\nYou get at most one of these mails per deck every ten minutes. Silence them with: ${mute}\n`,
      };
}

/** A share link mailed by `deckcli share-email`: the link is the recipient's key to the deck. */
export function shareLinkMail(to: string, sender: string, title: string, url: string, message: string | null): Mail {
  return {
    to,
    subject: `${sender} shared "${title}" with you`,
    text:
      `${sender} shared the deck "${title}" with you:\n\n    ${url}\n\n` +
      (message ? `${message}\n\n` : '') +
      'Anyone who has this link can open the deck, so keep it to yourself.\n',
  };
}

/** What an invitation mail says (from app_private.invitation_issue). */
export interface InvitationInfo {
  to: string;
  kind: 'workspace' | 'collaborator';
  role: string | null;
  workspace: string;
  inviter: string | null;
  deckTitle: string | null;
  expiresAt: string;
  /** The workspace's event, when the address is on its roster (a roster import's invitation). */
  event?: { name: string; role: string; team: string | null } | null;
}

const ROSTER_ROLE: Record<string, string> = { participant: 'a participant', organizer: 'an organizer', jury: 'a juror', advisor: 'an advisor' };

/** A workspace invitation or a collaborator claim: the one-time link is the only secret. */
export function invitationMail(i: InvitationInfo, url: string, instanceUrl: string): Mail {
  const who = i.inviter ?? `An administrator of ${instanceUrl}`;
  const what = i.kind === 'collaborator'
    ? { subject: `${who} invited you to the deck "${i.deckTitle ?? 'a deck'}"`, line: `${who} invited you to read the deck "${i.deckTitle ?? ''}" on Podium (${instanceUrl}).` }
    : i.event
      ? { subject: `${who} invited you to ${i.event.name} on Podium`,
          line: `${who} invited you to the event ${i.event.name} on Podium (${instanceUrl}) as ${ROSTER_ROLE[i.event.role] ?? i.event.role}${i.event.team ? ` of the team ${i.event.team}` : ''} (workspace ${i.workspace}).` }
      : { subject: `${who} invited you to ${i.workspace} on Podium`, line: `${who} invited you to the workspace ${i.workspace} on Podium (${instanceUrl}) as ${i.role === 'admin' || i.role === 'owner' ? 'an' : 'a'} ${i.role}.` };
  return {
    to: i.to,
    subject: what.subject,
    text:
      `${what.line}\n\nAccept the invitation here:\n\n    ${url}\n\n` +
      `The link works once, for ${i.to}, until ${i.expiresAt}. Accepting creates your account (with a password, or emailed sign-in codes) ` +
      `or adds this to the account you already have.\n\nIf you did not expect this mail, ignore it: nothing happens without the link.\n`,
  };
}
