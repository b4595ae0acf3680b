// Answer shape of participant onboarding (`GET /bootstrap`, `PUT /bootstrap/github`;
// docs/WIRE.md, "Participant onboarding"), as connect, setup and doctor read it. A neutral
// module: types only, no imports, so the server and the clients may both use it (the
// clients never import api/ or sql/).

/** The caller's standing on the team repository, read live from the code host. */
export interface Access {
  standing: 'no_username' | 'none' | 'invited' | 'member' | 'unknown';
  canPush: boolean;
  invitationUrl: string | null;
  /** One sentence; null for a member who can push. */
  fix: string | null;
}

export interface RepositoryAssignment {
  fullName: string;
  /** https, no credential. */
  cloneUrl: string;
  branch: string;
  readiness: string;
  access: Access;
}

export interface Installer {
  name: string;
  version: string;
  sha256: string;
  url: string;
}

/**
 * What the username `connect --github` saves is called on this code host: on the instance's
 * own host it is no GitHub account (a plain function, no import: server and clients share it).
 */
export function hostUsername(codeHost: 'local' | 'github', startsSentence = false): string {
  if (codeHost === 'github') return 'GitHub username';
  return startsSentence ? 'Code-host username' : 'code-host username';
}

/** The bootstrap record: `team`, `repository` and `setup.directoryName` are null without a team. */
export interface BootstrapRecord {
  person: { id: string; email: string; name: string | null };
  role: 'participant' | 'organizer' | 'jury' | 'advisor';
  team: { id: string; name: string } | null;
  githubLogin: string | null;
  /** Which code host the team repositories live on: the name people are told to give (`hostUsername`). */
  codeHost: 'local' | 'github';
  event: { id: string; name: string; phase: string };
  /** Null until the team's repository exists. */
  repository: RepositoryAssignment | null;
  installer: Installer;
  dashboardUrl: string;
  setup: { directoryName: string | null };
  /**
   * Only in the answer of `PUT /bootstrap/github`: the new username's invitation to the team's
   * existing repository is on its way (provisioning queued again).
   */
  invitationQueued?: boolean;
}
